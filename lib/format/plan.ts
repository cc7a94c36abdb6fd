/**
 * A plan's offer in words, from its data alone (so a card can never promise what the plan does not
 * let a customer choose), in the page's language: "2 bags (250 g) every week", "Whole bean or
 * ground for espresso"; and the plan's own name, description and features in the page's language.
 */
import type { DeliveryCadence, Grind, PlanTexts, Roast, SubscriptionPlan } from '@/lib/contract'
import { translateOr, type MessageKey, type Translate } from '@/lib/i18n/types'

const CADENCES: Record<DeliveryCadence, MessageKey> = {
  weekly: 'plans.cadence.weekly',
  fortnightly: 'plans.cadence.fortnightly',
  fourWeekly: 'plans.cadence.fourWeekly',
}

const BREW_METHODS: Record<Exclude<Grind, 'wholeBean'>, MessageKey> = {
  espresso: 'plans.method.espresso',
  moka: 'plans.method.moka',
  filter: 'plans.method.filter',
  frenchPress: 'plans.method.frenchPress',
}

const ROASTS: Record<Exclude<Roast, 'roastersChoice'>, MessageKey> = {
  light: 'plans.roast.light',
  medium: 'plans.roast.medium',
  dark: 'plans.roast.dark',
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** "every two weeks"; an unknown cadence (a newer backend) reads as itself. */
export function cadenceLabel(t: Translate, cadence: DeliveryCadence | string): string {
  const key = CADENCES[cadence as DeliveryCadence] as MessageKey | undefined
  return key ? t(key) : cadence
}

/** "2 bags (250 g) every week". */
export function bagsLine(t: Translate, plan: Pick<SubscriptionPlan, 'bags' | 'bagGrams' | 'delivery'>): string {
  return t('plans.bags', { bags: plan.bags, grams: plan.bagGrams, cadence: cadenceLabel(t, plan.delivery) })
}

/** "a, b or c" in the page's language. */
export function orList(t: Translate, labels: readonly string[]): string {
  return joinedList(t, 'plans.list.or', labels)
}

/** "a, b and c" in the page's language. */
export function andList(t: Translate, labels: readonly string[]): string {
  return joinedList(t, 'subscription.list.and', labels)
}

function joinedList(t: Translate, key: MessageKey, labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('')
  return t(key, { head: labels.slice(0, -1).join(', '), last: labels[labels.length - 1] as string })
}

/**
 * Every grind the plan offers, as short as it reads well: "Whole bean or ground for espresso",
 * "Whole bean, or ground for espresso, moka pot, filter or French press".
 */
export function grindChoices(t: Translate, plan: Pick<SubscriptionPlan, 'grinds'>): string {
  const methods = plan.grinds.filter((grind): grind is Exclude<Grind, 'wholeBean'> => grind !== 'wholeBean').map((grind) => t(BREW_METHODS[grind]))
  const ground = methods.length > 0 ? t('plans.grind.ground', { methods: orList(t, methods) }) : ''
  if (!plan.grinds.includes('wholeBean')) return capitalized(ground)
  if (!ground) return t('plans.grind.wholeBean')
  return t('plans.grind.either', { count: methods.length, ground })
}

/** "Light, medium or dark roast, or our roaster’s choice", or "Our roaster’s choice" alone. */
export function roastChoices(t: Translate, plan: Pick<SubscriptionPlan, 'roasts'>): string {
  const own = plan.roasts.filter((roast): roast is Exclude<Roast, 'roastersChoice'> => roast !== 'roastersChoice').map((roast) => t(ROASTS[roast]))
  const roaster = plan.roasts.includes('roastersChoice')
  if (own.length === 0) return roaster ? t('plans.roast.roaster') : ''
  return capitalized(t(roaster ? 'plans.roast.ownOrRoaster' : 'plans.roast.own', { roasts: orList(t, own) }))
}

/** The plan's own words in the page's language, when the shop's catalogue gave them. */
function ownWords(t: Translate, plan: Pick<SubscriptionPlan, 'translations'>): PlanTexts | undefined {
  // English is the plan's own fields: a plan never carries words under "en".
  return t.locale ? plan.translations?.[t.locale] : undefined
}

/**
 * The plan's name or description in the page's language: the catalogue plan's own words (owners
 * write them in the app; English where a language has none); for a plan without words, the message
 * catalogue's, else its own.
 */
function planWord<F extends 'name' | 'description'>(t: Translate, plan: Pick<SubscriptionPlan, 'id' | 'translations' | F>, field: F): string {
  return plan.translations ? ownWords(t, plan)?.[field] || plan[field] : translateOr(t, `plans.${field}.${plan.id}`, plan[field])
}

/** The plan's name in the page's language (planWord). */
export function planTitle(t: Translate, plan: Pick<SubscriptionPlan, 'id' | 'name' | 'translations'>): string {
  return planWord(t, plan, 'name')
}

/** The plan's description in the page's language (planWord). */
export function planDescription(t: Translate, plan: Pick<SubscriptionPlan, 'id' | 'description' | 'translations'>): string {
  return planWord(t, plan, 'description')
}

/**
 * The plan's features in the page's language: its own words there, else as written in English (the
 * Shop saves a language's features only as many as the English ones).
 */
export function planFeatures(t: Translate, plan: Pick<SubscriptionPlan, 'features' | 'translations'>): string[] {
  return ownWords(t, plan)?.features || plan.features
}
