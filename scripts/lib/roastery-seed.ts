/**
 * Seeds a runtime's SQLite storage with active subscriptions for `npm run bench:roastery`, built by
 * the Account class's own modules (schedule, plans, preferences, the address check, the ids), as
 * `selectPlan` would have stored them on the day each started. Started over the past four weeks, so
 * deliveries fall on every weekday and the fortnightly and four-weekly plans on every phase. Nothing
 * is put on a board here: the runtime does that, through the Account's own code.
 */
import { accountIdFor, userIdFor } from '@retter-shared/BeanBloomIdentity'
import { checkAddress, type DeliveryAddress } from '@retter-shared/BeanBloomSubscription/address'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { cadenceOf } from '@retter-shared/BeanBloomSubscription/catalogue'
import { preferencesFor } from '@retter-shared/BeanBloomSubscription/preferences'
import { DAY_MS, start, subscriptionAt } from '@retter-shared/BeanBloomSubscription/schedule'
import type { Storage } from '../../rio-local/storage/types'
import { seededRandom } from './seeded-random'

export interface SeededCustomer {
  email: string
  accountId: string
  userId: string
  plan: string
  /** Upcoming delivery days (`YYYY-MM-DD`) not skipped, as of the seed. */
  deliveryDays: string[]
}

const FIRST = ['Ada', 'Bo', 'Chiara', 'Dmitri', 'Émilie', 'Femi', 'Greta', 'Hiroshi', 'Ines', 'Jonas', 'Katarzyna', 'Liam', 'Maëlle', 'Niamh', 'Oskar', 'Pilar']
const LAST = ['Lovelace', 'Berg', 'Rossi', 'Ivanov', 'Dubois', 'Adeyemi', 'Lindqvist', 'Tanaka', 'García', 'Schmidt', 'Nowak', 'O’Brien', 'Martin', 'Byrne', 'Andersen', 'Fernández']
const STREETS = ['Main Street', 'Torstraße', 'Rue de Rivoli', 'Keizersgracht', 'Calle de Alcalá', 'Via del Corso', 'Grafton Street', 'Kastanienallee']
const PLACES: Array<Pick<DeliveryAddress, 'city' | 'postalCode' | 'country'>> = [
  { city: 'Berlin', postalCode: '10119', country: 'DE' },
  { city: 'Paris', postalCode: '75001', country: 'FR' },
  { city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL' },
  { city: 'Madrid', postalCode: '28013', country: 'ES' },
  { city: 'Roma', postalCode: '00184', country: 'IT' },
  { city: 'Dublin', postalCode: 'D02 X285', country: 'IE' },
  { city: 'London', postalCode: 'SW1A 1AA', country: 'GB' },
]


function pick<T>(list: readonly T[], next: () => number): T {
  return list[Math.floor(next() * list.length)] as T
}

function addressFor(next: () => number): DeliveryAddress {
  const raw = {
    name: `${pick(FIRST, next)} ${pick(LAST, next)}`,
    line1: `${pick(STREETS, next)} ${1 + Math.floor(next() * 180)}`,
    ...(next() < 0.3 ? { line2: `Apartment ${1 + Math.floor(next() * 60)}` } : {}),
    ...pick(PLACES, next),
  }
  const checked = checkAddress(raw)
  if (!checked.ok) throw new Error(`The seed made an address the class refuses: ${checked.message}`)
  return checked.address
}

/**
 * Writes `count` active subscriptions (and their Account instances and e-mail lookup keys) into
 * `storage`, spread over the plans and over start days in the four weeks before `nowMs`. Ids are
 * derived with CUSTOMER_ID_SECRET: the runtime that serves them must have the same.
 * @returns who was seeded, with their upcoming delivery days
 */
export function seedSubscriptions(storage: Storage, options: { projectId: string; count: number; nowMs: number; emailDomain?: string }): SeededCustomer[] {
  const next = seededRandom(20261123)
  const seeded: SeededCustomer[] = []
  const domain = options.emailDomain ?? 'bench.example'
  for (let i = 0; i < options.count; i++) {
    const plan = PLANS[i % PLANS.length] as (typeof PLANS)[number]
    const startedMs = options.nowMs - (Math.floor(i / PLANS.length) % 28) * DAY_MS - Math.floor(next() * 8) * 3_600_000
    const email = `customer${i}@${domain}`
    const userId = userIdFor(email)
    const started = start({ plan: null, status: 'none', history: [] }, plan.id, plan.delivery, startedMs)
    if (!started.ok) throw new Error(`start refused: ${started.message}`)
    const startedAt = new Date(startedMs).toISOString()
    const preferences = preferencesFor(plan, { grind: pick(plan.grinds, next), roast: pick(plan.roasts, next) })
    const customer = subscriptionAt({
      ...started.sub,
      email,
      memberSince: startedAt,
      lastSignInAt: startedAt,
      startedAt,
      planChangedAt: startedAt,
      delivery: addressFor(next),
      // selectPlan starts a subscription only with a saved payment method: its summary, as savePaymentMethod
      // stores it. No Stripe objects: the bench fills and reads boards and charges nothing.
      paymentMethod: { type: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date(startedMs).getUTCFullYear() + 3, savedAt: startedAt },
      preferences,
      history: [{ at: startedAt, action: 'started', plan: plan.id }],
    }, options.nowMs, cadenceOf)
    const accountId = accountIdFor(email)
    storage.commit({
      instance: {
        projectId: options.projectId,
        classId: 'Account',
        instanceId: accountId,
        state: { public: {}, private: { userId }, user: { [userId]: customer as unknown as Record<string, unknown> }, role: {} },
        createdAt: startedMs,
        updatedAt: startedMs,
      },
      lookupKeys: [{ projectId: options.projectId, classId: 'Account', name: 'email', value: email, instanceId: accountId }],
    })
    seeded.push({
      email,
      accountId,
      userId,
      plan: plan.id,
      deliveryDays: (customer.upcomingDeliveries ?? []).filter((d) => !d.skipped).map((d) => d.date.slice(0, 10)),
    })
  }
  return seeded
}
