import { AppLink } from '@/core/ui/AppLink'
import { forwardRef, type ReactNode } from 'react'
import type { AccountView, SubscriptionFields, SubscriptionPlan } from '@/core/contract'
import { needs, type FirstPaintKey, type FirstPaintText } from '@/core/first-paint/names'
import { ROUTES } from '@/core/routes'
import { nextDeliverySummary, type NextDeliverySummary } from '../rules/summary-text'
import { Slot } from '@/core/first-paint/Slot'
import cardStyles from '@/core/ui/Card.module.css'
import styles from './Subscription.module.css'

export interface NextDeliveryProps {
  account: AccountView
  subscription: SubscriptionFields
  plan?: SubscriptionPlan
  locale?: string
}

/**
 * The summary's markup, for the customer's data (`summary`) or, with `summary` null, for the first
 * paint: every part rendered, each marked with the key that shows it and its words in text slots,
 * so the stored view paints in exactly the boxes the data will fill.
 */
const Summary = forwardRef<HTMLHeadingElement, { summary: NextDeliverySummary | null }>(function Summary({ summary }, ref) {
  const stored = summary === null
  /** Renders `element` when the data has it; on the first paint always, shown by `key`. */
  const part = (key: FirstPaintKey, has: boolean, element: (attributes: object) => ReactNode): ReactNode => {
    if (stored) return element(needs(key))
    return has ? element({}) : null
  }
  const text = (value: string | undefined, key: FirstPaintText): ReactNode => (stored ? <Slot name={key} /> : value)
  const none = summary?.kind === 'none'
  const cancelled = summary?.kind === 'cancelled' ? summary : null
  const live = summary?.kind === 'live' ? summary : null
  return (
    <section className={`card ${cardStyles.card} ${styles.next}`} aria-labelledby="next-delivery-title" {...(stored ? needs('next-heading') : {})}>
      <h2 id="next-delivery-title" ref={ref} tabIndex={-1}>
        {text(summary?.heading, 'next-heading')}
      </h2>
      {part('next-none', none, (attributes) => (
        <p className={styles.lead} {...attributes}>
          Pick a plan and we’ll roast and send your first bag within two days.{' '}
          <AppLink href={ROUTES.plans} className="btn btn-primary">Choose a plan</AppLink>
        </p>
      ))}
      {part('next-cancelled-on', Boolean(cancelled?.cancelledOn), (attributes) => (
        <p {...attributes}>
          Cancelled on <time dateTime={cancelled?.cancelledOn?.iso}>{text(cancelled?.cancelledOn?.text, 'next-cancelled-on')}</time>. Nothing more will be sent.
        </p>
      ))}
      {part('next-cancelled', Boolean(cancelled), (attributes) => (
        <div className={styles.buttons} {...attributes}>
          {part('next-restart', Boolean(cancelled?.restart), (restartAttributes) => (
            <AppLink
              // Painted from the stored view before the data is there, it asks / to restart whatever plan was cancelled.
              href={cancelled?.restart ? `${ROUTES.plans}?${new URLSearchParams({ plan: cancelled.restart.planId })}` : `${ROUTES.plans}?restart=1`}
              className="btn btn-primary"
              {...restartAttributes}
            >
              {text(cancelled?.restart?.label, 'next-restart')}
            </AppLink>
          ))}
          <AppLink href={ROUTES.plans} className="btn btn-secondary">See all plans</AppLink>
        </div>
      ))}
      {part('next-paused-until', Boolean(live?.pausedUntil), (attributes) => (
        <p className={styles.pausedLine} data-testid="paused-line" {...attributes}>
          <span className={`${styles.status} ${styles['status-paused']}`}>Paused</span>{' '}
          until <time dateTime={live?.pausedUntil?.iso}>{text(live?.pausedUntil?.text, 'next-paused-until')}</time>
        </p>
      ))}
      {part('next-live', Boolean(live), (attributes) => (
        <p className={styles.when} {...attributes}>
          {part('next-when', Boolean(live?.next), (whenAttributes) => (
            <>
              <span className={styles.whenLabel} {...whenAttributes}>{text(live?.next?.label, 'next-when-label')}</span>{' '}
              <time dateTime={live?.next?.day.iso} data-testid="next-delivery" {...whenAttributes}>{text(live?.next?.day.text, 'next-when')}</time>
            </>
          ))}
          {part('next-unscheduled', Boolean(live && !live.next), (unscheduledAttributes) => (
            <span {...unscheduledAttributes}>No delivery scheduled</span>
          ))}
        </p>
      ))}
      {part('next-live', Boolean(live), (attributes) => (
        <dl className={cardStyles.fields} {...attributes}>
          <div className={cardStyles.row}>
            <dt>What</dt>
            <dd>
              <strong>{text(live?.whatPlan, 'next-what-plan')}</strong>
              {text(live?.whatRest, 'next-what-rest')}
            </dd>
          </div>
          <div className={cardStyles.row}>
            <dt>To</dt>
            <dd>{text(live?.to, 'next-to')}</dd>
          </div>
        </dl>
      ))}
    </section>
  )
})

/**
 * The top of the customer's page: what comes next, when, and where to; a pause says until when
 * and when deliveries come again, in two separate lines. Takes focus after a pause, resume or cancel.
 */
export const NextDelivery = forwardRef<HTMLHeadingElement, NextDeliveryProps>(function NextDelivery({ account, subscription, plan, locale }, ref) {
  return <Summary ref={ref} summary={nextDeliverySummary(account, subscription, plan, locale)} />
})

/**
 * The summary as the first paint of `/account` shows it from the customer's last view (until their
 * data arrives), in the same boxes; hidden when this browser keeps no view.
 */
export function FirstPaintNextDelivery() {
  return <Summary summary={null} />
}
