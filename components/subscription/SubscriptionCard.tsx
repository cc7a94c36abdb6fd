import Link from 'next/link'
import { useRef, useState } from 'react'
import { LiveBadge } from '@/components/account/AccountCard'
import type { AccountView, SubscriptionFields, SubscriptionPlan, SubscriptionStatus } from '@/lib/contract'
import { formatDate, formatDeliveryDay } from '@/lib/format/date'
import type { SubscriptionChangeRequest } from '@/lib/rio/account-api'
import { toAppError } from '@/lib/rio/errors'
import { ROUTES } from '@/lib/routes'
import { subscriptionOf } from '@/lib/subscription/view'
import type { AppError } from '@/lib/types'
import { CancelDialog } from './CancelDialog'
import { Row } from './Row'
import { planPriceText } from './PlanPrice'
// The card, its header and its term/value rows look like the account page's other cards.
import cardStyles from '@/components/account/Account.module.css'
import styles from './Subscription.module.css'

export interface SubscriptionCardProps {
  account: AccountView
  plans: SubscriptionPlan[]
  live: boolean
  /** Sends a change; rejects with an AppError. */
  onChange(change: SubscriptionChangeRequest): Promise<void>
  locale?: string
}

/** The pause lengths offered here (the class accepts 1 to 8 weeks). */
export const PAUSE_CHOICES = [1, 2, 4] as const

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  none: 'No plan yet',
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
}

/** What a change said when it worked, for the polite status line. */
function doneMessage(change: SubscriptionChangeRequest): string {
  switch (change.kind) {
    case 'pause': return `Paused for ${change.weeks} ${change.weeks === 1 ? 'week' : 'weeks'}.`
    case 'resume': return 'Deliveries are back on.'
    case 'skip': return 'Your next delivery is skipped.'
    case 'cancel': return 'Your subscription is cancelled.'
  }
}

/** The values whose change is highlighted when it arrives live. */
function signatureOf(subscription: SubscriptionFields): string {
  return [subscription.status, subscription.plan, subscription.nextDeliveryAt, subscription.pausedUntil].join('|')
}


/**
 * "Your subscription" on /account: status, plan and price, next delivery and pause, with change
 * plan, pause (1, 2 or 4 weeks), resume, skip the next delivery and cancel (behind a dialog). The
 * values follow the live state; one that changes is briefly highlighted. One change at a time; a
 * failure is one message in the card, and nothing is lost.
 */
export function SubscriptionCard({ account, plans, live, onChange, locale }: SubscriptionCardProps) {
  const subscription = subscriptionOf(account, plans)
  const plan = plans.find((candidate) => candidate.id === subscription.plan)
  const planName = plan?.name ?? subscription.plan ?? ''
  const [busy, setBusy] = useState<SubscriptionChangeRequest['kind'] | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [done, setDone] = useState('')
  const [cancelling, setCancelling] = useState(false)
  // A ref, not state: a double click must not send two changes before React re-renders.
  const inFlight = useRef(false)
  // Highlight only what changes after the card first showed, not the first render.
  const signature = signatureOf(subscription)
  const [firstSignature] = useState(signature)
  const changed = signature !== firstSignature

  async function send(change: SubscriptionChangeRequest): Promise<void> {
    if (inFlight.current) return
    inFlight.current = true
    setBusy(change.kind)
    setError(null)
    setDone('')
    try {
      await onChange(change)
      setDone(doneMessage(change))
    } finally {
      inFlight.current = false
      setBusy(null)
    }
  }

  function run(change: SubscriptionChangeRequest) {
    send(change).catch((caught: unknown) => setError(toAppError(caught)))
  }

  const { status } = subscription
  const disabled = busy !== null

  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="subscription-card-title">
      <header className={cardStyles.cardHeader}>
        <h2 id="subscription-card-title">Your subscription</h2>
        {live ? <LiveBadge /> : null}
      </header>
      <div key={signature} className={changed ? styles.changed : undefined} data-testid={changed ? 'live-change' : undefined}>
        <dl className={cardStyles.fields}>
          <Row label="Status">
            <span className={`${styles.status} ${styles[`status-${status}`] ?? ''}`}>{STATUS_LABELS[status]}</span>
          </Row>
          {status !== 'none' ? (
            <Row label="Plan">
              <strong>{planName}</strong>
              {plan ? <span className={styles.muted}> · {planPriceText(plan, locale)}</span> : null}
            </Row>
          ) : null}
          {status === 'paused' && subscription.pausedUntil ? (
            <Row label="Paused until">
              <time dateTime={subscription.pausedUntil}>{formatDeliveryDay(subscription.pausedUntil, locale)}</time>
            </Row>
          ) : null}
          {(status === 'active' || status === 'paused') && subscription.nextDeliveryAt ? (
            <Row label="Next delivery">
              <time dateTime={subscription.nextDeliveryAt}>{formatDeliveryDay(subscription.nextDeliveryAt, locale)}</time>
            </Row>
          ) : null}
          {status === 'cancelled' && subscription.cancelledAt ? (
            <Row label="Cancelled on">
              <time dateTime={subscription.cancelledAt}>{formatDate(subscription.cancelledAt, locale)}</time>
            </Row>
          ) : null}
        </dl>
      </div>

      {status === 'none' ? (
        <p className={styles.lead}>
          Pick a plan and we’ll roast and send your first bag within two days.{' '}
          <Link href={ROUTES.plans} className="btn btn-primary">Choose a plan</Link>
        </p>
      ) : null}

      {status === 'active' || status === 'paused' ? (
        <div className={styles.actions}>
          {status === 'active' ? (
            <>
              <div role="group" aria-labelledby="pause-label" className={styles.pauseGroup}>
                <span id="pause-label" className={styles.groupLabel}>Pause deliveries</span>
                <div className={styles.buttons}>
                  {PAUSE_CHOICES.map((weeks) => (
                    <button key={weeks} type="button" className="btn btn-secondary" disabled={disabled} onClick={() => run({ kind: 'pause', weeks })}>
                      {`${weeks} ${weeks === 1 ? 'week' : 'weeks'}`}
                    </button>
                  ))}
                </div>
              </div>
              <div className={styles.buttons}>
                <button type="button" className="btn btn-secondary" disabled={disabled} onClick={() => run({ kind: 'skip' })}>
                  {busy === 'skip' ? 'Skipping…' : 'Skip next delivery'}
                </button>
              </div>
            </>
          ) : (
            <div className={styles.buttons}>
              <button type="button" className="btn btn-primary" disabled={disabled} onClick={() => run({ kind: 'resume' })}>
                {busy === 'resume' ? 'Resuming…' : 'Resume deliveries'}
              </button>
            </div>
          )}
          <div className={styles.buttons}>
            <Link href={ROUTES.plans} className="btn btn-secondary">Change plan</Link>
            <button type="button" className={`btn btn-link ${styles.cancelLink}`} disabled={disabled} onClick={() => setCancelling(true)}>
              Cancel subscription
            </button>
          </div>
        </div>
      ) : null}

      {status === 'cancelled' ? (
        <div className={styles.buttons}>
          {subscription.plan ? (
            <Link href={{ pathname: ROUTES.plans, query: { plan: subscription.plan } }} className="btn btn-primary">
              {`Start ${planName} again`}
            </Link>
          ) : null}
          <Link href={ROUTES.plans} className="btn btn-secondary">See all plans</Link>
        </div>
      ) : null}

      {error ? <p className={styles.error} role="alert">{error.message}</p> : null}
      <p className="visually-hidden" role="status">{done}</p>

      {cancelling ? (
        <CancelDialog
          planName={planName}
          onClose={() => setCancelling(false)}
          onConfirm={async (reason) => {
            await send({ kind: 'cancel', reason })
            setCancelling(false)
          }}
        />
      ) : null}
    </section>
  )
}
