/**
 * What the app shows of a subscription: the state read "as of now" (a pause whose day has passed
 * reads as active, exactly as the class's STATE computes it), the plan it is on, and what choosing
 * a plan would do.
 */
import type { AccountView, SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { appNow } from '@/lib/clock/now'
import {
  changeFromDate, changePlan, firstDeliveryAt, firstOfLatestSegment, subscriptionAt, type DeliveryCadence,
} from '@retter-shared/BeanBloomSubscription/schedule'
import { extrasOn } from '@retter-shared/BeanBloomSubscription/extras'

/** The subscription fields of an Account as they stand at `nowMs`. */
export function subscriptionOf(account: AccountView, plans: readonly SubscriptionPlan[], nowMs: number = appNow()): SubscriptionFields {
  const { plan, status, startedAt, planChangedAt, pausedFrom, pausedUntil, cancelledAt, nextDeliveryAt, segments, skipped, history } = account
  const stored: Partial<SubscriptionFields> = {
    plan, status, startedAt, planChangedAt, pausedFrom, pausedUntil, cancelledAt, nextDeliveryAt, segments, skipped, history,
  }
  for (const key of Object.keys(stored) as Array<keyof SubscriptionFields>) if (stored[key] === undefined) delete stored[key]
  const now = subscriptionAt(stored, nowMs, (id) => plans.find((candidate) => candidate.id === id)?.delivery)
  // Each delivery's coffee as the Account named it (the catalogue lives there), by its day.
  const coffees = new Map((account.upcomingDeliveries ?? []).map((delivery) => [delivery.date, delivery.coffee]))
  for (const delivery of now.upcomingDeliveries ?? []) {
    const coffee = coffees.get(delivery.date)
    if (coffee) delivery.coffee = coffee
    // Its extras, from the customer's own record by day (whatever day the view is read on).
    const extras = extrasOn(account.extras, delivery.date)
    if (extras.length > 0) delivery.extras = extras
  }
  return now
}

/** The plan a customer is on now (active or paused), else null. */
export function currentPlanId(subscription: SubscriptionFields | null): string | null {
  if (!subscription) return null
  return subscription.status === 'active' || subscription.status === 'paused' ? subscription.plan : null
}

/** What choosing `planId` does to this subscription, for the confirmation step. */
export interface PlanChoicePreview {
  /** start: no subscription yet; restart: after cancelling; change: from the next delivery not being prepared. */
  kind: 'start' | 'restart' | 'change'
  /** The delivery (ISO UTC day) the choice first applies to. */
  firstDeliveryAt: string
  /** True when the subscription is paused (a change keeps the pause). */
  paused: boolean
  /**
   * A change: the new plan's first delivery that will be sent (skipped and shipped ones pass, as the
   * class's confirmation e-mail names it); undefined when every one of them is skipped. A start: its first delivery.
   */
  firstSentAt?: string
}

/**
 * The preview of choosing a plan at `nowMs`, computed with the class's own schedule rules.
 * @param plan the plan chosen (its id and cadence), for the first delivery a change really sends
 * @param shipped the days of deliveries already shipped (the customer's `deliveries`)
 */
export function previewChoice(
  subscription: SubscriptionFields | null,
  nowMs: number = appNow(),
  plan?: { id: string; delivery: DeliveryCadence },
  shipped: ReadonlyArray<string> = [],
): PlanChoicePreview {
  const status = subscription?.status ?? 'none'
  if ((status === 'active' || status === 'paused') && subscription?.segments) {
    const from = changeFromDate(subscription.segments, nowMs)
    const changed = plan ? changePlan(subscription, plan.id, plan.delivery, nowMs) : undefined
    const firstSentAt = changed?.ok ? firstOfLatestSegment(changed.sub, shipped) : from
    return { kind: 'change', firstDeliveryAt: from, paused: status === 'paused', firstSentAt }
  }
  const first = firstDeliveryAt(nowMs)
  return { kind: status === 'cancelled' ? 'restart' : 'start', firstDeliveryAt: first, paused: false, firstSentAt: first }
}
