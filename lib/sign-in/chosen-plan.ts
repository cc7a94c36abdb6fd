/**
 * The plan a visitor picked before signing in, read from where sign-in sends them next
 * (`/sign-in?next=/?plan=daily-grind`), so the sign-in page can say what they are signing in for.
 */
import type { SubscriptionPlan } from '@retter-shared/BeanBloomSubscription/plans'
import { safeNextPath } from '@/lib/format/next-path'

/** The query parameter that carries a plan chosen before sign-in (`/?plan=barista`). */
export const PLAN_PARAM = 'plan'

/**
 * The plan named by the `plan` parameter of the page sign-in goes to next, or undefined (no
 * `next`, one that is not a path of this site, no plan in it, or a plan we do not offer).
 * @param next the raw `next` query value as Next's router gives it
 * @param plans the plans on offer
 */
export function chosenPlanOf(next: string | string[] | undefined, plans: readonly SubscriptionPlan[]): SubscriptionPlan | undefined {
  const path = safeNextPath(next, '')
  if (!path) return undefined
  const id = new URL(path, 'https://site.invalid').searchParams.get(PLAN_PARAM)
  return id ? plans.find((plan) => plan.id === id) : undefined
}
