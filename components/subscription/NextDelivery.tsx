import { useLocale, useT } from '@/contexts/I18nContext'
import { aroundSlot } from '@/lib/i18n/slot'
import { AppLink } from '@/components/ui/AppLink'
import { forwardRef, type ReactNode } from 'react'
import type { AccountView, SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { ROUTES } from '@/lib/routes'
import { nextDeliverySummary, type NextDeliverySummary } from '@/lib/subscription/summary-text'
import cardStyles from '@/components/ui/Card.module.css'
import styles from './Subscription.module.css'

export interface NextDeliveryProps {
  account: AccountView
  subscription: SubscriptionFields
  plan?: SubscriptionPlan
}

/** The parts of the summary that show or not, each named as the summary's words are (see SummaryFill). */
export type SummaryPart = 'next-heading' | 'next-none' | 'next-cancelled' | 'next-cancelled-on' | 'next-restart'
  | 'next-paused-until' | 'next-live' | 'next-when' | 'next-unscheduled'

/** The summary's words. */
export type SummaryText = 'next-heading' | 'next-cancelled-on' | 'next-restart' | 'next-paused-until' | 'next-when-label'
  | 'next-when' | 'next-what-plan' | 'next-what-rest' | 'next-to'

/** How the summary's markup is filled: which parts it renders, with which attributes, and its words. */
export interface SummaryFill {
  /** `element` with its attributes, or nothing; `has` says whether the data has the part. */
  part(name: SummaryPart, has: boolean, element: (attributes: object) => ReactNode): ReactNode
  /** The words of `name`; `value` is the data's. */
  text(value: string | undefined, name: SummaryText): ReactNode
}

/** The customer's data: the parts it has, its words. */
const FROM_DATA: SummaryFill = {
  part: (_name, has, element) => (has ? element({}) : null),
  text: (value) => value,
}

export interface SummaryLayoutProps {
  /** The data's summary, or null when the words come from elsewhere (`fill`). */
  summary: NextDeliverySummary | null
  fill?: SummaryFill
}

/**
 * The summary's markup, every part named (SummaryPart, SummaryText), so that another view of the
 * same summary (the first paint of `/account`) lays its words out in exactly these boxes.
 */
export const SummaryLayout = forwardRef<HTMLHeadingElement, SummaryLayoutProps>(function SummaryLayout({ summary, fill = FROM_DATA }, ref) {
  const { part, text } = fill
  const t = useT()
  const cancelledOn = aroundSlot(t, 'subscription.next.cancelledOn', 'day')
  const until = aroundSlot(t, 'subscription.next.pausedUntil', 'day')
  const none = summary?.kind === 'none'
  const cancelled = summary?.kind === 'cancelled' ? summary : null
  const live = summary?.kind === 'live' ? summary : null
  return part('next-heading', true, (sectionAttributes) => (
    <section className={`card ${cardStyles.card} ${styles.next}`} aria-labelledby="next-delivery-title" {...sectionAttributes}>
      <h2 id="next-delivery-title" ref={ref} tabIndex={-1}>
        {text(summary?.heading, 'next-heading')}
      </h2>
      {part('next-none', none, (attributes) => (
        <p className={styles.lead} {...attributes}>
          {t('subscription.next.none')}{' '}
          <AppLink href={ROUTES.plans} className="btn btn-primary">{t('subscription.next.choose')}</AppLink>
        </p>
      ))}
      {part('next-cancelled-on', Boolean(cancelled?.cancelledOn), (attributes) => (
        <p {...attributes}>
          {cancelledOn.before}<time dateTime={cancelled?.cancelledOn?.iso}>{text(cancelled?.cancelledOn?.text, 'next-cancelled-on')}</time>{cancelledOn.after}
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
          <AppLink href={ROUTES.plans} className="btn btn-secondary">{t('subscription.next.allPlans')}</AppLink>
        </div>
      ))}
      {part('next-paused-until', Boolean(live?.pausedUntil), (attributes) => (
        <p className={styles.pausedLine} data-testid="paused-line" {...attributes}>
          <span className={`${styles.status} ${styles['status-paused']}`}>{t('subscription.next.pausedBadge')}</span>{' '}
          {until.before}<time dateTime={live?.pausedUntil?.iso}>{text(live?.pausedUntil?.text, 'next-paused-until')}</time>{until.after}
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
            <span {...unscheduledAttributes}>{t('subscription.next.unscheduled')}</span>
          ))}
        </p>
      ))}
      {part('next-live', Boolean(live), (attributes) => (
        <dl className={cardStyles.fields} {...attributes}>
          <div className={cardStyles.row}>
            <dt>{t('subscription.next.what')}</dt>
            <dd>
              <strong>{text(live?.whatPlan, 'next-what-plan')}</strong>
              {text(live?.whatRest, 'next-what-rest')}
            </dd>
          </div>
          <div className={cardStyles.row}>
            <dt>{t('subscription.next.to')}</dt>
            <dd>{text(live?.to, 'next-to')}</dd>
          </div>
        </dl>
      ))}
    </section>
  ))
})

/**
 * The top of the customer's page: what comes next, when, and where to; a pause says until when
 * and when deliveries come again, in two separate lines. Takes focus after a pause, resume or cancel.
 */
export const NextDelivery = forwardRef<HTMLHeadingElement, NextDeliveryProps>(function NextDelivery({ account, subscription, plan }, ref) {
  const t = useT()
  const locale = useLocale()
  return <SummaryLayout ref={ref} summary={nextDeliverySummary(account, subscription, plan, t, locale)} />
})

