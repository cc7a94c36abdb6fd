/** The spend of a plan over four weeks: exact integer cents for every cadence, with properties. */
import fc from 'fast-check'
import type { DeliveryCadence } from '@/lib/contract'
import { deliveriesPerPeriod, PERIOD_WEEKS, periodCost, periodDifference } from '@/lib/subscription/period-cost'

const cadences: DeliveryCadence[] = ['weekly', 'fortnightly', 'fourWeekly']
const cadence = fc.constantFrom(...cadences)
const cents = fc.integer({ min: 0, max: 10_000_000 })
const WEEKS: Record<DeliveryCadence, number> = { weekly: 1, fortnightly: 2, fourWeekly: 4 }

test('the plans of the shop: Daily Grind (€12 fortnightly) and Roaster’s Club (€11 weekly)', () => {
  expect(periodCost({ amount: 1200, delivery: 'fortnightly' })).toEqual({ deliveries: 2, amount: 2400 })
  expect(periodCost({ amount: 1100, delivery: 'weekly' })).toEqual({ deliveries: 4, amount: 4400 })
  // A cheaper delivery, yet €20 more every four weeks.
  expect(periodDifference({ amount: 1200, delivery: 'fortnightly' }, { amount: 1100, delivery: 'weekly' })).toBe(2000)
})

test('the deliveries of a cadence fill the four weeks exactly, a whole number of them', () => {
  fc.assert(fc.property(cadence, (c) => {
    const n = deliveriesPerPeriod(c)
    expect(Number.isInteger(n)).toBe(true)
    expect(n * WEEKS[c]).toBe(PERIOD_WEEKS)
  }))
})

test('the four-week cost is an integer number of cents, the price summed once per delivery', () => {
  fc.assert(fc.property(cents, cadence, (amount, c) => {
    const cost = periodCost({ amount, delivery: c })
    expect(Number.isSafeInteger(cost.amount)).toBe(true)
    let sum = 0
    for (let i = 0; i < cost.deliveries; i++) sum += amount
    expect(cost.amount).toBe(sum)
  }))
})

test('a more frequent cadence at the same price never costs less; a higher price never costs less', () => {
  fc.assert(fc.property(cents, cents, cadence, cadence, (a, b, c, d) => {
    const [low, high] = a <= b ? [a, b] : [b, a]
    expect(periodCost({ amount: low, delivery: c }).amount).toBeLessThanOrEqual(periodCost({ amount: high, delivery: c }).amount)
    const [often, rarely] = WEEKS[c] <= WEEKS[d] ? [c, d] : [d, c]
    expect(periodCost({ amount: a, delivery: often }).amount).toBeGreaterThanOrEqual(periodCost({ amount: a, delivery: rarely }).amount)
  }))
})

test('the difference of a change is antisymmetric and zero for the same plan', () => {
  fc.assert(fc.property(cents, cents, cadence, cadence, (a, b, c, d) => {
    const from = { amount: a, delivery: c }
    const to = { amount: b, delivery: d }
    // Summed rather than negated: -0 and 0 are one amount of money.
    expect(periodDifference(from, to) + periodDifference(to, from)).toBe(0)
    expect(periodDifference(from, from)).toBe(0)
  }))
})

test('a price that is not whole cents, or an unknown cadence, is refused with a reason', () => {
  fc.assert(fc.property(fc.double({ noNaN: false }).filter((x) => !Number.isSafeInteger(x) || x < 0), (amount) => {
    expect(() => periodCost({ amount, delivery: 'weekly' })).toThrow(/whole, non-negative number of cents/)
  }))
  expect(() => periodCost({ amount: 100, delivery: 'daily' as DeliveryCadence })).toThrow('Unknown delivery cadence "daily"')
})
