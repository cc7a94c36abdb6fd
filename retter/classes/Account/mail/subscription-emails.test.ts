/**
 * The customer's e-mails, rendered for every kind of event: each date a customer reads is in the one
 * format of BeanBloomSubscription's customerDate ("Wednesday 25 November 2026"), and the reminder is
 * the pre-notification of the charge (amount, day, and for SEPA the mandate).
 */
import fc from 'fast-check'
import { customerDate } from '@retter-shared/BeanBloomSubscription/dates'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { DAY_MS, isTooLateToChange, start, type SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { finalMomentMs, isFinal, type PaymentMethodSummary } from '@retter-shared/BeanBloomSubscription/payments'
import { chargeMomentText, deliveryTimeline, timelineText } from '@retter-shared/BeanBloomSubscription/timeline'
import { subscriptionMail, type MailContext, type SubscriptionEvent } from './subscription-emails'
import { reminderAt } from '../subscription/reminders'

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

test('in German, why a payment failed and the delivery country read in German, never the stored English', () => {
  const address = { name: 'Lena Vogel', line1: 'Keizersgracht 1', postalCode: '1015 CJ', city: 'Amsterdam', country: 'NL' }
  const failed = subscriptionMail({ kind: 'payment-failed', date: D, amountCents: 2000, reason: 'your card was declined.', retrying: true }, { ...ctx(CARD), address, locale: 'de' })
  expect(failed.text).toContain('Deine Karte wurde abgelehnt.')
  expect(failed.text).toContain('Niederlande')
  expect(failed.text).not.toMatch(/declined|Netherlands/)
  const owed = subscriptionMail({ kind: 'payment-owed', date: D, amountCents: 2000, reason: 'your bank took the payment back (a dispute: fraudulent).' }, { ...ctx(CARD), locale: 'fr' })
  expect(owed.text).toContain('votre banque a récupéré le paiement (une contestation).')
  expect(owed.text).not.toContain('fraudulent')
  // English keeps the stored words, Stripe's reason included.
  const english = subscriptionMail({ kind: 'payment-owed', date: D, amountCents: 2000, reason: 'your bank took the payment back (a dispute: fraudulent).' }, ctx(CARD))
  expect(english.text).toContain('your bank took the payment back (a dispute: fraudulent).')
})

test('the sign-in code e-mail has the HTML layout (a phone-width viewport, the code large) and keeps its plain text', async () => {
  const { signInCodeMail } = await import('../sign-in/one-time-code')
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
  expect(subscriptionMail({ kind: 'resumed', restored: [D] }, ctx(CARD)).text).toContain('The delivery of Wednesday 2 December 2026, skipped by the pause, is back on.')
  expect(subscriptionMail({ kind: 'resumed', restored: [D, '2026-12-09T00:00:00.000Z', '2026-12-16T00:00:00.000Z'] }, ctx(CARD)).text)
    .toContain('The deliveries of Wednesday 2 December 2026, Wednesday 9 December 2026 and Wednesday 16 December 2026, skipped by the pause, are back on.')
  expect(subscriptionMail({ kind: 'resumed', restored: [] }, ctx(CARD)).text).toContain('stay skipped unless you unskip them')
})

test('the welcome names the payment method each delivery is charged to', () => {
  expect(subscriptionMail({ kind: 'started' }, ctx(SEPA)).text).toContain('Each delivery is charged to your SEPA Direct Debit •••• 3000 when it becomes final: at the start (00:00 UTC) of the day before it arrives, the day we roast and send it;')
  expect(subscriptionMail({ kind: 'started' }, ctx()).text).not.toContain('Each delivery is charged')
})

describe('one delivery, one story: the e-mails tell the delivery timeline model’s moments', () => {
  const MONDAY = '2026-12-07T00:00:00.000Z'
  const weekly = PLANS.find((p) => p.delivery === 'weekly')!
  const weeklyFrom = (nowMs: number): SubscriptionFields => {
    const started = start({ plan: null, status: 'none', history: [] }, weekly.id, weekly.delivery, nowMs)
    if (!started.ok) throw new Error(started.message)
    return started.sub
  }
  const mailOf = (event: SubscriptionEvent, s: SubscriptionFields) => subscriptionMail(event, { to: 'sam@example.com', sub: s, plan: weekly, paymentMethod: CARD }).text
  /** The model's days of a delivery, as an e-mail writes them. */
  const modelDays = (date: string) => {
    const t = deliveryTimeline(date)
    return [t.lastChangeDay, t.chargeDay, t.roastDay, t.shipDay, t.arrivalDay].map((day) => customerDate(day))
  }

  test('the delivery of Mon 7 Dec: the reminder, a skip and the welcome name the model’s days and rule', () => {
    const t = deliveryTimeline(MONDAY)
    const sub = weeklyFrom(Date.parse('2026-11-30T09:00:00Z'))
    const reminder = mailOf({ kind: 'reminder', date: MONDAY, amountCents: weekly.amount }, sub)
    expect(reminder).toContain('You can change it until the end of Saturday 5 December 2026. It is charged, roasted and sent on Sunday 6 December 2026 and arrives on Monday 7 December 2026.')
    expect(reminder).toContain(`on ${customerDate(t.chargeDay)} for this delivery.`)
    expect(reminder).not.toMatch(/tomorrow/)
    for (const date of reminder.match(LONG_DATE) ?? []) expect(modelDays(MONDAY)).toContain(date)
    expect(mailOf({ kind: 'skipped', date: MONDAY }, sub)).toContain('You can unskip it until the end of Saturday 5 December 2026.')
    const welcome = mailOf({ kind: 'started' }, weeklyFrom(Date.parse('2026-12-05T09:00:00Z')))
    expect(welcome).toContain(`Each delivery is charged to your Visa •••• 4242 ${chargeMomentText()};`)
    expect(welcome).not.toMatch(/before it is roasted/)
  })

  // Any delivery day between 2020 and 2040.
  const anyDay = fc.integer({ min: Date.UTC(2020, 0, 1) / DAY_MS, max: Date.UTC(2040, 0, 1) / DAY_MS }).map((d) => new Date(d * DAY_MS).toISOString())

  test('for any delivery the moments are in order, and the schedule, the charge and the reminder act on them (property)', () => {
    fc.assert(fc.property(anyDay, (date) => {
      const t = deliveryTimeline(date)
      const final = Date.parse(t.finalAt)
      expect(t.lastChangeDay < t.chargeDay && t.chargeDay <= t.roastDay && t.roastDay <= t.shipDay && t.shipDay < t.arrivalDay).toBe(true)
      expect(final).toBe(finalMomentMs(date))
      expect(final).toBe(Date.parse(t.chargeDay))
      // Changeable to the last millisecond of its last changeable day, final from the next.
      expect(isTooLateToChange(date, final - 1)).toBe(false)
      expect(isFinal(date, final - 1)).toBe(false)
      expect(isTooLateToChange(date, final)).toBe(true)
      expect(isFinal(date, final)).toBe(true)
      // The reminder goes out on the last changeable day.
      expect(new Date(reminderAt(date)).toISOString().slice(0, 10)).toBe(t.lastChangeDay.slice(0, 10))
    }))
  })

  test('for any delivery the reminder and a skip name only the model’s days (property)', () => {
    fc.assert(fc.property(anyDay, (date) => {
      const sub = weeklyFrom(Date.parse(date) - 9 * DAY_MS)
      const days = modelDays(date)
      const reminder = mailOf({ kind: 'reminder', date: date, amountCents: weekly.amount }, sub)
      expect(reminder).toContain(timelineText(date, customerDate))
      const skipped = mailOf({ kind: 'skipped', date: date }, sub)
      // Each names the delivery and the model's days; the skip's "Next delivery" line is another delivery.
      for (const text of [reminder, skipped.split('\nNext delivery')[0] as string]) {
        for (const found of text.match(LONG_DATE) ?? []) expect(days).toContain(found)
      }
    }), { numRuns: 200 })
  })
})
