/**
 * The subscription in the words the customer reads: the line above the plans on `/` and the
 * summary at the top of `/account`. The components render these, and the first paint of the next
 * load shows the same words from storage (lib/first-paint), so both always agree.
 */
import type { AccountView, SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { formatDate, formatDeliveryDay } from '@/lib/format/date'
import { bagsLine, planTitle } from '@/lib/format/plan'
import type { Translate } from '@/lib/i18n/types'
import { addressLines } from '@retter-shared/BeanBloomSubscription/address'
import { withCountryIn } from '@/lib/format/address'
import { preferencesWords } from '@/lib/delivery/preference-words'
import { planById } from './labels'
import { lastPausedDay } from '@retter-shared/BeanBloomSubscription/schedule'

/** A day as written (`text`) and as a machine reads it (`iso`, for `<time dateTime>`). */
export interface DayText {
  iso: string
  text: string
}

/**
 * "You’re on Daily Grind · next delivery Thu 3 Dec" (or paused until, or cancelled), or null when
 * there is nothing to say (no subscription yet).
 */
export function currentPlanText(
  subscription: SubscriptionFields | null, plans: readonly SubscriptionPlan[], t: Translate, locale?: string,
): string | null {
  if (!subscription || subscription.status === 'none' || !subscription.plan) return null
  const plan = planTitle(t, planById(plans, subscription.plan))
  if (subscription.status === 'cancelled') return t('subscription.line.cancelled', { plan })
  if (subscription.status === 'paused' && subscription.pausedUntil) {
    return t('subscription.line.paused', { plan, day: formatDeliveryDay(subscription.pausedUntil, locale) })
  }
  return subscription.nextDeliveryAt
    ? t('subscription.line.next', { plan, day: formatDeliveryDay(subscription.nextDeliveryAt, locale) })
    : t('subscription.line.on', { plan })
}

/** The summary at the top of `/account`, in one of its three shapes. */
export type NextDeliverySummary =
  | { kind: 'none'; heading: string }
  | {
      kind: 'cancelled'
      heading: string
      cancelledOn: DayText | null
      /** The plan to start again and the button's words, when there was one. */
      restart: { planId: string; label: string } | null
    }
  | {
      kind: 'live'
      heading: string
      /** While paused: the last day of the pause. */
      pausedUntil: DayText | null
      /** The next delivery, or null when none is scheduled. */
      next: { label: string; day: DayText } | null
      /** What comes: the plan's name, then bags, grind and roast (" · 2 bags (250 g) every week · …"). */
      whatPlan: string
      whatRest: string
      /** Where it goes, or what to do when there is no address yet. */
      to: string
    }

/** The summary of the customer's subscription as the top of `/account` says it. */
export function nextDeliverySummary(
  account: AccountView, subscription: SubscriptionFields, plan: SubscriptionPlan | undefined, t: Translate, locale?: string,
): NextDeliverySummary {
  const { status } = subscription
  const name = plan ? planTitle(t, plan) : subscription.plan ?? ''
  if (status === 'none') return { kind: 'none', heading: t('subscription.summary.none') }
  if (status === 'cancelled') {
    return {
      kind: 'cancelled',
      heading: t('subscription.summary.cancelled'),
      cancelledOn: subscription.cancelledAt ? { iso: subscription.cancelledAt, text: formatDate(subscription.cancelledAt, undefined, locale) } : null,
      restart: subscription.plan ? { planId: subscription.plan, label: t('subscription.summary.restart', { plan: name }) } : null,
    }
  }
  const paused = status === 'paused' && subscription.pausedUntil ? lastPausedDay(subscription.pausedUntil) : null
  const preferences = account.preferences
  return {
    kind: 'live',
    heading: t('subscription.summary.heading'),
    pausedUntil: paused ? { iso: paused, text: formatDeliveryDay(paused, locale) } : null,
    next: subscription.nextDeliveryAt
      ? {
          label: status === 'paused' ? t('subscription.summary.afterPause') : t('subscription.summary.arrives'),
          day: { iso: subscription.nextDeliveryAt, text: formatDeliveryDay(subscription.nextDeliveryAt, locale) },
        }
      : null,
    whatPlan: name,
    whatRest: `${plan ? ` · ${bagsLine(t, plan)}` : ''}${preferences ? ` · ${preferencesWords(t, preferences)}` : ''}`,
    to: account.delivery ? withCountryIn(addressLines, locale)(account.delivery).join(', ') : t('subscription.summary.noAddress'),
  }
}
