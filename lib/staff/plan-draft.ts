/**
 * The staff page's plan form as text fields, and the plan the Shop takes from them: features one per
 * line, numbers as typed, each language's words. The Shop checks every field and names the one it
 * refuses; here only what a form must turn into data (lines, numbers, euros) is done.
 */
import type { CataloguePlan } from '@retter-shared/BeanBloomSubscription/catalogue'
import type { DeliveryCadence, Grind, Roast } from '@/lib/contract'
import type { PlanInput } from './shop-api'

/** One language's words of a plan, as typed. */
export interface WordsDraft {
  name: string
  description: string
  /** One feature per line. */
  features: string
}

export interface PlanDraft {
  id: string
  name: string
  description: string
  features: string
  /** The price in euros as typed (a new plan only: a plan's price changes with notice). */
  price: string
  delivery: DeliveryCadence
  bags: string
  bagGrams: string
  grinds: Grind[]
  roasts: Roast[]
  sortOrder: string
  recommended: boolean
  coffeeId: string
  translations: Record<string, WordsDraft>
}

const lines = (text: string): string[] => text.split('\n').map((line) => line.trim()).filter((line) => line !== '')

/** The form's fields for `plan` (a new plan's defaults when there is none). */
export function draftOf(plan: CataloguePlan | undefined, locales: readonly string[]): PlanDraft {
  const translations: Record<string, WordsDraft> = {}
  for (const locale of locales) {
    const words = plan?.translations[locale]
    translations[locale] = { name: words?.name ?? '', description: words?.description ?? '', features: (words?.features ?? []).join('\n') }
  }
  return {
    id: plan?.id ?? '',
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    features: (plan?.features ?? []).join('\n'),
    price: plan ? (plan.amount / 100).toFixed(2) : '',
    delivery: plan?.delivery ?? 'fortnightly',
    bags: String(plan?.bags ?? 1),
    bagGrams: String(plan?.bagGrams ?? 250),
    grinds: plan?.grinds.slice() ?? ['wholeBean'],
    roasts: plan?.roasts.slice() ?? ['roastersChoice'],
    sortOrder: String(plan?.sortOrder ?? 10),
    recommended: plan?.recommended ?? false,
    coffeeId: plan?.coffeeId ?? '',
    translations,
  }
}

/**
 * Euros as typed ("12", "12.5", "12,50", "€ 12.50") in cents; NaN when it is no amount (the Shop
 * then refuses the price, naming the field).
 */
export function eurosToCents(text: string): number {
  const cleaned = text.replace(/€/g, '').trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return NaN
  const [whole = '0', fraction = ''] = cleaned.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/**
 * The plan the form describes. A language left empty is sent without words (it reads in English
 * and is flagged); its features are sent only when given.
 * @param amount the plan's price in cents (the typed one for a new plan, the current one otherwise)
 */
export function planInputOf(draft: PlanDraft, amount: number): PlanInput {
  const translations: PlanInput['translations'] = {}
  for (const [locale, words] of Object.entries(draft.translations)) {
    const features = lines(words.features)
    if (!words.name.trim() && !words.description.trim() && features.length === 0) continue
    translations[locale] = {
      ...(words.name.trim() ? { name: words.name.trim() } : {}),
      ...(words.description.trim() ? { description: words.description.trim() } : {}),
      ...(features.length > 0 ? { features } : {}),
    }
  }
  const input: PlanInput = {
    id: draft.id.trim(),
    name: draft.name.trim(),
    description: draft.description.trim(),
    features: lines(draft.features),
    amount,
    delivery: draft.delivery,
    bags: Number(draft.bags),
    bagGrams: Number(draft.bagGrams),
    grinds: draft.grinds,
    roasts: draft.roasts,
    sortOrder: Number(draft.sortOrder),
    recommended: draft.recommended,
    translations,
  }
  if (draft.coffeeId && draft.roasts.includes('roastersChoice')) input.coffeeId = draft.coffeeId
  return input
}
