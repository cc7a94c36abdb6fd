/**
 * The subscription in the words the customer reads: the line above the plans on `/` and the
 * summary at the top of `/account`. The components render these, and the first paint of the next
 * load shows the same words from storage (lib/first-paint), so both always agree.
 */
import type { AccountView, SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { formatDate, formatDeliveryDay } from '@/lib/format/date'
import { bagsLine } from '@/lib/format/plan'
import type { Translate } from '@/lib/i18n/types'
import { addressLines } from '@retter-shared/BeanBloomSubscription/address'
import { planName } from './labels'
import { preferencesText } from '@retter-shared/BeanBloomSubscription/preferences'
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
export function currentPlanText(subscription: SubscriptionFields | null, plans: readonly SubscriptionPlan[]): string | null {
  if (!subscription || subscription.status === 'none' || !subscription.plan) return null
  const name = planName(plans, subscription.plan)
  if (subscription.status === 'cancelled') return `Your ${name} subscription is cancelled. Pick a plan to start again.`
  if (subscription.status === 'paused' && subscription.pausedUntil) {
    return `You’re on ${name} · paused until ${formatDeliveryDay(subscription.pausedUntil)}`
  }
  return `You’re on ${name}${subscription.nextDeliveryAt ? ` · next delivery ${formatDeliveryDay(subscription.nextDeliveryAt)}` : ''}`
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
export function nextDeliverySummary(account: AccountView, subscription: SubscriptionFields, plan: SubscriptionPlan | undefined, t: Translate): NextDeliverySummary {
  const { status } = subscription
  const name = plan?.name ?? subscription.plan ?? ''
  if (status === 'none') return { kind: 'none', heading: 'No subscription yet' }
  if (status === 'cancelled') {
    return {
      kind: 'cancelled',
      heading: 'Your subscription is cancelled',
      cancelledOn: subscription.cancelledAt ? { iso: subscription.cancelledAt, text: formatDate(subscription.cancelledAt) } : null,
      restart: subscription.plan ? { planId: subscription.plan, label: `Start ${name} again` } : null,
    }
  }
  const paused = status === 'paused' && subscription.pausedUntil ? lastPausedDay(subscription.pausedUntil) : null
  const preferences = account.preferences
  return {
    kind: 'live',
    heading: 'Your next delivery',
    pausedUntil: paused ? { iso: paused, text: formatDeliveryDay(paused) } : null,
    next: subscription.nextDeliveryAt
      ? {
          label: status === 'paused' ? 'Next delivery after the pause' : 'Arrives',
          day: { iso: subscription.nextDeliveryAt, text: formatDeliveryDay(subscription.nextDeliveryAt) },
        }
      : null,
    whatPlan: name,
    whatRest: `${plan ? ` · ${bagsLine(t, plan)}` : ''}${preferences ? ` · ${preferencesText(preferences)}` : ''}`,
    to: account.delivery ? addressLines(account.delivery).join(', ') : 'No delivery address yet: add one below.',
  }
}
