/**
 * The monthly reports (BeanBloomSubscription reports.ts): a hand-computed month of five customers,
 * and over random lifecycles, MRR equal to the sum of the active subscriptions' prices normalised
 * to a month, and the same report however the customers are spread over shards.
 */
import fc from 'fast-check'
import {
  COHORT_MONTHS, listPriceAt, mergeReports, monthAfter, monthlyCents, reportFactsOf, reportPart, stateAt,
  type LifecycleStep, type ReportFacts, type ReportPlan,
} from '@retter-shared/BeanBloomSubscription/reports'
import type { TimelineEntry } from '@retter-shared/BeanBloomSubscription/customer-timeline'
import type { DeliveryPayment } from '@retter-shared/BeanBloomSubscription/payments'

const PLANS: { [id: string]: ReportPlan } = {
  barista: { delivery: 'weekly', prices: [{ at: '2026-01-01T00:00:00.000Z', amount: 2000 }] },
  taster: { delivery: 'fourWeekly', prices: [{ at: '2026-01-01T00:00:00.000Z', amount: 1500 }] },
  daily: { delivery: 'fortnightly', prices: [{ at: '2026-01-01T00:00:00.000Z', amount: 1800 }] },
}
const t = (day: string) => `${day}T10:00:00.000Z`
const step = (at: string, what: string, plan: string, more: Partial<TimelineEntry> = {}): TimelineEntry => ({ at: t(at), what, actor: 'customer', plan, ...more })
const paid = (at: string, amountCents: number, refunds: DeliveryPayment['refunds'] = []): DeliveryPayment =>
  ({ date: at, deliveryId: `x:${at}`, plan: 'barista', amountCents, currency: 'eur', status: 'paid', attempts: 1, paidAt: t(at), updatedAt: t(at), refunds })

test('October 2026 of five customers, computed by hand', () => {
  const customers: ReportFacts[] = [
    // A: weekly since September; two payments in October and a refund of one bag.
    reportFactsOf([step('2026-09-10', 'started', 'barista')], [paid('2026-10-07', 2000), paid('2026-10-14', 2000, [{ refundId: 're_1', amountCents: 500, reason: 'Torn bag', at: t('2026-10-16') }])]),
    // B: starts in October and cancels, saying why.
    reportFactsOf([step('2026-10-05', 'started', 'taster'), step('2026-10-20', 'cancelled', 'taster', { reason: 'Too much coffee' })], []),
    // C: paused eight weeks from 25 September: paused all October.
    reportFactsOf([step('2026-08-01', 'started', 'barista'), step('2026-09-25', 'paused', 'barista', { weeks: 8 })], []),
    // D: fortnightly since September, switches to weekly in October; paid in September only.
    reportFactsOf([step('2026-09-01', 'started', 'daily'), step('2026-10-10', 'changed', 'barista', { fromPlan: 'daily' })], [paid('2026-09-30', 1800)]),
    // E: signed in, never subscribed.
    reportFactsOf([], []),
  ]
  const report = reportPart(customers, '2026-10', '2026-11-15T00:00:00.000Z', PLANS)
  expect(report).toEqual({
    month: '2026-10',
    activeSubscriptions: 2, activeByPlan: { barista: 2 }, pausedSubscriptions: 1,
    newSubscriptions: 1, cancelledSubscriptions: 1, cancelReasons: { 'Too much coffee': 1 },
    // 2 × round(2000 × 52 / 12) = 2 × 8667
    mrrCents: 17_334, collectedCents: 4000, refundedCents: 500,
    atStart: 3, churnRate: 1 / 3,
    cohorts: { '2026-08': { customers: 1, subscribed: [1, 1, 1] }, '2026-09': { customers: 2, subscribed: [2, 2] }, '2026-10': { customers: 1, subscribed: [0] } },
  })
  // November, running: C's pause is over on 20 November.
  expect(reportPart(customers, '2026-11', '2026-11-25T00:00:00.000Z', PLANS)).toMatchObject({ activeSubscriptions: 3, pausedSubscriptions: 0, mrrCents: 26_001 })
})

test('a price change counts from its moment; before it, the plan’s first price', () => {
  const plan: ReportPlan = { delivery: 'weekly', prices: [{ at: '2026-01-01T00:00:00.000Z', amount: 2000 }, { at: '2026-10-15T00:00:00.000Z', amount: 2200 }] }
  expect(listPriceAt(plan, '2026-10-01T00:00:00.000Z')).toBe(2000)
  expect(listPriceAt(plan, '2026-11-01T00:00:00.000Z')).toBe(2200)
  expect(monthlyCents(plan, '2026-11-01T00:00:00.000Z')).toBe(9533)
})

/** A lifecycle made by a model that knows where it ends: the model's final state, and the steps. */
const lifecycleArb = fc.array(fc.record({ kind: fc.constantFrom('S', 'X', 'P', 'R', 'C'), plan: fc.constantFrom('barista', 'taster', 'daily') }), { maxLength: 12 }).map((moves) => {
  let status = 'none' as 'none' | 'active' | 'paused' | 'cancelled'
  let plan = ''
  const steps: LifecycleStep[] = []
  moves.forEach((move, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString()
    // Only what the Account allows: a start from none or cancelled, changes and pauses while subscribed.
    if (move.kind === 'S' && (status === 'none' || status === 'cancelled')) { status = 'active'; plan = move.plan; steps.push([at, 'S', plan]) }
    else if (move.kind === 'X' && (status === 'active' || status === 'paused')) { plan = move.plan; steps.push([at, 'X', plan]) }
    // An open-ended pause here (no weeks): it lasts until resumed.
    else if (move.kind === 'P' && status === 'active') { status = 'paused'; steps.push([at, 'P', plan]) }
    else if (move.kind === 'R' && status === 'paused') { status = 'active'; steps.push([at, 'R', plan]) }
    else if (move.kind === 'C' && (status === 'active' || status === 'paused')) { status = 'cancelled'; steps.push([at, 'C', plan, 'Moving']) }
  })
  return { facts: { lifecycle: steps, paid: {}, refunded: {} } as ReportFacts, status, plan }
})

test('MRR is the sum of the active subscriptions’ prices normalised to a month, over random lifecycles', () => {
  fc.assert(fc.property(fc.array(lifecycleArb, { maxLength: 40 }), (customers) => {
    const report = reportPart(customers.map((c) => c.facts), '2026-03', '2026-06-01T00:00:00.000Z', PLANS)
    const active = customers.filter((c) => c.status === 'active')
    expect(report.activeSubscriptions).toBe(active.length)
    expect(report.pausedSubscriptions).toBe(customers.filter((c) => c.status === 'paused').length)
    expect(report.mrrCents).toBe(active.reduce((sum, c) => sum + Math.round((PLANS[c.plan] as ReportPlan).prices[0]!.amount * { weekly: 52 / 12, fortnightly: 26 / 12, fourWeekly: 13 / 12 }[(PLANS[c.plan] as ReportPlan).delivery]), 0))
    for (const c of customers) expect(stateAt(c.facts.lifecycle, '2026-04-01T00:00:00.000Z').status).toBe(c.status)
  }))
})

test('the report is the same however the customers are spread over shards', () => {
  fc.assert(fc.property(fc.array(fc.tuple(lifecycleArb, fc.integer({ min: 0, max: 15 })), { maxLength: 40 }), fc.constantFrom('2026-01', '2026-02', '2026-03'), (placed, month) => {
    const now = '2026-02-10T00:00:00.000Z'
    const whole = reportPart(placed.map(([c]) => c.facts), month, now, PLANS)
    const parts = Array.from({ length: 16 }, (_, shard) => reportPart(placed.filter(([, s]) => s === shard).map(([c]) => c.facts), month, now, PLANS))
    const merged = mergeReports(month, parts)
    expect({ ...merged, cohorts: undefined }).toEqual({ ...whole, cohorts: undefined })
    for (const [start, cohort] of Object.entries(whole.cohorts)) expect(merged.cohorts[start]).toEqual(cohort)
    expect(Object.keys(merged.cohorts).every((start) => start >= monthAfter(month, -(COHORT_MONTHS - 1)))).toBe(true)
  }))
})
