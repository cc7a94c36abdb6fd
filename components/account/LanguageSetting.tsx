import { useId, useState } from 'react'
import { useT } from '@/contexts/I18nContext'
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@/lib/account/language'
import styles from '@/components/ui/Card.module.css'

export interface LanguageSettingProps {
  /** The language stored on the Account (`AccountView.locale`); absent means English, as the Account reads it. */
  current?: Locale
  /** Stores the choice (CustomerObjects.setLocale); rejects when it could not be saved. */
  onSave(locale: Locale): Promise<void>
}

/**
 * "Language for e-mails and receipts" on /account: the six languages by their own names and Save.
 * The choice decides the customer's e-mails, receipts and credit notes from then on, whichever
 * device or page language a later change comes from (the Account stores it).
 */
export function LanguageSetting({ current, onSave }: LanguageSettingProps) {
  const t = useT()
  const [chosen, setChosen] = useState<Locale>(current ?? 'en')
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'failed' } | { kind: 'saved'; locale: Locale }>({ kind: 'idle' })
  const selectId = useId()
  const saving = state.kind === 'saving'

  async function save() {
    setState({ kind: 'saving' })
    try {
      await onSave(chosen)
      setState({ kind: 'saved', locale: chosen })
    } catch {
      setState({ kind: 'failed' })
    }
  }

  return (
    <section className={`card ${styles.card}`} aria-labelledby={`${selectId}-title`}>
      <header className={styles.cardHeader}>
        <h2 id={`${selectId}-title`}>{t('accountLanguage.title')}</h2>
      </header>
      <p>{t('accountLanguage.lead')}</p>
      <form noValidate onSubmit={(event) => { event.preventDefault(); void save() }}>
        <label htmlFor={selectId}>{t('accountLanguage.label')}</label>{' '}
        <select id={selectId} value={chosen} disabled={saving} onChange={(event) => setChosen(event.target.value as Locale)}>
          {LOCALES.map((locale) => <option key={locale} value={locale} lang={locale}>{LANGUAGE_NAMES[locale]}</option>)}
        </select>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? t('accountLanguage.saving') : t('accountLanguage.save')}
          </button>
        </div>
      </form>
      <p role="status">
        {state.kind === 'saved' ? t('accountLanguage.saved', { language: LANGUAGE_NAMES[state.locale] }) : null}
      </p>
      {state.kind === 'failed' ? <p role="alert">{t('accountLanguage.failed')}</p> : null}
    </section>
  )
}
