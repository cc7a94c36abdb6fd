/**
 * How the app names a delivery's plan, grind and roast inside a sentence in the page's language
 * (the customer's shipped deliveries: "Barista · 2 bags, ground for espresso, dark roast"): the
 * catalogue's plan names and the `delivery` namespace's in-sentence words.
 */
import type { SubscriptionPlan } from '@/lib/contract'
import type { DeliveryLabels } from '@/lib/delivery-labels'
import { grindInText, roastInText } from '@/lib/delivery/preference-words'
import { planTitle } from '@/lib/format/plan'
import type { Translate } from '@/lib/i18n/types'

/** A plan's name in the plan list; an id nobody knows (a plan no longer offered) shows as itself. */
export function planName(plans: readonly SubscriptionPlan[], id: string): string {
  return plans.find((plan) => plan.id === id)?.name ?? id
}

/** The plan of the list with this id (its words included), or one named by its id alone. */
export function planById(plans: readonly SubscriptionPlan[], id: string): Pick<SubscriptionPlan, 'id' | 'name' | 'translations'> {
  return plans.find((plan) => plan.id === id) ?? { id, name: id }
}

/**
 * Words for ids as a sentence writes them in the page's language; an id nobody knows (a plan no
 * longer offered, a grind a newer backend added) shows as itself.
 * @param t the page's words (with the `plans` and `delivery` namespaces)
 * @param plans the plan list (its names serve where the catalogue does not know a plan)
 */
export function deliveryLabels(t: Translate, plans: readonly SubscriptionPlan[]): DeliveryLabels {
  return {
    plan: (id) => planTitle(t, planById(plans, id)),
    grind: (id) => grindInText(t, id),
    roast: (id) => roastInText(t, id),
  }
}
