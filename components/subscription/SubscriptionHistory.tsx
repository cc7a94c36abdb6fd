import type { SubscriptionChange, SubscriptionPlan, TimelineEntry } from '@/lib/contract'
import type { MessageKey } from '@/lib/i18n/types'
import { formatPrice } from '@/lib/format/price'
import { formatDate, formatDeliveryDay } from '@/lib/format/date'
import { planById } from '@/lib/subscription/labels'
import cardStyles from '@/components/ui/Card.module.css'
import styles from './Subscription.module.css'
import { useLocale, useT } from '@/contexts/I18nContext'
import type { Translate } from '@/lib/i18n/types'
import { planTitle } from '@/lib/format/plan'
import { cancelReasonText } from '@/lib/subscription/cancel-words'
import { weekdayText } from '@/lib/format/weekday'
import { recordedExtraName } from '@retter-shared/BeanBloomSubscription/extras'

/** The lost delivery a replacement is for, as a day. */
function lostDay(change: SubscriptionChange, locale?: string): string {
  return change.forDate ? formatDeliveryDay(change.forDate, locale) : ''
}

/** One history entry in words: "Skipped the delivery on Wed 9 Dec". */
export function describeChange(
  t: Translate, change: SubscriptionChange, nameOf: (id: string | null | undefined) => string, locale?: string,
): string {
  const day = change.date ? formatDeliveryDay(change.date, locale) : ''
  switch (change.action) {
    case 'started': return t('subscription.history.started', { plan: nameOf(change.plan) })
    case 'restarted': return t('subscription.history.restarted', { plan: nameOf(change.plan) })
    case 'changed': return t('subscription.history.changed', { from: nameOf(change.fromPlan), plan: nameOf(change.plan) })
    case 'paused': return typeof change.weeks === 'number' ? t('subscription.history.paused', { weeks: change.weeks }) : t('subscription.history.pausedUnknown')
    case 'resumed': return t('subscription.history.resumed')
    case 'pause-ended': return t('subscription.history.pauseEnded')
    case 'skipped': return day ? t('subscription.history.skipped', { day }) : t('subscription.history.skippedOne')
    case 'unskipped': return t('subscription.history.unskipped', { day })
    case 'cancelled': return change.reason ? t('subscription.history.cancelledWhy', { reason: cancelReasonText(t, change.reason) }) : t('subscription.history.cancelled')
    case 'address': return t('subscription.history.address')
    case 'preferences': return t('subscription.history.preferences')
    case 'shipped': return t('subscription.history.shipped', { day })
    case 'moved': return t('subscription.history.moved', { from: change.fromDate ? formatDeliveryDay(change.fromDate, locale) : '', day })
    case 'day': return change.weekday ? t('subscription.history.day', { weekday: weekdayText(change.weekday, locale), day }) : String(change.action)
    case 'extra': {
      const name = recordedExtraName(change, locale)
      return change.quantity ? t('subscription.history.extraAdded', { item: `${change.quantity} × ${name}`, day }) : t('subscription.history.extraRemoved', { item: name, day })
    }
    case 'coffee': return change.coffee ? t('subscription.history.coffee', { coffee: change.coffee, day }) : t('subscription.history.coffeeUsual', { day })
    case 'replacement': return t('subscription.history.replacement', { day, lost: lostDay(change, locale) })
    case 'replacement-shipped': return t('subscription.history.replacementShipped', { lost: lostDay(change, locale) })
    case 'gift-given': return t('gifts.history.given', { count: change.quantity ?? 0, plan: nameOf(change.giftPlan), person: change.person ?? '' })
    case 'gift-cancelled': return t('gifts.history.cancelled', { person: change.person ?? '' })
    case 'gift-redeemed': return t('gifts.history.redeemed', { count: change.quantity ?? 0, plan: nameOf(change.giftPlan), person: change.person ?? '' })
    case 'gift-ended': return t('gifts.history.ended', { person: change.person ?? '' })
    default: return String(change.action)
  }
}

const PAYMENT_KEYS: Record<string, MessageKey> = {
  'payment.paid': 'subscription.history.payment.paid',
  'payment.processing': 'subscription.history.payment.processing',
  'payment.settling': 'subscription.history.payment.settling',
  'payment.failed': 'subscription.history.payment.failed',
  'payment.requires_action': 'subscription.history.payment.requires_action',
  'payment.unpaid': 'subscription.history.payment.unpaid',
  'payment.owed': 'subscription.history.payment.owed',
  'payment.refunded': 'subscription.history.payment.refunded',
}

/** One timeline entry in words: a subscription change as the history says it, a payment, a payment method. */
export function describeEntry(
  t: Translate, entry: TimelineEntry, nameOf: (id: string | null | undefined) => string, locale?: string,
): string {
  const key = PAYMENT_KEYS[entry.what]
  if (key) return t(key, { day: entry.date ? formatDeliveryDay(entry.date, locale) : '', amount: formatPrice(entry.amountCents ?? 0, 'eur', locale) })
  if (entry.what === 'payment-method') return t('subscription.history.paymentMethod')
  const change = { at: entry.at, action: entry.what, plan: entry.plan ?? null, fromPlan: entry.fromPlan, weeks: entry.weeks, date: entry.date, forDate: entry.forDate, coffee: entry.coffee, weekday: entry.weekday, fromDate: entry.fromDate, extra: entry.extra, extraNames: entry.extraNames, quantity: entry.quantity, person: entry.person, giftPlan: entry.giftPlan, reason: entry.what === 'cancelled' ? entry.cancelReason ?? (entry.actor !== 'staff' ? entry.reason : undefined) : undefined }
  return describeChange(t, change as SubscriptionChange, nameOf, locale)
}

/**
 * What changed and when, newest first: the customer's timeline (their changes, the shop's changes
 * for them with the reason, payments), or for an account from before it, the subscription's history.
 */
export function SubscriptionHistory({ history, timeline, plans }: { history: SubscriptionChange[]; timeline?: TimelineEntry[]; plans: SubscriptionPlan[] }) {
  const t = useT()
  const locale = useLocale()
  const entries: TimelineEntry[] = timeline && timeline.length > 0
    ? timeline
    : history.map((change) => ({ at: change.at, what: change.action, actor: 'customer', plan: change.plan, fromPlan: change.fromPlan, weeks: change.weeks, date: change.date, reason: change.reason }))
  if (entries.length === 0) return null
  const nameOf = (id: string | null | undefined) => (typeof id === 'string' ? planTitle(t, planById(plans, id)) : t('subscription.history.noPlan'))
  return (
    <section className={`card ${cardStyles.card}`} aria-labelledby="history-title">
      <h2 id="history-title">{t('subscription.history.title')}</h2>
      <ol className={styles.history}>
        {[...entries].reverse().map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at}>{formatDate(entry.at, undefined, locale)}</time>
            <span>
              {describeEntry(t, entry, nameOf, locale)}
              {/* What staff changed for the customer says so, with why (never who: their address is the shop's). */}
              {entry.actor === 'staff' && entry.reason && !entry.what.startsWith('payment.') ? <><br />{t('subscription.history.byShop', { reason: entry.reason })}</> : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
