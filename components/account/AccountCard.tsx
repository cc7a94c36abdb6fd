import type { AccountView } from '@/lib/contract'
import { formatDate, formatDateTime } from '@/lib/format/date'
import { useLocale, useT } from '@/contexts/I18nContext'
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
  const t = useT()
  const locale = useLocale()
  return (
    <section className={`card ${styles.card}`} aria-labelledby="account-card-title">
      <header className={styles.cardHeader}>
        <h2 id="account-card-title">{t('account.signIn.title')}</h2>
      </header>
      <dl className={styles.fields}>
        <Field label={t('account.signIn.memberSince')}>
          {account.memberSince ? (
            <time dateTime={account.memberSince}>{formatDate(account.memberSince, undefined, locale)}</time>
          ) : (
            <ValueView value={null} />
          )}
        </Field>
        <Field label={t('account.signIn.lastSignIn')}>
          {account.lastSignInAt ? (
            <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt, undefined, locale)}</time>
          ) : (
            <ValueView value={null} />
          )}
        </Field>
      </dl>
    </section>
  )
}
