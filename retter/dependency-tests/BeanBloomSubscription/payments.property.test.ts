/**
 * The payment lifecycle's pure rules (BeanBloomSubscription's payments.ts), checked by fast-check
 * over random days, statuses and payment lists:
 * - a delivery becomes final at midnight UTC LEAD_DAYS − 1 days before its day, whatever the time of
 *   day the date carries, and is closed at the end of its day; isFinal flips exactly at that moment;
 * - only a paid payment, or a debit settling from a proven account (`processing`), ships; a new
 *   mandate's first debit (`settling`) does not; only a failed or authentication-needing one asks the customer;
 * - withPayment keeps one payment per delivery, the newest PAYMENTS_KEPT, sorted by date, the added one last written;
 * - unpaidInARow is true exactly when the last UNPAID_IN_A_ROW closed payments (paid, unpaid or owed) are not paid;
 *   owesPayment is true exactly while a delivery that left is owed and not paid;
 * - euros writes integer cents exactly; customerDate names the UTC day, day before month.
 */
import fc from 'fast-check'
import {
  closingMomentMs, euros, finalMomentMs, isFinal, isShippable, methodText, needsCustomer, owesPayment, paymentOn, PAYMENTS_KEPT, statusOfIntent,
  UNPAID_IN_A_ROW, unpaidInARow, withPayment, type DeliveryPayment, type PaymentStatus,
} from '@retter-shared/BeanBloomSubscription/payments'
import { customerDate } from '@retter-shared/BeanBloomSubscription/dates'
import { DAY_MS, LEAD_DAYS, isoDay, lastChangeableDay, startOfUtcDay } from '@retter-shared/BeanBloomSubscription/schedule'

const BASE = Date.parse('2026-11-23T00:00:00Z')
const STATUSES: PaymentStatus[] = ['charging', 'processing', 'settling', 'paid', 'failed', 'requires_action', 'unpaid']

/** A delivery day within about ten years of BASE, as the schedule stores it (midnight ISO). */
const deliveryDay = fc.integer({ min: -1800, max: 1800 }).map((days) => isoDay(BASE + days * DAY_MS))
const status = fc.constantFrom(...STATUSES)

function paymentFor(date: string, s: PaymentStatus, amountCents = 2000): DeliveryPayment {
  return { date, deliveryId: `acct:${date.slice(0, 10)}`, plan: 'barista', amountCents, currency: 'eur', status: s, attempts: 1, updatedAt: date }
}

test('a delivery is final from midnight UTC of the day after its last changeable day, and closed when its day ends', () => {
  fc.assert(fc.property(deliveryDay, fc.integer({ min: 0, max: DAY_MS - 1 }), fc.integer({ min: -3 * DAY_MS, max: 3 * DAY_MS }), (date, timeOfDay, offset) => {
    const at = finalMomentMs(date)
    // The same day written with a time of day is the same delivery.
    expect(finalMomentMs(new Date(Date.parse(date) + timeOfDay).toISOString())).toBe(at)
    expect(at).toBe(Date.parse(date) - (LEAD_DAYS - 1) * DAY_MS)
    expect(at).toBe(Date.parse(lastChangeableDay(date)) + DAY_MS)
    expect(startOfUtcDay(at)).toBe(at)
    expect(closingMomentMs(date)).toBe(Date.parse(date) + DAY_MS)
    expect(isFinal(date, at + offset)).toBe(offset >= 0)
  }))
})

test('only a paid or settling payment ships; only a failed or authentication-needing one asks the customer; never both', () => {
  fc.assert(fc.property(status, (s) => {
    expect(isShippable(s)).toBe(s === 'paid' || s === 'processing')
    expect(needsCustomer(s)).toBe(s === 'failed' || s === 'requires_action')
    expect(isShippable(s) && needsCustomer(s)).toBe(false)
  }))
  expect(isShippable(undefined)).toBe(false)
})

test('Stripe’s PaymentIntent statuses map to ours: only succeeded is paid', () => {
  const stripeStatuses = ['succeeded', 'processing', 'requires_action', 'requires_confirmation', 'requires_capture', 'requires_payment_method', 'canceled']
  fc.assert(fc.property(fc.oneof(fc.constantFrom(...stripeStatuses), fc.string()), (s) => {
    const ours = statusOfIntent(s)
    expect(ours === 'paid').toBe(s === 'succeeded')
    expect(ours === 'processing').toBe(s === 'processing')
    if (!stripeStatuses.slice(0, 5).includes(s)) expect(ours).toBe('failed')
  }))
})

test('withPayment keeps one payment per delivery, the newest PAYMENTS_KEPT, sorted by date, with the one just written', () => {
  const entry = fc.tuple(fc.integer({ min: 0, max: 80 }), status, fc.integer({ min: 1, max: 100_000 }))
  fc.assert(fc.property(fc.array(entry, { maxLength: 120 }), (entries) => {
    let payments: DeliveryPayment[] | undefined
    const latest = new Map<string, DeliveryPayment>()
    for (const [week, s, cents] of entries) {
      const payment = paymentFor(isoDay(BASE + week * 7 * DAY_MS), s, cents)
      const before = payments
      payments = withPayment(payments, payment)
      latest.set(payment.date, payment)
      // The input list is left as it was.
      if (before) expect(payments).not.toBe(before)
      expect(paymentOn(payments, payment.date)).toEqual(payment)
    }
    const kept = payments ?? []
    const dates = kept.map((p) => p.date)
    expect(new Set(dates).size).toBe(dates.length)
    expect(dates).toEqual([...dates].sort())
    const expected = [...latest.keys()].sort().slice(-PAYMENTS_KEPT)
    expect(dates).toEqual(expected)
    for (const p of kept) expect(p).toEqual(latest.get(p.date))
  }))
})

test('unpaidInARow: exactly when the last UNPAID_IN_A_ROW closed payments are all unpaid; open payments do not count', () => {
  fc.assert(fc.property(fc.array(status, { maxLength: 20 }), (statuses) => {
    const payments = statuses.map((s, i) => paymentFor(isoDay(BASE + i * 7 * DAY_MS), s))
    const closed = statuses.filter((s) => s === 'paid' || s === 'unpaid')
    const expected = closed.length >= UNPAID_IN_A_ROW && closed.slice(-UNPAID_IN_A_ROW).every((s) => s === 'unpaid')
    expect(unpaidInARow(payments)).toBe(expected)
    // A payment after them that is paid always ends the run.
    expect(unpaidInARow(payments.concat([paymentFor(isoDay(BASE + 200 * 7 * DAY_MS), 'paid')]))).toBe(false)
  }))
  expect(unpaidInARow(undefined)).toBe(false)
})

test('owed payments (a delivery that left without its money) count as not paid in a row, and owesPayment holds exactly while one is not paid', () => {
  fc.assert(fc.property(fc.array(fc.tuple(status, fc.boolean()), { maxLength: 20 }), (entries) => {
    const payments = entries.map(([s, owed], i) => ({ ...paymentFor(isoDay(BASE + i * 7 * DAY_MS), s), ...(owed ? { owedSince: isoDay(BASE) } : {}) }))
    const closed = entries.filter(([s, owed]) => s === 'paid' || s === 'unpaid' || owed)
    const expected = closed.length >= UNPAID_IN_A_ROW && closed.slice(-UNPAID_IN_A_ROW).every(([s]) => s !== 'paid')
    expect(unpaidInARow(payments)).toBe(expected)
    expect(owesPayment(payments)).toBe(entries.some(([s, owed]) => owed && s !== 'paid'))
  }))
  expect(owesPayment(undefined)).toBe(false)
})

test('euros writes integer cents exactly; methodText never shows more than the last four digits', () => {
  fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
    const text = euros(cents)
    expect(text).toMatch(/^-?€\d+\.\d{2}$/)
    const back = Math.round(Number(text.replace('€', '')) * 100)
    expect(back).toBe(cents)
  }))
  fc.assert(fc.property(fc.constantFrom('card' as const, 'sepa_debit' as const), fc.stringMatching(/^\d{4}$/), fc.option(fc.constantFrom('visa', 'mastercard', 'amex', 'newbrand')), (type, last4, brand) => {
    const text = methodText({ type, last4, brand: brand ?? undefined })
    expect(text.endsWith(' •••• ' + last4)).toBe(true)
    expect(text.replace(/\D/g, '')).toBe(last4)
  }))
})

test('customerDate: "Weekday D Month YYYY" of the UTC day, the same for every time of that day', () => {
  fc.assert(fc.property(deliveryDay, fc.integer({ min: 0, max: DAY_MS - 1 }), (date, timeOfDay) => {
    const text = customerDate(date)
    expect(text).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) ([1-9]|[12]\d|3[01]) (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/)
    expect(customerDate(new Date(Date.parse(date) + timeOfDay).toISOString())).toBe(text)
    // What Node's own calendar says of that UTC day.
    const d = new Date(date)
    expect(text).toBe(`${d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })} ${d.getUTCDate()} ${d.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' })} ${d.getUTCFullYear()}`)
  }))
  expect(customerDate('2026-11-25T00:00:00.000Z')).toBe('Wednesday 25 November 2026')
  expect(() => customerDate('not a date')).toThrow('customerDate: "not a date" is not a date')
})
