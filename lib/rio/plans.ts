/** Plan ordering shared by the browser's request layer and the server-side prerender. */
import type { SubscriptionPlan } from '@/lib/contract'

/** Plans in ascending `sortOrder` (a copy; the input is left alone). */
export function sortPlans(plans: readonly SubscriptionPlan[]): SubscriptionPlan[] {
  return [...plans].sort((a, b) => a.sortOrder - b.sortOrder)
}
