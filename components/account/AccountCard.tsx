import type { AccountView } from '@/lib/contract'
import { formatDate, formatDateTime } from '@/lib/format/date'
import { Field, FieldList, ValueView } from './ValueView'
import styles from './Account.module.css'

/**
 * Fields shown elsewhere or in the card's own words: the e-mail heads the page, the subscription
 * has its own card. Anything else the backend adds is listed after them.
 */
const KNOWN = new Set([
  'email', 'memberSince', 'lastSignInAt',
  'plan', 'status', 'startedAt', 'planChangedAt', 'pausedUntil', 'cancelledAt', 'nextDeliveryAt', 'history', 'deliveries',
])

export interface AccountCardProps {
  account: AccountView
  live: boolean
  locale?: string
}

/** The customer's Account object: their dates, and every further public field. */
export function AccountCard({ account, live, locale }: AccountCardProps) {
  const extra = Object.fromEntries(Object.entries(account).filter(([key]) => !KNOWN.has(key)))
  return (
    <section className={`card ${styles.card}`} aria-labelledby="account-card-title">
      <header className={styles.cardHeader}>
        <h2 id="account-card-title">Account</h2>
        {live ? <LiveBadge /> : null}
      </header>
      <dl className={styles.fields}>
        <Field label="Member since">
          {account.memberSince ? (
            <time dateTime={account.memberSince}>{formatDate(account.memberSince, locale)}</time>
          ) : (
            <ValueView value={null} />
          )}
        </Field>
        <Field label="Last sign-in">
          {account.lastSignInAt ? (
            <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt, locale)}</time>
          ) : (
            <ValueView value={null} />
          )}
        </Field>
      </dl>
      {Object.keys(extra).length > 0 ? <FieldList fields={extra} locale={locale} /> : null}
    </section>
  )
}

/** Marks a card whose values follow the backend as they change. */
export function LiveBadge() {
  return (
    <span className={styles.live}>
      <span className={styles.liveDot} aria-hidden="true" />
      Live
    </span>
  )
}
