import { useId } from 'react'
import type { CoffeePreferences, Grind, Roast } from '@/lib/contract'
import { GRIND_LABELS, ROAST_LABELS, type PreferenceOptions } from '@/lib/subscription/preferences'
import styles from './Delivery.module.css'

export interface PreferenceFieldsProps {
  value: CoffeePreferences
  /** What the plan lets the customer choose. */
  options: PreferenceOptions
  onChange(next: CoffeePreferences): void
  disabled?: boolean
}

/** Grind and roast, each a select of exactly what the plan offers. */
export function PreferenceFields({ value, options, onChange, disabled }: PreferenceFieldsProps) {
  const id = useId()
  return (
    <fieldset className={styles.preferences} disabled={disabled}>
      <legend>Your coffee</legend>
      <div className={styles.pair}>
        <div className={styles.field}>
          <label htmlFor={`${id}-grind`}>Grind</label>
          <select id={`${id}-grind`} name="grind" value={value.grind} onChange={(event) => onChange({ ...value, grind: event.target.value as Grind })}>
            {options.grinds.map((grind) => <option key={grind} value={grind}>{GRIND_LABELS[grind]}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-roast`}>Roast</label>
          <select id={`${id}-roast`} name="roast" value={value.roast} onChange={(event) => onChange({ ...value, roast: event.target.value as Roast })}>
            {options.roasts.map((roast) => <option key={roast} value={roast}>{ROAST_LABELS[roast]}</option>)}
          </select>
        </div>
      </div>
    </fieldset>
  )
}
