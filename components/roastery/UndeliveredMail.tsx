import { useState } from 'react'
import { useMailDesk, type UndeliveredMail as Mail } from './useMailDesk'
import { formatDateTime } from '@/lib/format/date'
import { asAppError } from '@/lib/rio/errors/app-error'
import styles from './Roastery.module.css'
import own from './UndeliveredMail.module.css'

/**
 * The e-mails that failed every try (about a day of retries), live, for staff: to whom, what, when
 * and why, and "Send again" (the customer's account tries it afresh). Empty most days, and it says so.
 */
export function UndeliveredMail() {
  const { mails, live, error, resend } = useMailDesk()
  const [sending, setSending] = useState<string | null>(null)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)

  const sendAgain = async (mail: Mail) => {
    setSending(mail.key)
    setMessage(null)
    try {
      await resend(mail.key)
      setMessage({ ok: true, text: `“${mail.subject}” to ${mail.to} is being sent again.` })
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
          <h2 id="undelivered-title" className={styles.dayTitle}>E-mails that could not be sent</h2>
          <p className={styles.muted}>
            Each was tried for about a day. Sending one again starts a new round of tries.
            {live ? '' : ' Not live: reload the page to see the latest.'}
          </p>
        </div>
      </header>
      <div aria-live="polite" className={styles.message}>
        {message ? <p className={message.ok ? styles.done : styles.error}>{message.text}</p> : null}
      </div>
      {error ? <p className={styles.error} role="alert">The list could not be read: {error.message}</p> : null}
      {mails === null && !error ? <p role="status" className={styles.muted}>Reading the list…</p> : null}
      {mails !== null && mails.length === 0 ? <p className={styles.muted}>None: every e-mail went out.</p> : null}
      {mails !== null && mails.length > 0 ? (
        <ul className={own.list}>
          {mails.map((mail) => (
            <li key={mail.key}>
              <div>
                <strong>{mail.subject}</strong> to {mail.to}
                <br />
                <span className={styles.muted}>
                  Last tried <time dateTime={mail.failedAt}>{formatDateTime(mail.failedAt)}</time> ({mail.attempts} tries): {mail.error}
                </span>
              </div>
              <button type="button" className="btn btn-secondary" onClick={() => void sendAgain(mail)} disabled={sending !== null} aria-busy={sending === mail.key || undefined}>
                Send again<span className="visually-hidden"> “{mail.subject}” to {mail.to}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
