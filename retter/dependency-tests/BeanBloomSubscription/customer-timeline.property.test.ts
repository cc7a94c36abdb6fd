/**
 * The customer's timeline rules (BeanBloomSubscription customer-timeline.ts) over random histories and
 * payment lifecycles: each history change is written once, whoever's request brings it to light,
 * with the system's own changes always the system's; each new payment state, debt and refund is
 * written once however often the payments are looked at; the timeline stays in time order, without
 * an entry twice, never longer than its limit.
 */
import fc from 'fast-check'
import {
  changeKey, entryKey, historyEntries, paymentEntries, TIMELINE_LIMIT, withTimeline, type SeenPayments, type TimelineEntry,
} from '@retter-shared/BeanBloomSubscription/customer-timeline'
import type { DeliveryPayment, PaymentStatus } from '@retter-shared/BeanBloomSubscription/payments'
import type { SubscriptionChange } from '@retter-shared/BeanBloomSubscription/schedule'

const ACTIONS = ['started', 'changed', 'paused', 'pause-ended', 'skipped', 'unskipped', 'address', 'preferences', 'shipped'] as const
const STATES: PaymentStatus[] = ['charging', 'processing', 'paid', 'failed', 'requires_action', 'unpaid']
const iso = (minute: number) => new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString()

const historyArb = fc.array(fc.constantFrom(...ACTIONS), { minLength: 1, maxLength: 30 }).map((actions) =>
  actions.map((action, i): SubscriptionChange => ({ at: iso(i), action, plan: 'barista', date: action === 'skipped' ? '2026-02-04' : undefined })))

test('each history change is written once, in order, by whoever made it; the system’s own always the system’s', () => {
  fc.assert(fc.property(historyArb, fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 6 }), (history, cuts) => {
    // The history as successive requests see it, each adding its part.
    let seen: string | undefined
    const written: TimelineEntry[] = []
    for (const cut of [...cuts.sort((a, b) => a - b), history.length]) {
      const part = history.slice(0, cut)
      written.push(...historyEntries(part, seen, { actor: 'staff', reason: 'Asked by phone' }))
      if (part.length) seen = changeKey(part[part.length - 1]!)
    }
    expect(written.map((e) => e.at + e.what)).toEqual(history.map((c) => c.at + c.action))
    for (const entry of written) {
      const system = entry.what === 'pause-ended' || entry.what === 'shipped'
      expect(entry.actor).toBe(system ? 'system' : 'staff')
      expect(entry.reason).toBe(system ? undefined : 'Asked by phone')
    }
  }))
})

test('each payment state, debt and refund is written once, however often the payments are read', () => {
  const lifecycle = fc.array(fc.record({ status: fc.constantFrom(...STATES), owed: fc.boolean(), refund: fc.boolean() }), { minLength: 1, maxLength: 12 })
  fc.assert(fc.property(lifecycle, fc.integer({ min: 1, max: 3 }), (steps, reads) => {
    let seen: SeenPayments = {}
    const written: TimelineEntry[] = []
    let owedSince: string | undefined
    const refunds: NonNullable<DeliveryPayment['refunds']> = []
    let changes = 0
    let last = ''
    steps.forEach((step, i) => {
      if (step.owed && !owedSince) owedSince = iso(i)
      if (step.refund && step.status === 'paid') refunds.push({ refundId: `re_${i}`, amountCents: 100, reason: 'Damaged bag', at: iso(i) })
      if (step.status !== last && step.status !== 'charging') changes++
      last = step.status
      const payment: DeliveryPayment = { date: '2026-02-04', deliveryId: 'a:2026-02-04', plan: 'barista', amountCents: 2000, currency: 'eur', status: step.status, attempts: 1, updatedAt: iso(i), owedSince, refunds: [...refunds] }
      for (let r = 0; r < reads; r++) {
        const read = paymentEntries([payment], seen, iso(i))
        written.push(...read.entries)
        seen = read.seen
      }
    })
    expect(written.filter((e) => e.what === 'payment.refunded')).toHaveLength(refunds.length)
    expect(written.filter((e) => e.what === 'payment.owed')).toHaveLength(owedSince ? 1 : 0)
    expect(written.filter((e) => e.what.startsWith('payment.') && e.what !== 'payment.owed' && e.what !== 'payment.refunded').length).toBe(changes)
    expect(written.filter((e) => e.actor !== 'system').every((e) => e.what === 'payment.refunded')).toBe(true)
  }))
})

test('the timeline stays in time order, each entry once, never longer than its limit', () => {
  const entryArb = fc.record({ at: fc.integer({ min: 0, max: 5000 }).map(iso), what: fc.constantFrom('skipped', 'payment.paid', 'address'), actor: fc.constantFrom('customer', 'staff', 'system' as const) })
  fc.assert(fc.property(fc.array(fc.array(entryArb, { maxLength: 150 }), { maxLength: 5 }), (batches) => {
    let timeline: TimelineEntry[] | undefined
    for (const batch of batches) timeline = withTimeline(timeline, batch)
    const list = timeline ?? []
    expect(list.length).toBeLessThanOrEqual(TIMELINE_LIMIT)
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.at <= list[i]!.at).toBe(true)
    expect(new Set(list.map(entryKey)).size).toBe(list.length)
  }))
})
