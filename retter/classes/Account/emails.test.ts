/**
 * The customer's e-mails, rendered for every kind of event: each date a customer reads is in the one
 * format of BeanBloomSubscription's customerDate ("Wednesday 25 November 2026"), and the reminder is
 * the pre-notification of the charge (amount, day, and for SEPA the mandate).
 */
import { customerDate } from '@retter-shared/BeanBloomSubscription/dates'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { start, type SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import type { PaymentMethodSummary } from '@retter-shared/BeanBloomSubscription/payments'
import { subscriptionMail, type MailContext, type SubscriptionEvent } from './emails'

const NOW = Date.parse('2026-11-23T09:00:00Z')
const barista = PLANS.find((p) => p.id === 'barista')!
const started = start({ plan: null, status: 'none', history: [] }, 'barista', barista.delivery, NOW)
if (!started.ok) throw new Error(started.message)
const sub: SubscriptionFields = { ...started.sub, status: 'paused', pausedFrom: '2026-11-25T00:00:00.000Z', pausedUntil: '2026-12-09T00:00:00.000Z' }
const CARD: PaymentMethodSummary = { type: 'card', brand: 'visa', last4: '4242', savedAt: '2026-11-23T09:00:00.000Z' }
const SEPA: PaymentMethodSummary = { type: 'sepa_debit', last4: '3000', mandateReference: 'SETI_MANDATE_123', savedAt: '2026-11-23T09:00:00.000Z' }
const ctx = (paymentMethod?: PaymentMethodSummary): MailContext => ({ to: 'sam@example.com', sub, plan: barista, paymentMethod })

const D = '2026-12-02T00:00:00.000Z'
const EVENTS: SubscriptionEvent[] = [
  { kind: 'started' }, { kind: 'restarted' }, { kind: 'changed', fromPlan: PLANS[0], from: D }, { kind: 'changed' }, { kind: 'paused', weeks: 2 }, { kind: 'resumed' }, { kind: 'resumed', restored: [D] },
  { kind: 'skipped', date: D }, { kind: 'unskipped', date: D }, { kind: 'cancelled' }, { kind: 'address', first: true }, { kind: 'preferences' },
  { kind: 'reminder', date: D, amountCents: 2000 }, { kind: 'shipped', date: D, shippedAt: '2026-12-01T10:00:00.000Z' }, { kind: 'payment-method', method: 'Visa •••• 4242' },
  { kind: 'payment-failed', date: D, amountCents: 2000, reason: 'your card was declined.', retrying: true }, { kind: 'payment-action', date: D, amountCents: 2000 },
  { kind: 'not-shipped', date: D, amountCents: 2000 }, { kind: 'payment-hold' }, { kind: 'payment-hold-ended' },
  { kind: 'payment-owed', date: D, amountCents: 2000, reason: 'your bank took the payment back (a dispute: fraudulent).' },
]
const LONG_DATE = /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/g
/** Any other way of writing a date: short weekdays or months, ISO days, numeric days. */
const OTHER_DATE = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b|\d{4}-\d{2}-\d{2}|\b\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/

test.each(EVENTS.map((event) => [event.kind, event] as const))('%s: every date is written "Weekday D Month YYYY"', (_kind, event) => {
  const mail = subscriptionMail(event, ctx(CARD))
  for (const text of [mail.subject, mail.text, mail.html ?? '']) {
    expect(text.replace(LONG_DATE, '')).not.toMatch(OTHER_DATE)
  }
  if ('date' in event) expect(mail.text).toContain(customerDate(event.date))
})

test('the next delivery is named with its own plan, and the pause with its last day', () => {
  const mail = subscriptionMail({ kind: 'paused', weeks: 2 }, ctx(CARD))
  expect(mail.text).toContain('No deliveries until Tuesday 8 December 2026 (inclusive).')
  expect(mail.text).toContain(`Next delivery: ${customerDate(sub.nextDeliveryAt!)} (Barista).`)
})

test('the reminder pre-notifies the charge: the amount, the day it is taken, the method; for SEPA the mandate', () => {
  const card = subscriptionMail({ kind: 'reminder', date: D, amountCents: 2000 }, ctx(CARD))
  expect(card.subject).toBe('Your coffee arrives Wednesday 2 December 2026')
  expect(card.text).toContain('We will charge €20.00 to your Visa •••• 4242 on Tuesday 1 December 2026 for this delivery.')
  expect(card.text).not.toContain('mandate')
  const sepa = subscriptionMail({ kind: 'reminder', date: D, amountCents: 1250 }, ctx(SEPA))
  expect(sepa.text).toContain('We will charge €12.50 to your SEPA Direct Debit •••• 3000 on Tuesday 1 December 2026 for this delivery. Direct debit under mandate SETI_MANDATE_123.')
  expect(sepa.html).toContain('Direct debit under mandate SETI_MANDATE_123.')
  // Without a saved method (or an amount) there is nothing to announce.
  expect(subscriptionMail({ kind: 'reminder', date: D, amountCents: 2000 }, ctx()).text).not.toContain('We will charge')
})

test('a plan change names the first delivery of the new plan and pre-notifies its new price, or says every one is skipped', () => {
  const changed = subscriptionMail({ kind: 'changed', fromPlan: PLANS[0], from: D, amountCents: 1200 }, ctx(SEPA)).text
  expect(changed).toContain('The change applies from your delivery of Wednesday 2 December 2026;')
  expect(changed).toContain('We will charge €12.00 to your SEPA Direct Debit •••• 3000 on Tuesday 1 December 2026 for this delivery. Direct debit under mandate SETI_MANDATE_123.')
  expect(subscriptionMail({ kind: 'changed', fromPlan: PLANS[0] }, ctx(CARD)).text).toContain('it applies from the first one you unskip')
})

test('the address is laid out as its country\'s post expects it (a UK postcode after the town); a cancellation names no delivery address', () => {
  const address = { name: 'Sam Jones', line1: '10 Downing Street', postalCode: 'SW1A 2AA', city: 'London', country: 'GB' }
  const changed = subscriptionMail({ kind: 'address', first: false }, { ...ctx(CARD), address })
  expect(changed.text).toContain('Delivering to:\nSam Jones\n10 Downing Street\nLondon\nSW1A 2AA\nThe United Kingdom')
  expect(changed.html).toContain('Sam Jones<br>10 Downing Street<br>London<br>SW1A 2AA<br>The United Kingdom')
  const cancelled = subscriptionMail({ kind: 'cancelled' }, { ...ctx(CARD), sub: { ...sub, status: 'cancelled' }, address })
  for (const text of [cancelled.text, cancelled.html ?? '']) {
    expect(text).not.toMatch(/Delivering/)
    expect(text).not.toContain('Downing Street')
  }
  expect(cancelled.text).toContain('No further deliveries will be sent and nothing more is charged.')
})

test('the sign-in code e-mail has the HTML layout (a phone-width viewport, the code large) and keeps its plain text', async () => {
  const { signInCodeMail } = await import('./signin')
  const mail = signInCodeMail('sam@example.com', '048213')
  expect(mail.text).toBe('Your sign-in code is 048213. It expires in 5 minutes. If you did not ask for it, ignore this message.')
  expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
  expect(mail.html).toMatch(/font-size:32px[^>]*>048213<\/p>/)
  expect(mail.html).toContain('Privacy')
})

test('every subscription e-mail has the viewport setting, so phones lay it out at their own width', () => {
  for (const event of EVENTS) expect(subscriptionMail(event, ctx(CARD)).html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
})

test('a resume says which paused deliveries came back, or that they stay skipped', () => {
  expect(subscriptionMail({ kind: 'resumed', restored: [D] }, ctx(CARD)).text).toContain('The deliveries of Wednesday 2 December 2026, skipped by the pause, are back on.')
  expect(subscriptionMail({ kind: 'resumed', restored: [] }, ctx(CARD)).text).toContain('stay skipped unless you unskip them')
})

test('the welcome names the payment method each delivery is charged to', () => {
  expect(subscriptionMail({ kind: 'started' }, ctx(SEPA)).text).toContain('Each delivery is charged to your SEPA Direct Debit •••• 3000 the day before it is roasted')
  expect(subscriptionMail({ kind: 'started' }, ctx()).text).not.toContain('Each delivery is charged')
})
