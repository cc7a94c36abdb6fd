/**
 * The customer's own plan on their pages: the Account keeps it in their state (`yourPlan`) with
 * their price, so a plan retired since they chose it is still named, and a price change announced
 * to them shows beside the price they pay now.
 */
import type { AccountView, SubscriptionPlan, YourPlan } from '@/lib/contract'

/** The plan list with the customer's own plan in place of the offer's (their price), or added once retired. */
export function plansWithYours(plans: readonly SubscriptionPlan[], account: Pick<AccountView, 'yourPlan'>): YourPlan[] {
  const yours = account.yourPlan
  if (!yours) return plans.slice()
  const listed = plans.some((plan) => plan.id === yours.id)
  return listed ? plans.map((plan) => (plan.id === yours.id ? yours : plan)) : [...plans, yours]
}
