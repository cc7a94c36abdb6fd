import type { ReactNode } from 'react'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { OPERATOR_SETTINGS, type Operator } from '@/lib/legal/operator'
import { useLocale, useT } from '@/contexts/I18nContext'
import { localePath } from '@/lib/i18n/paths'
import { rich } from './RichText'
import styles from './LegalPage.module.css'

/**
 * The frame of a legal page: its title, a notice while the operator's details are placeholders, the
 * text. In every language but English it says first that the translation is a convenience and the
 * English text (linked, `englishPath`) is the binding one.
 */
export function LegalPage({ title, operator, englishPath, children }: { title: string; operator: Operator; englishPath: string; children: ReactNode }) {
  const t = useT()
  const locale = useLocale()
  return (
    <article className={styles.page}>
      <PageTitle page={title} />
      <h1>{title}</h1>
      {locale !== 'en' ? (
        <p role="note" className={styles.placeholder} data-testid="legal-translation-note">
          {rich(t, 'legal.translationNote', { link: <a href={localePath('en', englishPath)} hrefLang="en">{t('legal.translationNote.link')}</a> })}
        </p>
      ) : null}
      {operator.missing.length > 0 && operator.placeholders ? (
        <p role="note" className={styles.placeholder}>
          {t('legal.placeholder', { variables: operator.missing.map((field) => OPERATOR_SETTINGS[field].variable).join(', ') })}
        </p>
      ) : null}
      {children}
    </article>
  )
}

/** The operator's e-mail as a link when it is an address, else as its text. */
export function OperatorEmail({ email }: { email: string }) {
  return email.includes('@') ? <a href={`mailto:${email}`}>{email}</a> : <>{email}</>
}

/**
 * The operator's name, address and contact, as every legal page names them; a detail that is not
 * configured is left out (in a production build: see operator.ts), and when none is, the page says so.
 */
export function OperatorAddress({ operator }: { operator: Operator }) {
  const t = useT()
  const lines: ReactNode[] = [operator.name, ...operator.address]
  if (operator.email) lines.push(rich(t, 'legal.address.email', { email: <OperatorEmail email={operator.email} /> }))
  if (operator.phone) lines.push(t('legal.address.phone', { phone: operator.phone }))
  const shown = lines.filter((line) => line !== '')
  if (shown.length === 0) return <p>{t('legal.address.none')}</p>
  return (
    <address className={styles.address}>
      {shown.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </address>
  )
}
