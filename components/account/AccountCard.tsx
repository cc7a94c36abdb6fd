import type { AccountView } from '@/lib/contract'
import { formatDate, formatDateTime } from '@/lib/format/date'
import { Field, ValueView } from './ValueView'
import styles from '@/components/ui/Card.module.css'

export interface AccountCardProps {
  account: AccountView
  locale?: string
}

/**
 * The customer's sign-in details: when they joined and last signed in, and nothing else. The state
 * carries internal fields (payment ids, cents, receipts, and whatever it gains later); a customer
 * page names only what was designed for a customer, so none of them is listed here.
 */
export function AccountCard({ account }: AccountCardProps) {
  return (
    <section className={`card ${styles.card}`} aria-labelledby="account-card-title">
      <header className={styles.cardHeader}>
        <h2 id="account-card-title">Sign-in</h2>
      </header>
      <dl className={styles.fields}>
        <Field label="Member since">
          {account.memberSince ? (
            <time dateTime={account.memberSince}>{formatDate(account.memberSince)}</time>
          ) : (
            <ValueView value={null} />
          )}
        </Field>
        <Field label="Last sign-in">
          {account.lastSignInAt ? (
            <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt)}</time>
          ) : (
            <ValueView value={null} />
          )}
        </Field>
      </dl>
    </section>
  )
}
