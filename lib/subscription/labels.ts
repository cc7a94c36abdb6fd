/**
 * How the app names the plan, grind and roast of a delivery (the roastery's boards and packing
 * lists, the customer's shipped deliveries): the plan list's names and the class's labels.
 */
import type { SubscriptionPlan } from '@/lib/contract'
import type { DeliveryLabels } from '@/lib/delivery-labels'
import { GRIND_LABELS, ROAST_LABELS, isGrind, isRoast } from '@retter-shared/BeanBloomSubscription/preferences'

/** A plan's name in the plan list; an id nobody knows (a plan no longer offered) shows as itself. */
export function planName(plans: readonly SubscriptionPlan[], id: string): string {
  return plans.find((plan) => plan.id === id)?.name ?? id
}

/** Labels for ids; an id nobody knows (a plan no longer offered) shows as itself. */
export function deliveryLabels(plans: readonly SubscriptionPlan[]): DeliveryLabels {
  return {
    plan: (id) => planName(plans, id),
    grind: (id) => (isGrind(id) ? GRIND_LABELS[id] : id),
    roast: (id) => (isRoast(id) ? ROAST_LABELS[id] : id),
  }
}
