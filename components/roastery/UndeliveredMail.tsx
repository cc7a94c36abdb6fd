import { useState } from 'react'
import { useMailDesk, type UndeliveredMail as Mail } from './useMailDesk'
import { formatDateTime } from '@/lib/format/date'
import { useLocale, useT } from '@/contexts/I18nContext'
import { asAppError } from '@/lib/rio/errors/app-error'
import styles from './Roastery.module.css'
import own from './UndeliveredMail.module.css'

/**
 * The e-mails that failed every try (about a day of retries), live, for staff: to whom, what, when
 * and why, and "Send again" (the customer's account tries it afresh). Empty most days, and it says so.
 */
export function UndeliveredMail() {
  const t = useT()
  const locale = useLocale()
  const { mails, live, error, resend } = useMailDesk()
  const [sending, setSending] = useState<string | null>(null)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)

  const sendAgain = async (mail: Mail) => {
    setSending(mail.key)
    setMessage(null)
    try {
      await resend(mail.key)
      setMessage({ ok: true, text: t('roastery.mail.resending', { subject: mail.subject, to: mail.to }) })
    } catch (caught) {
      setMessage({ ok: false, text: asAppError(caught).message })
    } finally {
      setSending(null)
    }
  }

  return (
    <section className={`card ${styles.day}`} aria-labelledby="undelivered-title">
      <header className={styles.dayHeader}>
        <div>
          <h2 id="undelivered-title" className={styles.dayTitle}>{t('roastery.mail.title')}</h2>
          <p className={styles.muted}>
            {t('roastery.mail.text')}
            {live ? '' : ` ${t('roastery.mail.notLive')}`}
          </p>
        </div>
      </header>
      <div aria-live="polite" className={styles.message}>
        {message ? <p className={message.ok ? styles.done : styles.error}>{message.text}</p> : null}
      </div>
      {error ? <p className={styles.error} role="alert">{t('roastery.mail.readFailed', { error: error.message })}</p> : null}
      {mails === null && !error ? <p role="status" className={styles.muted}>{t('roastery.mail.reading')}</p> : null}
      {mails !== null && mails.length === 0 ? <p className={styles.muted}>{t('roastery.mail.none')}</p> : null}
      {mails !== null && mails.length > 0 ? (
        <ul className={own.list}>
          {mails.map((mail) => (
            <li key={mail.key}>
              <div>
                <strong>{mail.subject}</strong> {t('roastery.mail.to', { to: mail.to })}
                <br />
                <span className={styles.muted}>
                  {t('roastery.mail.lastTried')} <time dateTime={mail.failedAt}>{formatDateTime(mail.failedAt, undefined, locale)}</time> {t('roastery.mail.attempts', { attempts: mail.attempts, error: mail.error })}
                </span>
              </div>
              <button type="button" className="btn btn-secondary" onClick={() => void sendAgain(mail)} disabled={sending !== null} aria-busy={sending === mail.key || undefined}>
                {t('roastery.mail.sendAgain')}<span className="visually-hidden"> {t('roastery.mail.sendAgainWhat', { subject: mail.subject, to: mail.to })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
