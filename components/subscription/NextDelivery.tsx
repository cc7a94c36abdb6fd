import Link from 'next/link'
import { forwardRef } from 'react'
import type { AccountView, SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { formatDate, formatDeliveryDay } from '@/lib/format/date'
import { bagsLine } from '@/lib/format/plan'
import { ROUTES } from '@/lib/routes'
import { lastPausedDay } from '@/lib/subscription/schedule'
import { GRIND_LABELS, ROAST_LABELS } from '@/lib/subscription/preferences'
import { countryName } from '@/components/delivery/AddressFields'
import cardStyles from '@/components/account/Account.module.css'
import styles from './Subscription.module.css'

export interface NextDeliveryProps {
  account: AccountView
  subscription: SubscriptionFields
  plan?: SubscriptionPlan
  locale?: string
}

/**
 * The top of the customer's page: what comes next, when, and where to; a pause says until when
 * and when deliveries come again, in two separate lines. Takes focus after a pause, resume or cancel.
 */
export const NextDelivery = forwardRef<HTMLHeadingElement, NextDeliveryProps>(function NextDelivery({ account, subscription, plan, locale }, ref) {
  const { status } = subscription
  const planName = plan?.name ?? subscription.plan ?? ''
  const address = account.delivery
  const preferences = account.preferences
  return (
    <section className={`card ${cardStyles.card} ${styles.next}`} aria-labelledby="next-delivery-title">
      <h2 id="next-delivery-title" ref={ref} tabIndex={-1}>
        {status === 'none' ? 'No subscription yet' : status === 'cancelled' ? 'Your subscription is cancelled' : 'Your next delivery'}
      </h2>
      {status === 'none' ? (
        <p className={styles.lead}>
          Pick a plan and we’ll roast and send your first bag within two days.{' '}
          <Link href={ROUTES.plans} className="btn btn-primary">Choose a plan</Link>
        </p>
      ) : null}
      {status === 'cancelled' ? (
        <>
          {subscription.cancelledAt ? (
            <p>Cancelled on <time dateTime={subscription.cancelledAt}>{formatDate(subscription.cancelledAt, locale)}</time>. Nothing more will be sent.</p>
          ) : null}
          <div className={styles.buttons}>
            {subscription.plan ? (
              <Link href={{ pathname: ROUTES.plans, query: { plan: subscription.plan } }} className="btn btn-primary">{`Start ${planName} again`}</Link>
            ) : null}
            <Link href={ROUTES.plans} className="btn btn-secondary">See all plans</Link>
          </div>
        </>
      ) : null}
      {status === 'active' || status === 'paused' ? (
        <>
          {status === 'paused' && subscription.pausedUntil ? (
            <p className={styles.pausedLine} data-testid="paused-line">
              <span className={`${styles.status} ${styles['status-paused']}`}>Paused</span>{' '}
              until <time dateTime={lastPausedDay(subscription.pausedUntil)}>{formatDeliveryDay(lastPausedDay(subscription.pausedUntil), locale)}</time>
            </p>
          ) : null}
          <p className={styles.when}>
            {subscription.nextDeliveryAt ? (
              <>
                <span className={styles.whenLabel}>{status === 'paused' ? 'Next delivery after the pause' : 'Arrives'}</span>{' '}
                <time dateTime={subscription.nextDeliveryAt} data-testid="next-delivery">{formatDeliveryDay(subscription.nextDeliveryAt, locale)}</time>
              </>
            ) : 'No delivery scheduled'}
          </p>
          <dl className={cardStyles.fields}>
            <div className={cardStyles.row}>
              <dt>What</dt>
              <dd>
                <strong>{planName}</strong>
                {plan ? ` · ${bagsLine(plan)}` : ''}
                {preferences ? ` · ${GRIND_LABELS[preferences.grind]}, ${ROAST_LABELS[preferences.roast].toLowerCase()}` : ''}
              </dd>
            </div>
            <div className={cardStyles.row}>
              <dt>To</dt>
              <dd>
                {address
                  ? [address.name, address.line1, address.line2, `${address.postalCode} ${address.city}`, countryName(address.country)].filter(Boolean).join(', ')
                  : 'No delivery address yet: add one below.'}
              </dd>
            </div>
          </dl>
        </>
      ) : null}
    </section>
  )
})
