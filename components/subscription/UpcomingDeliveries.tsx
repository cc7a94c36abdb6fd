import { useState } from 'react'
import { DeliveryPaymentLine } from '@/components/payments/DeliveryPaymentLine'
import { chargeDayText, eurosText, needsCustomer } from '@/lib/payments/words'
import type { AccountUserState, DeliveryPayment, ShippedDelivery, SubscriptionFields, SubscriptionPlan, UpcomingDelivery } from '@/lib/contract'
import { formatDeliveryDay } from '@/lib/format/date'
import { useAppNowAtMount } from '@/contexts/useAppNow'
import { planById } from '@/lib/subscription/labels'
import { isInPause, isTooLateToChange, moveDays, onWeekdays, sendSooner, type Weekday } from '@retter-shared/BeanBloomSubscription/schedule'
import cardStyles from '@/components/ui/Card.module.css'
import styles from './Subscription.module.css'
import type { ChangeRunner } from './useChange'
import { DeliveryDay } from './DeliveryDay'
import { AddExtra, DeliveryExtras, extrasWords } from './DeliveryExtras'
import { extrasCents } from '@retter-shared/BeanBloomSubscription/extras'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { MessageKey } from '@/lib/i18n/types'
import { planTitle } from '@/lib/format/plan'

export interface UpcomingDeliveriesProps {
  subscription: SubscriptionFields
  plans: SubscriptionPlan[]
  changes: ChangeRunner
  /** The upcoming deliveries a running gift pays (gifts.ts giftCoveredDates): not charged. */
  giftDates?: readonly string[]
  /** Each final delivery's payment (the customer's `payments`). */
  payments?: DeliveryPayment[]
  /** Deliveries that left the roastery (the customer's `deliveries`): on their way, not to skip. */
  shipped?: ShippedDelivery[]
  /** The coffees the customer may choose for one delivery (the customer's `coffeeOptions`). */
  coffees?: AccountUserState['coffeeOptions']
  /** The extras the customer may add to one delivery (the customer's `extraOptions`). */
  extras?: AccountUserState['extraOptions']
  /** The weekday the deliveries arrive on and the ones the shop delivers on (the customer's `deliveryWeekday`, `deliveryWeekdays`). */
  weekday?: AccountUserState['deliveryWeekday']
  weekdays?: AccountUserState['deliveryWeekdays']
  locale?: string
  nowMs?: number
}

type DeliveryState = 'scheduled' | 'skipped' | 'paused' | 'preparing' | 'awaiting' | 'notShipped' | 'shipped'

const STATE_LABELS: Record<DeliveryState, MessageKey> = {
  scheduled: 'subscription.state.scheduled',
  skipped: 'subscription.state.skipped',
  paused: 'subscription.state.paused',
  preparing: 'subscription.state.preparing',
  awaiting: 'subscription.state.awaiting',
  notShipped: 'subscription.state.notShipped',
  shipped: 'subscription.state.shipped',
}

function stateOf(
  delivery: UpcomingDelivery, subscription: SubscriptionFields, nowMs: number, shipped: ReadonlyArray<ShippedDelivery>, payment: DeliveryPayment | undefined,
): DeliveryState {
  if (shipped.some((done) => done.date === delivery.date)) return 'shipped'
  // A final delivery leaves only once paid: say so rather than "being roasted".
  if (payment?.status === 'unpaid') return 'notShipped'
  if (payment && needsCustomer(payment.status)) return 'awaiting'
  if (isTooLateToChange(delivery.date, nowMs)) return delivery.skipped ? 'skipped' : 'preparing'
  if (isInPause(subscription, delivery.date)) return 'paused'
  return delivery.skipped ? 'skipped' : 'scheduled'
}

/** The day the next delivery that may change would go on if sent now, when it can go sooner. */
function soonerDay(subscription: SubscriptionFields, nowMs: number, offered: ReadonlyArray<Weekday>): string | undefined {
  const sooner = sendSooner(subscription as Parameters<typeof sendSooner>[0], nowMs, onWeekdays(offered))
  return sooner.ok ? sooner.to : undefined
}

/**
 * "Move to another day…": the days inside the delivery's window, then "Move" (choosing alone acts
 * on nothing: a keyboard going through the options must not move the delivery).
 */
function MoveDelivery({ subscription, date, day, nowMs, offered, changes, locale }: {
  subscription: SubscriptionFields; date: string; day: string; nowMs: number; offered: ReadonlyArray<Weekday>; changes: ChangeRunner; locale: string
}) {
  const t = useT()
  const [to, setTo] = useState('')
  const days = moveDays(subscription, date, nowMs, offered)
  if (days.length === 0) return null
  return (
    <span className={`${styles.deliveryCoffee} ${styles.moveForm}`}>
      <select aria-label={t('subscription.upcoming.moveLabel', { day })} value={to} disabled={changes.busy !== null} onChange={(event) => setTo(event.target.value)}>
        <option value="">{t('subscription.upcoming.movePrompt')}</option>
        {days.map((d) => <option key={d} value={d}>{formatDeliveryDay(d, locale)}</option>)}
      </select>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={changes.busy !== null || !to}
        aria-label={to ? t('subscription.upcoming.moveTo', { day, to: formatDeliveryDay(to, locale) }) : undefined}
        onClick={() => void changes.run({ kind: 'move', date, to }, {
          message: t('subscription.upcoming.moveDone', { from: day, day: formatDeliveryDay(to, locale) }),
          focus: () => document.getElementById(rowId(to)),
        })}
      >
        {t('subscription.upcoming.move')}
      </button>
    </span>
  )
}

/** What the button of a scheduled or a skipped delivery does. */
const ACTIONS = {
  scheduled: {
    kind: 'skipDate', verb: 'subscription.upcoming.skip', busy: 'subscription.upcoming.skipping',
    label: 'subscription.upcoming.skipLabel', done: 'subscription.upcoming.skipDone',
  },
  skipped: {
    kind: 'unskip', verb: 'subscription.upcoming.unskip', busy: 'subscription.upcoming.unskipping',
    label: 'subscription.upcoming.unskipLabel', done: 'subscription.upcoming.unskipDone',
  },
} as const

/** Why a delivery without a Skip or Unskip button has none. */
const NO_ACTION: Record<Exclude<DeliveryState, 'scheduled' | 'skipped'>, MessageKey> = {
  paused: 'subscription.upcoming.whyPaused',
  preparing: 'subscription.upcoming.whyPreparing',
  awaiting: 'subscription.upcoming.whyAwaiting',
  notShipped: 'subscription.upcoming.whyNotShipped',
  shipped: 'subscription.upcoming.whyShipped',
}

/** The id of a delivery's row, for focus after skipping or unskipping it. */
const rowId = (date: string) => `delivery-${date.slice(0, 10)}`

/**
 * The next six deliveries of the schedule, each with what it is and a Skip or Unskip button. A
 * delivery being roasted (two days ahead or less) and one inside a pause say why they cannot change.
 */
export function UpcomingDeliveries({ subscription, plans, changes, payments = [], shipped = [], coffees = [], extras = [], weekday, weekdays = [], giftDates = [], locale: given, nowMs: fixedNow }: UpcomingDeliveriesProps) {
  // Read once per mount: what is "being roasted" moves by days, not while the page is looked at.
  // The app's time (lib/clock): locally, the backend's test clock.
  const mountedAt = useAppNowAtMount()
  const t = useT()
  const pageLocale = useLocale()
  const locale = given ?? pageLocale
  const nowMs = fixedNow ?? mountedAt
  const upcoming = subscription.upcomingDeliveries ?? []
  const failed = changes.error && (changes.error.change.kind === 'skipDate' || changes.error.change.kind === 'unskip' || changes.error.change.kind === 'coffee' || changes.error.change.kind === 'move' || changes.error.change.kind === 'addExtra' || changes.error.change.kind === 'removeExtra') ? changes.error : null
  // A refusal shows in the row whose button was pressed, where the customer is looking; only one
  // about a delivery no longer listed falls back to below the list.
  const failedDate = failed && 'date' in failed.change ? failed.change.date : null
  const failedInRow = failedDate !== null && upcoming.some((delivery) => delivery.date === failedDate)
  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="upcoming-title">
      <h2 id="upcoming-title">{t('subscription.upcoming.title')}</h2>
      {weekday && weekdays.length > 0 ? <DeliveryDay weekday={weekday} offered={weekdays} changes={changes} sooner={soonerDay(subscription, nowMs, weekdays)} /> : null}
      <AddExtra
        deliveries={upcoming.filter((delivery) => stateOf(delivery, subscription, nowMs, shipped, payments.find((p) => p.date === delivery.date)) === 'scheduled')}
        options={extras} changes={changes} locale={locale}
      />
      <ol className={styles.upcoming}>
        {upcoming.map((delivery) => {
          const payment = payments.find((candidate) => candidate.date === delivery.date)
          const state = stateOf(delivery, subscription, nowMs, shipped, payment)
          const plan = plans.find((candidate) => candidate.id === delivery.plan)
          const day = formatDeliveryDay(delivery.date, locale)
          const sending = changes.busy && 'date' in changes.busy && changes.busy.date === delivery.date
          return (
            <li key={delivery.date} id={rowId(delivery.date)} tabIndex={-1} className={`${styles.delivery} ${styles[`delivery-${state}`] ?? ''}`}>
              <time dateTime={delivery.date} className={styles.deliveryDay}>{day}</time>
              <span className={styles.deliveryPlan}>
                {planTitle(t, planById(plans, delivery.plan))}
                {delivery.coffee && state !== 'scheduled' ? <span className={styles.muted}> · {delivery.coffee.name}</span> : null}
                {delivery.extras?.length && state !== 'scheduled' ? <span className={styles.muted}> · {t('subscription.extras.with', { items: extrasWords(delivery, locale) })}</span> : null}
              </span>
              <span className={styles.deliveryState}>{t(STATE_LABELS[state])}</span>
              <span className={styles.deliveryAction}>
                {state === 'scheduled' || state === 'skipped' ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={changes.busy !== null}
                    aria-label={t(ACTIONS[state].label, { day })}
                    onClick={() => void changes.run({ kind: ACTIONS[state].kind, date: delivery.date }, {
                      message: t(ACTIONS[state].done, { day }),
                      focus: () => document.getElementById(rowId(delivery.date)),
                    })}
                  >
                    {sending ? t(ACTIONS[state].busy) : t(ACTIONS[state].verb)}
                  </button>
                ) : (
                  <span className={styles.muted}>{t(NO_ACTION[state])}</span>
                )}
              </span>
              {state === 'scheduled' && weekdays.length > 0 ? (
                <MoveDelivery subscription={subscription} date={delivery.date} day={day} nowMs={nowMs} offered={weekdays} changes={changes} locale={locale} />
              ) : null}
              {state === 'scheduled' && coffees.length > 0 ? (
                <span className={styles.deliveryCoffee}>
                  <select
                    aria-label={t('subscription.upcoming.coffeeLabel', { day })}
                    value={delivery.coffee?.chosen ? delivery.coffee.id : ''}
                    disabled={changes.busy !== null}
                    onChange={(event) => {
                      const coffeeId = event.target.value
                      const name = coffees.find((c) => c.id === coffeeId)?.name
                      void changes.run({ kind: 'coffee', date: delivery.date, coffeeId }, {
                        message: name ? t('subscription.upcoming.coffeeDone', { coffee: name, day }) : t('subscription.upcoming.coffeeUsualDone', { day }),
                        focus: () => document.getElementById(rowId(delivery.date)),
                      })
                    }}
                  >
                    <option value="">{!delivery.coffee ? t('subscription.upcoming.roastersPick') : delivery.coffee.chosen ? t('subscription.upcoming.usualPlain') : t('subscription.upcoming.usualCoffee', { coffee: delivery.coffee.name })}</option>
                    {coffees.map((c) => <option key={c.id} value={c.id}>{t('subscription.upcoming.coffeeOption', { coffee: c.name, notes: c.notes })}</option>)}
                  </select>
                </span>
              ) : null}
              {state === 'scheduled' ? <DeliveryExtras delivery={delivery} day={day} changes={changes} locale={locale} /> : null}
              {payment ? (
                <span className={styles.deliveryPayment}><DeliveryPaymentLine payment={payment} locale={locale} /></span>
              ) : state === 'scheduled' && giftDates.includes(delivery.date) ? (
                <span className={`${styles.deliveryPayment} ${styles.muted}`}>{t('gifts.upcoming.paidByGift')}</span>
              ) : state === 'scheduled' && plan ? (
                <span className={`${styles.deliveryPayment} ${styles.muted}`}>
                  {t('subscription.upcoming.charged', { price: eurosText(plan.amount + extrasCents(delivery.extras), locale), day: chargeDayText(delivery.date, locale) })}
                </span>
              ) : null}
              {failed && failedInRow && failedDate === delivery.date ? (
                <p className={`${styles.error} ${styles.deliveryError}`} role="alert">{failed.error.message}</p>
              ) : null}
            </li>
          )
        })}
      </ol>
      {failed && !failedInRow ? <p className={styles.error} role="alert">{failed.error.message}</p> : null}
    </section>
  )
}
