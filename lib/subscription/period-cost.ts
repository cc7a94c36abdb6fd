import type { DeliveryCadence, SubscriptionPlan } from '@/lib/contract'

/**
 * The period a plan's spend is compared over: four weeks, not a month. Every cadence we offer
 * (weekly, fortnightly, every four weeks) fits a whole number of deliveries into four weeks, so
 * the sum is exact in cents; a calendar month holds 4.3 weeks and would need rounding.
 */
export const PERIOD_WEEKS = 4

const WEEKS_BETWEEN: Record<DeliveryCadence, number> = { weekly: 1, fortnightly: 2, fourWeekly: 4 }

/** What a plan costs over four weeks: how many deliveries and their sum in minor units (cents). */
export interface PeriodCost {
  deliveries: number
  amount: number
}

/**
 * How many deliveries a cadence makes in four weeks.
 * @throws RangeError for a cadence this app does not know (a newer backend): no guessed number.
 */
export function deliveriesPerPeriod(cadence: DeliveryCadence | string): number {
  const weeks = WEEKS_BETWEEN[cadence as DeliveryCadence]
  if (weeks === undefined) throw new RangeError(`Unknown delivery cadence "${cadence}": cannot say how often it delivers.`)
  return PERIOD_WEEKS / weeks
}

/**
 * A plan's spend over four weeks, in integer minor units: the price of one delivery times the
 * deliveries in four weeks.
 * @throws RangeError when the price is not a whole, non-negative number of cents, or the cadence is unknown
 */
export function periodCost(plan: Pick<SubscriptionPlan, 'amount' | 'delivery'>): PeriodCost {
  if (!Number.isSafeInteger(plan.amount) || plan.amount < 0) {
    throw new RangeError(`A price must be a whole, non-negative number of cents, not ${plan.amount}.`)
  }
  const deliveries = deliveriesPerPeriod(plan.delivery)
  return { deliveries, amount: plan.amount * deliveries }
}

/**
 * What a change from `from` to `to` does to the spend over four weeks, in minor units: positive
 * when it costs more.
 */
export function periodDifference(from: Pick<SubscriptionPlan, 'amount' | 'delivery'>, to: Pick<SubscriptionPlan, 'amount' | 'delivery'>): number {
  // `+ 0` turns a -0 (an equal price) into 0, so an unchanged spend reads as no difference.
  return periodCost(to).amount - periodCost(from).amount + 0
}
