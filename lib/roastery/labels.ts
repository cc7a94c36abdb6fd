/**
 * How the roastery's boards name a delivery's plan, grind and roast in the page's language: the
 * plan's name from the catalogue (planTitle), the staff's words for grinds and roasts. The CSV files
 * keep the plan list's English labels (lib/subscription/labels.ts), as their format is English.
 */
import type { Grind, Roast, SubscriptionPlan } from '@/lib/contract'
import type { DeliveryLabels } from '@/lib/delivery-labels'
import { planTitle } from '@/lib/format/plan'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { planById } from '@/lib/subscription/labels'
import { isGrind, isRoast } from '@retter-shared/BeanBloomSubscription/preferences'

const GRINDS: Record<Grind, MessageKey> = {
  wholeBean: 'roastery.grind.wholeBean',
  espresso: 'roastery.grind.espresso',
  moka: 'roastery.grind.moka',
  filter: 'roastery.grind.filter',
  frenchPress: 'roastery.grind.frenchPress',
}

const ROASTS: Record<Roast, MessageKey> = {
  light: 'roastery.roast.light',
  medium: 'roastery.roast.medium',
  dark: 'roastery.roast.dark',
  roastersChoice: 'roastery.roast.roastersChoice',
}

/** A grind in the staff's words ("Ground for espresso"); an id nobody knows reads as itself. */
export function grindLabel(t: Translate, id: string): string {
  return isGrind(id) ? t(GRINDS[id]) : id
}

/** A roast in the staff's words ("Dark roast"); an id nobody knows reads as itself. */
export function roastLabel(t: Translate, id: string): string {
  return isRoast(id) ? t(ROASTS[id]) : id
}

/**
 * Labels for ids in the page's language; an id nobody knows (a plan no longer offered) shows as itself.
 * @param t the page's words (with the `plans` namespace for the plans' names)
 * @param plans the plan list (its names serve where the catalogue does not know a plan)
 */
export function boardLabels(t: Translate, plans: readonly SubscriptionPlan[]): DeliveryLabels {
  return {
    plan: (id) => planTitle(t, planById(plans, id)),
    grind: (id) => grindLabel(t, id),
    roast: (id) => roastLabel(t, id),
  }
}
