/**
 * A plan's offer in words, from its data alone (so a card can never promise what the plan does not
 * let a customer choose): "2 bags (250 g) every week", "Grind: whole bean or ground for espresso".
 */
import type { DeliveryCadence, Grind, SubscriptionPlan } from '@/lib/contract'
import { GRIND_LABELS, ROAST_LABELS, listChoices } from '@retter-shared/BeanBloomSubscription/preferences'

const CADENCE_LABELS: Record<DeliveryCadence, string> = {
  weekly: 'every week',
  fortnightly: 'every two weeks',
  fourWeekly: 'every four weeks',
}

/** "every two weeks"; an unknown cadence (a newer backend) reads as itself. */
export function cadenceLabel(cadence: DeliveryCadence | string): string {
  return CADENCE_LABELS[cadence as DeliveryCadence] ?? cadence
}

/** "2 bags (250 g) every week". */
export function bagsLine(plan: Pick<SubscriptionPlan, 'bags' | 'bagGrams' | 'delivery'>): string {
  return `${plan.bags} ${plan.bags === 1 ? 'bag' : 'bags'} (${plan.bagGrams} g) ${cadenceLabel(plan.delivery)}`
}

const BREW_METHODS: Record<Exclude<Grind, 'wholeBean'>, string> = {
  espresso: 'espresso',
  moka: 'moka pot',
  filter: 'filter',
  frenchPress: 'French press',
}

/**
 * Every grind the plan offers, as short as it reads well: "Whole bean or ground for espresso",
 * "Whole bean, or ground for espresso, moka pot, filter or French press".
 */
export function grindChoices(plan: Pick<SubscriptionPlan, 'grinds'>): string {
  const methods = plan.grinds.filter((grind): grind is Exclude<Grind, 'wholeBean'> => grind !== 'wholeBean').map((grind) => BREW_METHODS[grind])
  const ground = methods.length > 0 ? `ground for ${listChoices(methods)}` : ''
  if (!plan.grinds.includes('wholeBean')) return ground.charAt(0).toUpperCase() + ground.slice(1)
  if (!ground) return GRIND_LABELS.wholeBean
  return `${GRIND_LABELS.wholeBean}${methods.length > 1 ? ', or' : ' or'} ${ground}`
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
