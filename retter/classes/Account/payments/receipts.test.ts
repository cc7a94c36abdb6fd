/**
 * Receipts, refunds and credit notes, with the Account, Roastery and Numbering classes run by the
 * local runtime in-process (fake `Date`, tasks run as their time comes) against the localstripe the
 * test run started: the receipt of a paid delivery (its contents, its e-mail, the board), refunds
 * by staff (partial, the rest, refused above what was paid or twice), who may refund, the numbers
 * (gap-free and unique under parallel requests and parallel payments), and customer-typed text
 * escaped in the e-mails.
 */
import type { Board, BoardDelivery } from '@retter-shared/BeanBloomBoard'
import type { DeliveryPayment } from '@retter-shared/BeanBloomSubscription/payments'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import fc from 'fast-check'
import { createBackend, type Backend } from '../../../../rio-local/app'
import { fakeDate } from '../../../../rio-local/test/clock'
import { walkTo as walkClock } from '../../../../rio-local/test/walk'
import { accountClient, type Customer as Who } from '../../../../rio-local/test/account-client'
import { call, sessions, type Reply } from '../../../../rio-local/test/in-process'
import { savePaymentMethod, testStripe } from '../../../../rio-local/test/payments'
import { recordingMirror } from '../../../../rio-local/test/recording-mirror'
import type { AccountUserState } from '../customer'
import { SELLER_PLACEHOLDERS } from './seller'
import { readPdf } from '../../../../test/pdf-text'

const P = 'receipt-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: first deliveries on Wednesday 25 Nov
const FIRST = '2026-11-25'
/** Tuesday 24 Nov, 09:00: Wednesday's deliveries were charged at midnight. */
const PAID_BY = '2026-11-24T09:00:00.000Z'
/** Monday 23 Nov, 23:00: an hour before Wednesday's deliveries are charged. */
const BEFORE_CHARGE = '2026-11-23T23:00:00.000Z'
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
const BARISTA = PLANS.find((p) => p.id === 'barista')!

type Sub = SubscriptionFields & AccountUserState
interface Mail { subject: string; text: string; html?: string; attachments?: Array<{ filename: string; contentType: string; contentBase64: string }> }

let time: ReturnType<typeof fakeDate>
let backend: Backend
const { mirror } = recordingMirror()
let seq = 0

async function start(env: Record<string, string> = {}): Promise<void> {
  time = fakeDate(START)
  backend = await createBackend({
    projectId: P, storage: 'memory', dev: true, mirror, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400,
    projectEnv: { STAFF_EMAILS: 'rosa@example.com', ...env },
  })
}
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
  // The runtime passes the project environment on to class code through process.env.
  for (const name of ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_VAT_NUMBER']) delete process.env[name]
})

const account = accountClient<Sub>(() => backend)
const { method, ok } = account
const subOf = async (who: Who) => (await account.userState(who)) as Sub
const mails = (who: Who) => account.outbox(who.email)
const signIn = (name = 'sam') => account.signIn(`${name}.${process.pid}.${++seq}@example.com`)
let rosa: Who | undefined
async function staff(): Promise<Who> {
  rosa ??= { ...(await sessions(backend).customer('rosa@example.com')), email: 'rosa@example.com' }
  return rosa
}
beforeEach(() => { rosa = undefined })

async function paymentOf(who: Who, date = FIRST): Promise<DeliveryPayment> {
  const payment = (await subOf(who)).payments?.find((p) => p.date === `${date}T00:00:00.000Z`)
  if (!payment) throw new Error(`no payment for ${date}`)
  return payment
}
async function mailAbout(who: Who, subject: RegExp): Promise<Mail> {
  const found = (await mails(who)).filter((m) => subject.test(m.subject))
  expect(found.map((m) => m.subject)).toHaveLength(1)
  return found[0] as Mail
}
async function subscriber(address: Record<string, string> = HOME): Promise<Who> {
  const who = await signIn()
  await ok(who, 'setDeliveryAddress', address)
  await savePaymentMethod((name, body) => method(who, name, body))
  await ok(who, 'selectPlan', { planId: 'barista' })
  return who
}
/** Moves time to `iso`, running each task at its own moment (the test clock's way). */
function walkTo(iso: string): Promise<void> {
  return walkClock(backend, time, iso)
}
async function entryOf(who: Who, date = FIRST): Promise<BoardDelivery | undefined> {
  const res = await call<{ role: { staff: Board } }>(backend, 'POST', `/${P}/STATE/Roastery/${date}?_token=${(await staff()).token}`)
  return res.body.role?.staff.deliveries.find((d) => d.deliveryId === `${who.accountId}:${date}`)
}
/** The revision of the day's board, as staff's pages read it: it counts every change of the day. */
async function boardRev(date = FIRST): Promise<number> {
  const res = await call<{ rev: number }>(backend, 'POST', `/${P}/CALL/Roastery/revision/${date}?_token=${(await staff()).token}`)
  return res.body.rev
}
function refund(token: string | undefined, who: Who, amountCents: unknown, reason: unknown = 'Bag arrived torn', date = FIRST): Promise<Reply> {
  return call(backend, 'POST', `/${P}/CALL/Roastery/refundDelivery/${date}${token ? `?_token=${token}` : ''}`, { deliveryId: `${who.accountId}:${date}`, amountCents, reason })
}

describe('the receipt of a paid delivery', () => {
  test('is numbered, states seller, customer, delivery, price with VAT and method, and is e-mailed in text and HTML', async () => {
    await start({ SELLER_NAME: 'Bean & Bloom GmbH', SELLER_ADDRESS: 'Kastanienallee 7 | 10435 Berlin | Germany', SELLER_VAT_NUMBER: 'DE123456789' })
    const sam = await subscriber()
    await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'dark' })
    await walkTo(BEFORE_CHARGE)
    const revBefore = await boardRev()
    await walkTo(PAID_BY)
    const payment = await paymentOf(sam)
    expect(payment.status).toBe('paid')
    // The day's board took the payment and its receipt in one change (it is one instance every
    // charge of the day writes).
    expect(await boardRev()).toBe(revBefore + 1)
    // Barista in Germany: 7 % VAT included in the price, halves up.
    const vat = Math.floor((BARISTA.amount * 700 * 2 + 10700) / (2 * 10700))
    expect(payment.receipt).toEqual({
      kind: 'receipt', number: 'R-000001', issuedAt: expect.any(String), deliveryId: `${sam.accountId}:${FIRST}`, deliveryDate: `${FIRST}T00:00:00.000Z`,
      seller: { name: 'Bean & Bloom GmbH', address: ['Kastanienallee 7', '10435 Berlin', 'Germany'], vatNumber: 'DE123456789' },
      customer: { name: 'Sam Rivera', address: ['Torstraße 1', '10119 Berlin', 'Germany'], country: 'DE' },
      item: { planId: 'barista', plan: BARISTA.name, bags: BARISTA.bags, bagGrams: BARISTA.bagGrams, grind: 'Ground for espresso', roast: 'Dark roast' },
      currency: 'eur', grossCents: BARISTA.amount, netCents: BARISTA.amount - vat, vatCents: vat, vatRateBp: 700, vatCountry: 'DE',
      paidWith: 'Visa •••• 4242', paidAt: payment.paidAt,
    })
    const mail = await mailAbout(sam, /^Your receipt R-000001 for your delivery of Wednesday 25 November 2026$/)
    for (const line of [
      'Receipt R-000001', 'Seller: Bean & Bloom GmbH, Kastanienallee 7, 10435 Berlin, Germany', 'Seller VAT number: DE123456789',
      'Customer: Sam Rivera, Torstraße 1, 10119 Berlin, Germany', 'Delivery of: Wednesday 25 November 2026',
      `Price (VAT included): €${(BARISTA.amount / 100).toFixed(2)}`, `VAT 7% (DE): €${(vat / 100).toFixed(2)}`, 'Paid with: Visa •••• 4242',
    ]) expect(mail.text).toContain(line)
    expect(mail.html).toContain('Bean &amp; Bloom GmbH')
    // The board shows the charge and the receipt for the money view.
    expect(await entryOf(sam)).toMatchObject({ payment: 'paid', amountCents: BARISTA.amount, receipt: { number: 'R-000001', vatCents: vat, vatCountry: 'DE', method: 'Visa •••• 4242' } })
  })

  test('its e-mail carries it as a one-page PDF with its number, customer and total', async () => {
    await start({ SELLER_NAME: 'Bean & Bloom GmbH', SELLER_ADDRESS: 'Kastanienallee 7 | 10435 Berlin | Germany', SELLER_VAT_NUMBER: 'DE123456789' })
    const sam = await subscriber()
    await walkTo(PAID_BY)
    const mail = await mailAbout(sam, /^Your receipt R-000001 /)
    expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([['receipt-R-000001.pdf', 'application/pdf']])
    const pdf = readPdf(Buffer.from(mail.attachments?.[0]?.contentBase64 ?? '', 'base64'))
    expect(pdf.pages).toBe(1)
    expect(pdf.lines).toEqual(expect.arrayContaining(['Receipt R-000001', 'R-000001', 'Sam Rivera, Torstraße 1, 10119 Berlin, Germany', `€${(BARISTA.amount / 100).toFixed(2)}`, 'Visa •••• 4242, Tuesday 24 November 2026']))

    // A credit note too, its amounts given back.
    const rosa = await staff()
    expect((await refund(rosa.token, sam, 450, 'One bag (of two) torn')).status).toBe(200)
    const note = await mailAbout(sam, /\(credit note CN-000001\)$/)
    expect(note.attachments?.[0]?.filename).toBe('credit-note-CN-000001.pdf')
    const notePdf = readPdf(Buffer.from(note.attachments?.[0]?.contentBase64 ?? '', 'base64'))
    expect(notePdf.pages).toBe(1)
    expect(notePdf.lines).toEqual(expect.arrayContaining(['Credit note CN-000001', 'R-000001', 'One bag (of two) torn', '-€4.50']))
    // A receipt, a refund and a credit note: more than the default 5 s on a shared machine.
  }, 20_000)

  test('without a seller configured, it says which variables to fill in; the rate follows the delivery country', async () => {
    await start()
    const sean = await subscriber({ name: 'Seán Ó Briain', line1: '1 Main Street', city: 'Dublin', postalCode: 'D02 X285', country: 'IE' })
    await walkTo(PAID_BY)
    const receipt = (await paymentOf(sean)).receipt!
    expect(receipt.seller).toEqual({ name: SELLER_PLACEHOLDERS.name, address: [SELLER_PLACEHOLDERS.address], vatNumber: SELLER_PLACEHOLDERS.vatNumber })
    expect(receipt).toMatchObject({ vatCountry: 'IE', vatRateBp: 0, vatCents: 0, netCents: BARISTA.amount })
    expect((await mailAbout(sean, /^Your receipt/)).text).toContain('set SELLER_VAT_NUMBER')
  })

  test('a name and address with markup and formula text reach the HTML e-mail escaped', async () => {
    await start()
    const evil = await subscriber({ name: '<img src=x onerror=alert(1)> "Sam" & Co', line1: '=HYPERLINK("http://x")', city: 'Berlin', postalCode: '10119', country: 'DE' })
    await walkTo(PAID_BY)
    const mail = await mailAbout(evil, /^Your receipt/)
    expect(mail.subject).not.toMatch(/[<>"]/)
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Sam&quot; &amp; Co')
    expect(mail.html).toContain('=HYPERLINK(&quot;http://x&quot;)')
  })
})

describe('refunds by staff', () => {
  test('part, then the rest: Stripe refunds each once, credit notes refer to the receipt and give back exactly its VAT; nothing above what was paid', async () => {
    await start()
    const sam = await subscriber()
    await walkTo(PAID_BY)
    const rosa = await staff()
    const first = await refund(rosa.token, sam, 500, '  One bag   arrived torn ')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ amountCents: 500, refundedCents: 500, creditNote: { kind: 'credit-note', number: 'CN-000001', receiptNumber: 'R-000001', grossCents: 500, reason: 'One bag arrived torn' } })

    const tooMuch = await refund(rosa.token, sam, BARISTA.amount)
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body).toEqual({
      code: 'REFUND_TOO_LARGE',
      message: `Only €${((BARISTA.amount - 500) / 100).toFixed(2)} of the €${(BARISTA.amount / 100).toFixed(2)} paid for the delivery ${sam.accountId}:${FIRST} can still be refunded (€5.00 already was); €${(BARISTA.amount / 100).toFixed(2)} is more than that.`,
    })
    const rest = await refund(rosa.token, sam, BARISTA.amount - 500, 'Lost in the post')
    expect(rest.status).toBe(200)
    expect(rest.body).toMatchObject({ refundedCents: BARISTA.amount, creditNote: { number: 'CN-000002' } })
    const again = await refund(rosa.token, sam, 100)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'ALREADY_REFUNDED', message: expect.stringContaining('already refunded in full') })

    const payment = await paymentOf(sam)
    const notes = payment.refunds!.map((r) => r.creditNote!)
    expect(notes.map((n) => n.number)).toEqual(['CN-000001', 'CN-000002'])
    expect(notes.reduce((sum, n) => sum + n.vatCents, 0)).toBe(payment.receipt!.vatCents)
    expect(notes.every((n) => n.netCents + n.vatCents === n.grossCents)).toBe(true)
    const refunds = await testStripe().refunds.list({ payment_intent: payment.paymentIntentId! })
    expect(refunds.data.map((r) => r.amount).sort((a, b) => a - b)).toEqual([500, BARISTA.amount - 500].sort((a, b) => a - b))
    // The customer hears of each refund with its credit note; the board shows what was refunded.
    const note = await mailAbout(sam, /^Refund of €5\.00 for your delivery of Wednesday 25 November 2026 \(credit note CN-000001\)$/)
    expect(note.text).toContain('Refers to receipt: R-000001')
    expect(note.text).toContain('Reason: One bag arrived torn')
    expect(note.text).toContain('Refunded (VAT included): -€5.00')
    expect(await entryOf(sam)).toMatchObject({ refundedCents: BARISTA.amount, creditNotes: [{ number: 'CN-000001' }, { number: 'CN-000002' }] })
  })

  test('bad amounts and reasons are refused with what is wrong; an unpaid delivery has nothing to refund', async () => {
    await start()
    const sam = await subscriber()
    const rosa = await staff()
    // Not charged yet (it is final tomorrow): nothing to refund.
    expect((await refund(rosa.token, sam, 100)).body).toMatchObject({ code: 'NOT_REFUNDABLE' })
    await walkTo(PAID_BY)
    for (const amount of [0, -5, 1.5]) expect((await refund(rosa.token, sam, amount)).body).toMatchObject({ code: 'INVALID_AMOUNT' })
    for (const reason of ['', '   ', 'x'.repeat(201), 'tab\u0007bell', 'rtl\u202eoverride']) expect((await refund(rosa.token, sam, 100, reason)).body).toMatchObject({ code: 'INVALID_REASON' })
    const missing = await call(backend, 'POST', `/${P}/CALL/Roastery/refundDelivery/${FIRST}?_token=${rosa.token}`, { deliveryId: `nobody:${FIRST}`, amountCents: 100, reason: 'x' })
    expect(missing.body).toMatchObject({ code: 'NOT_ON_BOARD' })
    expect((await paymentOf(sam)).refunds).toBeUndefined()
  })

  test('only staff refund: customers, anonymous sessions and direct calls of the Account are refused, and nothing moves', async () => {
    await start()
    const sam = await subscriber()
    await walkTo(PAID_BY)
    const anonymous = await sessions(backend).anonymous()
    expect((await refund(undefined, sam, 100)).status).toBe(401)
    expect((await refund(anonymous, sam, 100)).status).toBe(403)
    expect((await refund(sam.token, sam, 100)).status).toBe(403)
    // The Account's refund method is the Roastery's alone: not the customer's, not staff's directly.
    const body = { deliveryId: `${sam.accountId}:${FIRST}`, amountCents: 100, reason: 'mine' }
    expect((await method(sam, 'refundPayment', body)).status).toBe(403)
    expect((await call(backend, 'POST', `/${P}/CALL/Account/refundPayment/${sam.accountId}?_token=${(await staff()).token}`, body)).status).toBe(403)
    // Numbers are not for anyone outside the classes.
    expect((await call(backend, 'POST', `/${P}/CALL/Numbering/nextNumber/seller?_token=${sam.token}`, { series: 'receipt', key: 'x' })).status).toBe(403)
    expect((await call(backend, 'POST', `/${P}/CALL/Numbering/nextNumber/seller?_token=${(await staff()).token}`, { series: 'receipt', key: 'x' })).status).toBe(403)
    expect((await paymentOf(sam)).refunds).toBeUndefined()
  })
})

describe('numbers: one gap-free sequence per series', () => {
  /** Asks the Numbering class as the platform does, again while it answers 570 (busy). */
  async function numberFor(series: string, key: string): Promise<number> {
    for (;;) {
      const res = await call<{ sequence: number }>(backend, 'POST', `/${P}/CALL/Numbering/nextNumber/seller?_token=${sessions(backend).platform()}`, { series, key })
      if (res.status === 570) continue
      expect(res.status).toBe(200)
      return res.body.sequence
    }
  }

  test('parallel requests (some retried with the same key) get 1…n for n distinct keys, each key one number, per series', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ series: fc.constantFrom('receipt', 'credit-note'), key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h') }), { minLength: 1, maxLength: 30 }),
      async (requests) => {
        await start()
        try {
          expect((await call(backend, 'POST', `/${P}/INSTANCE/Numbering/seller?_token=${sessions(backend).platform()}`)).status).toBe(200)
          const numbers = await Promise.all(requests.map((r) => numberFor(r.series, r.key)))
          for (const series of ['receipt', 'credit-note']) {
            const byKey = new Map<string, Set<number>>()
            requests.forEach((r, i) => { if (r.series === series) byKey.set(r.key, (byKey.get(r.key) ?? new Set()).add(numbers[i] as number)) })
            // Each key one number; the numbers exactly 1…n.
            for (const got of byKey.values()) expect(got.size).toBe(1)
            const all = [...byKey.values()].map((s) => [...s][0] as number).sort((a, b) => a - b)
            expect(all).toEqual(all.map((_, i) => i + 1))
          }
        } finally {
          await backend.close()
        }
        // afterEach closes the last one too; a fresh one keeps it happy.
        await start()
      },
    ), { numRuns: 8, seed: 24 })
  })

  test('deliveries paid at the same moment get receipts R-000001…R-00000n, one each', async () => {
    await start()
    const people = [] as Who[]
    for (let i = 0; i < 4; i++) people.push(await subscriber())
    await walkTo(PAID_BY)
    const numbers = await Promise.all(people.map(async (who) => (await paymentOf(who)).receipt?.number))
    expect([...numbers].sort()).toEqual(['R-000001', 'R-000002', 'R-000003', 'R-000004'])
  })
})
