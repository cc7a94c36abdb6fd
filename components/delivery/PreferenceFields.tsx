import { useId } from 'react'
import type { CoffeePreferences } from '@/lib/contract'
import type { PreferenceOptions } from '@retter-shared/BeanBloomSubscription/preferences'
import { useT } from '@/contexts/I18nContext'
import { grindLabel, roastLabel } from '@/lib/delivery/preference-words'
import type { MessageKey, Translate } from '@/lib/i18n/types'
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
    label: MessageKey
    words(t: Translate, choice: CoffeePreferences[Name]): string
    of(options: PreferenceOptions): ReadonlyArray<CoffeePreferences[Name]>
  }
} = {
  grind: { label: 'delivery.coffee.grind', words: grindLabel, of: (options) => options.grinds },
  roast: { label: 'delivery.coffee.roast', words: roastLabel, of: (options) => options.roasts },
}

/** Grind and roast, each a select of exactly what the plan offers. */
export function PreferenceFields({ value, options, onChange, disabled }: PreferenceFieldsProps) {
  const id = useId()
  const t = useT()
  const field = <Name extends keyof CoffeePreferences>(name: Name) => {
    const { label, words, of } = CHOICES[name]
    return (
      <div className={styles.field}>
        <label htmlFor={`${id}-${name}`}>{t(label)}</label>
        <select id={`${id}-${name}`} name={name} value={value[name]} onChange={(event) => onChange({ ...value, [name]: event.target.value as CoffeePreferences[Name] })}>
          {of(options).map((choice) => <option key={choice} value={choice}>{words(t, choice)}</option>)}
        </select>
      </div>
    )
  }
  return (
    <fieldset className={styles.preferences} disabled={disabled}>
      <legend>{t('delivery.coffee.legend')}</legend>
      <div className={styles.pair}>
        {field('grind')}
        {field('roast')}
      </div>
    </fieldset>
  )
}
