/**
 * Prices with notice, checked by fast-check over random schedules (starts, plan changes, skips and
 * pauses at random times) and random price changes of every plan at random times:
 * - no delivery is charged a price set after the customer chose its plan unless that price was set
 *   at least the notice period before the delivery's final moment;
 * - a price change cannot reach a delivery already announced: the price of a delivery seen at any
 *   moment from its notice period before its final moment on is the price it is charged;
 * - a customer who chose a plan after its newest price pays that price;
 * - a later delivery is never charged an older price than an earlier one (the price notice finds the
 *   first delivery a change reaches by this, even when a change goes back to an earlier amount).
 */
import fc from 'fast-check'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { deliveryPrice, priceFor, priceStepFor, seedPlans, putInUse, type CataloguePlan, type PriceStep } from '@retter-shared/BeanBloomSubscription/catalogue'
import { finalMomentMs } from '@retter-shared/BeanBloomSubscription/payments'
import {
  changePlan, DAY_MS, gridDates, pause, segmentOn, skipNext, start, startOfUtcDay, subscriptionAt, type SubscriptionFields,
} from '@retter-shared/BeanBloomSubscription/schedule'

const START = Date.parse('2026-11-23T10:00:00Z')
const NOTICE = 30
const planIds = PLANS.map((plan) => plan.id)
const cadenceOf = (id: string) => PLANS.find((plan) => plan.id === id)?.delivery

type Op =
  | { kind: 'change'; plan: string }
  | { kind: 'skipNext' }
  | { kind: 'pause'; weeks: number }
  | { kind: 'price'; plan: string; cents: number }
  | { kind: 'wait'; hours: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('change' as const), plan: fc.constantFrom(...planIds) }),
  fc.record({ kind: fc.constant('skipNext' as const) }),
  fc.record({ kind: fc.constant('pause' as const), weeks: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('price' as const), plan: fc.constantFrom(...planIds), cents: fc.integer({ min: 1, max: 50000 }) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 24 * 20 }) }),
)

interface World {
  sub: SubscriptionFields
  plans: CataloguePlan[]
  nowMs: number
}

/** Plays `ops` from a Barista start at START; the catalogue's price history grows as prices change. */
function play(first: string, ops: Op[]): World {
  const plans = seedPlans()
  let nowMs = START
  const started = start({ plan: null, status: 'none' } as SubscriptionFields, first, cadenceOf(first)!, nowMs)
  if (!started.ok) throw new Error(`a fresh start is refused: ${started.message}`)
  let sub = started.sub
  for (const o of ops) {
    if (o.kind === 'wait') nowMs += o.hours * 3600_000
    else if (o.kind === 'price') {
      const plan = plans.find((p) => p.id === o.plan)!
      plan.prices.push({ amount: o.cents, at: new Date(nowMs).toISOString() })
      plan.amount = o.cents
    } else {
      const next = o.kind === 'change' ? changePlan(sub, o.plan, cadenceOf(o.plan)!, nowMs) : o.kind === 'skipNext' ? skipNext(sub, nowMs) : pause(sub, o.weeks, nowMs)
      if (next.ok) sub = next.sub as SubscriptionFields
    }
    sub = subscriptionAt(sub, nowMs, cadenceOf)
  }
  return { sub, plans, nowMs }
}

const scenario = fc.tuple(fc.constantFrom(...planIds), fc.array(op, { maxLength: 25 }))

/** The deliveries still ahead of the world's moment (skipped ones included: a skip changes no price). */
function ahead(world: World): string[] {
  return gridDates(world.sub.segments ?? [], startOfUtcDay(world.nowMs), 12).map((d) => d.date)
}

test('no delivery is charged a price set after its plan was chosen and less than the notice before its final moment', () => {
  fc.assert(fc.property(scenario, ([first, ops]) => {
    const world = play(first, ops)
    putInUse({ plans: world.plans, coffees: [] })
    for (const date of ahead(world)) {
      const segment = segmentOn(world.sub.segments ?? [], date)!
      const plan = world.plans.find((p) => p.id === segment.plan)!
      const chosenAtMs = segment.chosenAt ? Date.parse(segment.chosenAt) : -Infinity
      const cents = deliveryPrice(world.sub.segments ?? [], date, NOTICE)
      // The price in force when the customer chose the plan (what they saw).
      const seen = [...plan.prices].reverse().find((s) => Date.parse(s.at) <= chosenAtMs) ?? (plan.prices[0] as PriceStep)
      if (cents !== seen.amount) {
        const noticed = plan.prices.filter((s) => Date.parse(s.at) > chosenAtMs && Date.parse(s.at) + NOTICE * DAY_MS <= finalMomentMs(date))
        expect(noticed.map((s) => s.amount)).toContain(cents)
        // …and it is the newest price given with notice: nothing newer that qualified is skipped over.
        expect(noticed[noticed.length - 1]?.amount).toBe(cents)
      }
    }
  }), { numRuns: 300 })
})

test('a price change cannot reach a delivery already announced: from its notice on, its price is fixed', () => {
  const later = fc.array(fc.tuple(fc.integer({ min: 0, max: NOTICE * 24 * 2 }), fc.integer({ min: 1, max: 50000 })), { minLength: 1, maxLength: 4 })
  fc.assert(fc.property(scenario, later, ([first, ops], changes) => {
    const world = play(first, ops)
    for (const date of ahead(world)) {
      const segment = segmentOn(world.sub.segments ?? [], date)!
      const chosenAtMs = segment.chosenAt ? Date.parse(segment.chosenAt) : -Infinity
      const plan = world.plans.find((p) => p.id === segment.plan)!
      // From this moment the delivery's price is known to the customer: its notice period began, or they chose it then.
      const fixedFrom = Math.max(finalMomentMs(date) - NOTICE * DAY_MS, chosenAtMs)
      const known = plan.prices.filter((s) => Date.parse(s.at) <= fixedFrom)
      const history = known.length > 0 ? known : plan.prices.slice(0, 1)
      const afterwards = changes.map(([hours, cents]) => ({ amount: cents, at: new Date(fixedFrom + 1 + hours * 3600_000).toISOString() }))
      afterwards.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
      expect(priceFor({ prices: history.concat(afterwards), amount: 0 }, chosenAtMs, date, NOTICE)).toBe(priceFor({ prices: history, amount: 0 }, chosenAtMs, date, NOTICE))
    }
  }), { numRuns: 300 })
})

test('a customer who chose a plan after its newest price pays that price from the first delivery', () => {
  fc.assert(fc.property(scenario, fc.constantFrom(...planIds), ([first, ops], target) => {
    const world = play(first, ops)
    putInUse({ plans: world.plans, coffees: [] })
    const chosen = world.sub.status === 'active' || world.sub.status === 'paused' ? changePlan(world.sub, target, cadenceOf(target)!, world.nowMs + 1) : start(world.sub, target, cadenceOf(target)!, world.nowMs + 1)
    if (!chosen.ok) return
    const sub = chosen.sub as SubscriptionFields
    const plan = world.plans.find((p) => p.id === target)!
    const last = sub.segments![sub.segments!.length - 1]!
    for (const delivery of gridDates(sub.segments!, Date.parse(last.from), 6)) {
      expect(deliveryPrice(sub.segments!, delivery.date, NOTICE)).toBe(plan.amount)
    }
  }), { numRuns: 300 })
})

test('a later delivery is never charged an older price of the plan than an earlier one, whatever the amounts', () => {
  // Amounts from a tiny range so that changes back to an earlier amount are common.
  const history = fc.array(fc.tuple(fc.integer({ min: 0, max: 24 * 120 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 6 })
  const chosen = fc.option(fc.integer({ min: 0, max: 24 * 120 }), { nil: undefined })
  fc.assert(fc.property(history, chosen, (changes, chosenHours) => {
    const steps: PriceStep[] = [{ amount: 2000, at: '2026-01-01T00:00:00.000Z' }]
    let at = START
    for (const [hours, step] of changes) {
      at += hours * 3600_000
      steps.push({ amount: 2000 + step * 100, at: new Date(at).toISOString() })
    }
    const chosenAtMs = chosenHours === undefined ? -Infinity : START + chosenHours * 3600_000
    const plan = { prices: steps, amount: steps[steps.length - 1]!.amount }
    let previous = 0
    for (let day = 0; day < 200; day += 3) {
      const date = new Date(startOfUtcDay(START) + day * DAY_MS).toISOString()
      const index = priceStepFor(plan, chosenAtMs, date, NOTICE)
      expect(index).toBeGreaterThanOrEqual(previous)
      expect(priceFor(plan, chosenAtMs, date, NOTICE)).toBe(steps[index]!.amount)
      previous = index
    }
  }), { numRuns: 300 })
})
