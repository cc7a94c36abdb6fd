import type { AccountView } from '@/core/contract'
import { formatDate, formatDateTime } from '@/core/format/date'
import { Field, FieldList, ValueView } from './ValueView'
import styles from '@/core/ui/Card.module.css'

/**
 * Fields shown elsewhere or in the card's own words: the e-mail heads the page, the subscription
 * has its own card. Anything else the backend adds is listed after them.
 */
const KNOWN = new Set([
  'email', 'memberSince', 'lastSignInAt', 'delivery', 'preferences', 'deliveries',
  'plan', 'status', 'startedAt', 'planChangedAt', 'pausedFrom', 'pausedUntil', 'cancelledAt', 'nextDeliveryAt',
  'segments', 'skipped', 'upcomingDeliveries', 'history', 'deliveryVersion',
])

export interface AccountCardProps {
  account: AccountView
  locale?: string
}

/** The customer's sign-in details: their dates, and every further field the backend adds. */
export function AccountCard({ account, locale }: AccountCardProps) {
  const extra = Object.fromEntries(Object.entries(account).filter(([key]) => !KNOWN.has(key)))
  return (
    <section className={`card ${styles.card}`} aria-labelledby="account-card-title">
      <header className={styles.cardHeader}>
        <h2 id="account-card-title">Sign-in</h2>
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
