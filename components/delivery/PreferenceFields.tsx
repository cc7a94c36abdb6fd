import { useId } from 'react'
import type { CoffeePreferences } from '@/lib/contract'
import { GRIND_LABELS, ROAST_LABELS, type PreferenceOptions } from '@retter-shared/BeanBloomSubscription/preferences'
import styles from '@/components/ui/Fields.module.css'

export interface PreferenceFieldsProps {
  value: CoffeePreferences
  /** What the plan lets the customer choose. */
  options: PreferenceOptions
  onChange(next: CoffeePreferences): void
  disabled?: boolean
}

/** Each preference: its label, the words for each choice, and the plan's list of choices. */
const CHOICES: {
  [Name in keyof CoffeePreferences]: {
    label: string
    words: Record<CoffeePreferences[Name], string>
    of(options: PreferenceOptions): ReadonlyArray<CoffeePreferences[Name]>
  }
} = {
  grind: { label: 'Grind', words: GRIND_LABELS, of: (options) => options.grinds },
  roast: { label: 'Roast', words: ROAST_LABELS, of: (options) => options.roasts },
}

/** Grind and roast, each a select of exactly what the plan offers. */
export function PreferenceFields({ value, options, onChange, disabled }: PreferenceFieldsProps) {
  const id = useId()
  const field = <Name extends keyof CoffeePreferences>(name: Name) => {
    const { label, words, of } = CHOICES[name]
    return (
      <div className={styles.field}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <select id={`${id}-${name}`} name={name} value={value[name]} onChange={(event) => onChange({ ...value, [name]: event.target.value as CoffeePreferences[Name] })}>
          {of(options).map((choice) => <option key={choice} value={choice}>{words[choice]}</option>)}
        </select>
      </div>
    )
  }
  return (
    <fieldset className={styles.preferences} disabled={disabled}>
      <legend>Your coffee</legend>
      <div className={styles.pair}>
        {field('grind')}
        {field('roast')}
      </div>
    </fieldset>
  )
}
