/**
 * The subscription plans on offer and the STATIC method that lists them. Inline rather than a JSON
 * file: importing JSON in class code needs a newer Rio than our 2022 target.
 * Array order is NOT display order: the app sorts by `sortOrder`.
 */
import { Data } from '@retter/rdk'
import { DeliveryCadence } from './schedule'

export type PlanInterval = 'week' | 'month' | 'year'

/** Mirrors SubscriptionPlan in the app's lib/contract.ts. */
export interface SubscriptionPlan {
  id: string
  name: string
  description: string
  /** Price in minor units of `currency`, an integer. */
  amount: number
  currency: string
  /** How often it is billed. */
  interval: PlanInterval
  /** How often it delivers (drives `nextDeliveryAt`). */
  delivery: DeliveryCadence
  features: string[]
  sortOrder: number
  recommended: boolean
}

export const PLANS: ReadonlyArray<SubscriptionPlan> = [
  {
    id: 'barista',
    name: 'Barista',
    description: 'For the serious home brewer: two bags a week, rare single origins included.',
    amount: 3900,
    currency: 'EUR',
    interval: 'month',
    delivery: 'weekly',
    features: [
      '2 bags (250 g) every week',
      'Rare single origins',
      'Brew-guide cards',
      'Free express delivery',
      'Pause, skip or cancel any time'
    ],
    sortOrder: 3,
    recommended: false
  },
  {
    id: 'taster',
    name: 'Taster',
    description: 'One bag a month of our roaster\'s current favourite.',
    amount: 1200,
    currency: 'EUR',
    interval: 'month',
    delivery: 'monthly',
    features: [
      '1 bag (250 g) every month',
      'Whole bean or ground',
      'Free delivery',
      'Pause, skip or cancel any time'
    ],
    sortOrder: 1,
    recommended: false
  },
  {
    id: 'daily-grind',
    name: 'Daily Grind',
    description: 'A fresh bag every two weeks, roasted the week it ships.',
    amount: 2400,
    currency: 'EUR',
    interval: 'month',
    delivery: 'fortnightly',
    features: [
      '1 bag (250 g) every two weeks',
      'Choose your roast profile',
      'Free delivery',
      'Pause, skip or cancel any time'
    ],
    sortOrder: 2,
    recommended: true
  },
  {
    id: 'roasters-club',
    name: 'Roaster\'s Club',
    description: 'A year of weekly coffee and a seat at our quarterly cupping sessions.',
    amount: 39000,
    currency: 'EUR',
    interval: 'year',
    delivery: 'weekly',
    features: [
      '1 bag (250 g) every week',
      'Quarterly cupping sessions',
      'Members-only releases',
      'Free delivery',
      'Pause, skip or cancel any time'
    ],
    sortOrder: 4,
    recommended: false
  }
]

export function findPlan(planId: string): SubscriptionPlan | undefined {
  for (const plan of PLANS) if (plan.id === planId) return plan
  return undefined
}

/** STATIC: the plans (a fresh copy, so no caller can change ours). */
export async function getSubscriptionPlans(data: Data): Promise<Data> {
  data.response = { statusCode: 200, body: JSON.parse(JSON.stringify(PLANS)) }
  return data
}
