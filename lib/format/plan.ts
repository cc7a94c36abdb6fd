/**
 * A plan's offer in words, from its data alone (so a card can never promise what the plan does not
 * let a customer choose): "2 bags (250 g) every week", "Grind: whole bean or ground for espresso".
 */
import type { DeliveryCadence, SubscriptionPlan } from '@/lib/contract'
import { GRIND_LABELS, ROAST_LABELS, listChoices } from '@/lib/subscription/preferences'

const CADENCE_LABELS: Record<DeliveryCadence, string> = {
  weekly: 'every week',
  fortnightly: 'every two weeks',
  fourWeekly: 'every four weeks',
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** "every two weeks"; an unknown cadence (a newer backend) reads as itself. */
export function cadenceLabel(cadence: DeliveryCadence | string): string {
  return CADENCE_LABELS[cadence as DeliveryCadence] ?? cadence
}

/** "2 bags (250 g) every week". */
export function bagsLine(plan: Pick<SubscriptionPlan, 'bags' | 'bagGrams' | 'delivery'>): string {
  return `${plan.bags} ${plan.bags === 1 ? 'bag' : 'bags'} (${plan.bagGrams} g) ${cadenceLabel(plan.delivery)}`
}

/** "Whole bean or ground for espresso" (every grind the plan offers). */
export function grindChoices(plan: Pick<SubscriptionPlan, 'grinds'>): string {
  const labels = plan.grinds.map((grind, i) => (i === 0 ? GRIND_LABELS[grind] : lowerFirst(GRIND_LABELS[grind])))
  return listChoices(labels)
}

/** "Light, medium or dark roast, or our roaster’s choice", or "Our roaster’s choice" alone. */
export function roastChoices(plan: Pick<SubscriptionPlan, 'roasts'>): string {
  const own = plan.roasts.filter((roast) => roast !== 'roastersChoice').map((roast) => ROAST_LABELS[roast].replace(/ roast$/, '').toLowerCase())
  const roaster = plan.roasts.includes('roastersChoice')
  if (own.length === 0) return roaster ? 'Our roaster’s choice' : ''
  const mine = listChoices(own) + ' roast'
  const text = roaster ? `${mine}, or our roaster’s choice` : mine
  return text.charAt(0).toUpperCase() + text.slice(1)
}
