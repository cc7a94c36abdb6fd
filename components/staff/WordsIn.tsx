import { useT } from '@/contexts/I18nContext'
import type { MessageKey } from '@/lib/i18n/types'
import { languageName } from './field-label'
import styles from '@/components/roastery/Roastery.module.css'

/** One field of an item's words in a language: a line, or a box of `rows` lines. */
export interface WordsField<K extends string> {
  key: K
  label: MessageKey
  rows?: number
}

/**
 * "Words in German": a catalogue item's fields in one language (a plan's, an extra's), folded
 * away until opened; each input carries `lang` so spell-checkers and screen readers use it.
 */
export function WordsIn<K extends string>({ idPrefix, locale, fields, words, onChange }: {
  idPrefix: string; locale: string; fields: ReadonlyArray<WordsField<K>>; words: { [key in K]: string }; onChange: (key: K, value: string) => void
}) {
  const t = useT()
  return (
    <details>
      <summary>{t('staff.catalogue.wordsIn', { language: languageName(t, locale) })}</summary>
      {fields.map((field) => {
        const id = `${idPrefix}-${locale}-${field.key}`
        return (
          <div key={field.key} className={styles.field}>
            <label htmlFor={id}>{t(field.label)}</label>
            {field.rows
              ? <textarea id={id} lang={locale} value={words[field.key]} onChange={(e) => onChange(field.key, e.target.value)} rows={field.rows} />
              : <input id={id} lang={locale} value={words[field.key]} onChange={(e) => onChange(field.key, e.target.value)} />}
          </div>
        )
      })}
    </details>
  )
}
