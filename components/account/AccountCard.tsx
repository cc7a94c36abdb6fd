import Link from 'next/link'
import type { AccountView, SubscriptionPlan } from '@/lib/contract'
import { formatDate, formatDateTime } from '@/lib/format/date'
import { formatInterval, formatPrice } from '@/lib/format/price'
import { Field, FieldList, ValueView } from './ValueView'
import styles from './Account.module.css'
import { Wrappable } from '@/components/ui/Wrappable'
import { ROUTES } from '@/lib/routes'

/** Fields the card shows in its own words; anything else the backend adds is listed after them. */
const KNOWN = new Set(['email', 'plan', 'memberSince', 'lastSignInAt'])

export interface AccountCardProps {
  account: AccountView
  plans: SubscriptionPlan[]
  live: boolean
  locale?: string
}

function PlanValue({ planId, plans, locale }: { planId: string | null; plans: SubscriptionPlan[]; locale?: string }) {
  if (!planId) {
    return (
      <span>
        No plan yet. <Link href={ROUTES.plans}>Choose a plan</Link>
      </span>
    )
  }
  const plan = plans.find((candidate) => candidate.id === planId)
  if (!plan) return <span>{planId}</span>
  return (
    <span>
      <strong>{plan.name}</strong>{' '}
      <span className={styles.muted}>
        ({formatPrice(plan.amount, plan.currency, locale)} {formatInterval(plan.interval)})
      </span>
    </span>
  )
}

/** The customer's Account object: e-mail, plan, dates, and every further public field. */
export function AccountCard({ account, plans, live, locale }: AccountCardProps) {
  const extra = Object.fromEntries(Object.entries(account).filter(([key]) => !KNOWN.has(key)))
  return (
    <section className={`card ${styles.card}`} aria-labelledby="account-card-title">
      <header className={styles.cardHeader}>
        <h2 id="account-card-title">Account</h2>
        {live ? <LiveBadge /> : null}
      </header>
      <dl className={styles.fields}>
        <Field label="Email">
          <span className={styles.text}>
            <Wrappable text={account.email} />
          </span>
        </Field>
        <Field label="Plan">
          <PlanValue planId={account.plan} plans={plans} locale={locale} />
        </Field>
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
