/**
 * The seed catalogue: the plans a fresh shop starts with (the Shop class keeps the catalogue from
 * then on, and owners change it in the app; catalogue.ts). Inline rather than a JSON file: importing
 * JSON in class code needs a newer Rio than our 2022 target.
 * Array order is NOT display order: the app sorts by `sortOrder`.
 *
 * Prices are per delivery and fall per bag as a plan sends more coffee (13, 12, 11 and 10 euros a
 * bag), so no plan is a worse deal than a smaller one. What a customer may choose (grind, roast) is
 * data here, and the plan cards show exactly that: nothing is advertised that cannot be chosen.
 */
import type { DeliveryCadence } from './schedule'
import { ALL_GRINDS, ALL_ROASTS, Grind, Roast } from './preferences'

/** What the price is for: one delivery (the only kind today). */
export type PlanInterval = 'delivery'

/** A subscription plan, as `Account.getSubscriptionPlans` returns it (a JSON array of these). */
export interface SubscriptionPlan {
  id: string
  name: string
  description: string
  /** Price of one delivery in minor units of `currency` (cents for EUR), an integer. */
  amount: number
  /** ISO 4217 code, e.g. "EUR". */
  currency: string
  /** What `amount` buys: one delivery. */
  interval: PlanInterval
  /** How often it delivers (every 1, 2 or 4 weeks): drives the delivery schedule. */
  delivery: DeliveryCadence
  /** Bags in each delivery. */
  bags: number
  /** Grams of coffee in each bag. */
  bagGrams: number
  /** The grinds a customer may choose, in display order (the cards list exactly these). */
  grinds: Grind[]
  /** The roasts a customer may choose, in display order (`roastersChoice` alone: the roaster picks). */
  roasts: Roast[]
  /** Everything else the plan includes (never grind or roast claims: those come from the lists above). */
  features: string[]
  /** Ascending display order. */
  sortOrder: number
  /** Marked as the recommended plan in the UI; at most one plan has it. */
  recommended: boolean
  /** Its words in the other languages (the catalogue's plans have them; a language missing reads in English). */
  translations?: { [locale: string]: PlanTexts }
  /** For a roaster's-choice plan: the coffee of the moment, as the catalogue names it. */
  coffee?: CoffeeOfTheMoment
}

/** A plan's words in one language besides English; what is missing reads in English. */
export interface PlanTexts {
  name?: string
  description?: string
  /** The features in the English list's order (same length). */
  features?: string[]
}

/** The coffee a roaster's-choice plan sends now. */
export interface CoffeeOfTheMoment {
  name: string
  origin: string
  process: string
  notes: string
}

export const PLANS: ReadonlyArray<SubscriptionPlan> = [
  {
    id: 'barista',
    name: 'Barista',
    description: 'For the serious home brewer: two bags every week, whole bean or ground for espresso.',
    amount: 2000,
    currency: 'EUR',
    interval: 'delivery',
    delivery: 'weekly',
    bags: 2,
    bagGrams: 250,
    grinds: ['wholeBean', 'espresso'],
    roasts: ALL_ROASTS.slice(),
    features: ['Brew-guide cards', 'Free delivery', 'Pause, skip or cancel any time'],
    sortOrder: 4,
    recommended: false
  },
  {
    id: 'taster',
    name: 'Taster',
    description: 'One bag every four weeks of our roaster\'s current favourite.',
    amount: 1300,
    currency: 'EUR',
    interval: 'delivery',
    delivery: 'fourWeekly',
    bags: 1,
    bagGrams: 250,
    grinds: ALL_GRINDS.slice(),
    roasts: ['roastersChoice'],
    features: ['Free delivery', 'Pause, skip or cancel any time'],
    sortOrder: 1,
    recommended: false
  },
  {
    id: 'daily-grind',
    name: 'Daily Grind',
    description: 'A fresh bag every two weeks, roasted the week it ships.',
    amount: 1200,
    currency: 'EUR',
    interval: 'delivery',
    delivery: 'fortnightly',
    bags: 1,
    bagGrams: 250,
    grinds: ALL_GRINDS.slice(),
    roasts: ALL_ROASTS.slice(),
    features: ['Free delivery', 'Pause, skip or cancel any time'],
    sortOrder: 2,
    recommended: true
  },
  {
    id: 'roasters-club',
    name: 'Roaster\'s Club',
    description: 'A bag every week, picked by our roaster, with members-only releases first.',
    amount: 1100,
    currency: 'EUR',
    interval: 'delivery',
    delivery: 'weekly',
    bags: 1,
    bagGrams: 250,
    grinds: ALL_GRINDS.slice(),
    roasts: ['roastersChoice'],
    features: ['Members-only releases', 'Free delivery', 'Pause, skip or cancel any time'],
    sortOrder: 3,
    recommended: false
  }
]
