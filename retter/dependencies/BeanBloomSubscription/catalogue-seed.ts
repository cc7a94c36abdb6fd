/**
 * The catalogue a fresh shop starts with (the Shop's `main` seeds itself with it): the seed plans of
 * plans.ts with their words in every language from the message catalogue, three coffees and three extras.
 * Apart from catalogue.ts because it reads every language's messages, which the app's pages do not load.
 */
import { CATALOGUE } from 'BeanBloomKit/i18n/messages'
import { LOCALES } from 'BeanBloomKit/i18n/locales'
import { Catalogue, CataloguePlan, Coffee, seedPlans } from './catalogue'
import { PlanTexts } from './plans'
import { seedExtras } from './extras'

/** The message key of each seed feature (plans carry features as text; the seed's words live in the catalogue). */
export const SEED_FEATURE_KEYS: { readonly [feature: string]: string } = {
  'Brew-guide cards': 'plans.feature.brewGuides',
  'Free delivery': 'plans.feature.freeDelivery',
  'Pause, skip or cancel any time': 'plans.feature.anyTime',
  'Members-only releases': 'plans.feature.membersOnly',
}

export const SEED_COFFEES: ReadonlyArray<Coffee> = [
  { id: 'guji', name: 'Guji Highlands', origin: 'Guji, Ethiopia', process: 'washed', notes: 'peach, jasmine, black tea', roast: 'light', available: true },
  { id: 'huila', name: 'Huila Supremo', origin: 'Huila, Colombia', process: 'washed', notes: 'red apple, caramel, cocoa', roast: 'medium', available: true },
  { id: 'mandheling', name: 'Mandheling', origin: 'Sumatra, Indonesia', process: 'wet-hulled', notes: 'dark chocolate, cedar, spice', roast: 'dark', available: true },
]

/** The roaster's-choice plans' coffee of the moment in the seed. */
const SEED_COFFEE_OF_PLAN: { readonly [planId: string]: string } = { taster: 'guji', 'roasters-club': 'huila' }

function wordsOf(locale: string, plan: CataloguePlan): PlanTexts {
  const messages = (CATALOGUE as unknown as { [locale: string]: { [key: string]: string | undefined } })[locale] || {}
  const words: PlanTexts = {}
  const name = messages['plans.name.' + plan.id]
  const description = messages['plans.description.' + plan.id]
  if (name) words.name = name
  if (description) words.description = description
  const features = plan.features.map(function (feature) { return messages[SEED_FEATURE_KEYS[feature] || ''] || '' })
  if (features.every(function (f) { return f !== '' })) words.features = features
  return words
}

/** A fresh copy of the seed catalogue, its plans' prices set at the epoch. */
export function seedCatalogue(): Catalogue {
  const plans = seedPlans().map(function (plan) {
    for (const locale of LOCALES) if (locale !== 'en') plan.translations[locale] = wordsOf(locale, plan)
    const coffeeId = SEED_COFFEE_OF_PLAN[plan.id]
    if (coffeeId) plan.coffeeId = coffeeId
    return plan
  })
  return { plans: plans, coffees: SEED_COFFEES.map(function (c) { return Object.assign({}, c) }), extras: seedExtras() }
}
