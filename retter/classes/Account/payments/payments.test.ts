/**
 * Paying for deliveries, with the Account and Roastery classes run by the local runtime in-process
 * (fake `Date`, tasks run as their time comes) against the real localstripe the test run started:
 * saving a card or a SEPA account, the refusals, the charge at each delivery's final moment (never
 * before, never for a skipped, paused or cancelled delivery, always at its plan's price), declines,
 * 3-D Secure, the daily retry, not shipping an unpaid delivery, the hold after two, the webhook and
 * the board. The lifecycle's invariants over random sequences are payments.property.test.ts's.
 */
import type { Board, BoardDelivery } from '@retter-shared/BeanBloomBoard'
import type { DeliveryPayment } from '@retter-shared/BeanBloomSubscription/payments'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import http from 'node:http'
import Stripe from 'stripe'
import { createBackend, type Backend } from '../../../../rio-local/app'
import { fakeDate } from '../../../../rio-local/test/clock'
import { walkTo as walkClock } from '../../../../rio-local/test/walk'
import { accountClient, type Customer as Who } from '../../../../rio-local/test/account-client'
import { call, sessions, type Reply } from '../../../../rio-local/test/in-process'
import { authenticatePayment, confirmSetup, savePaymentMethod, TEST_CARDS, TEST_IBANS, testStripe, lateDebitFailed, type TestMethod } from '../../../../rio-local/test/payments'
import { recordingMirror } from '../../../../rio-local/test/recording-mirror'
import type { AccountUserState } from '../customer'
import { envForEachTest } from '../__tests__/backend'
import { setupProblem } from './payments'

const P = 'payment-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: first deliveries on Wednesday 25 Nov
const day = (iso: string) => `${iso}T00:00:00.000Z`
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

type Sub = SubscriptionFields & AccountUserState

let time: ReturnType<typeof fakeDate>
let backend: Backend
const { mirror } = recordingMirror()
let seq = 0
let rosa: Who | undefined

beforeEach(async () => {
  time = fakeDate(START)
  rosa = undefined
  // Tokens that outlive the walk through weeks (sign-ins are limited to a few codes an hour).
  backend = await createBackend(backendOptions())
})
function backendOptions(): Parameters<typeof createBackend>[0] {
  return { projectId: P, storage: 'memory', dev: true, mirror, accessTokenTtlSeconds: 90 * 86400, refreshTokenTtlSeconds: 180 * 86400, projectEnv: { STAFF_EMAILS: 'rosa@example.com', SUBSCRIPTION_CHANGES_PER_HOUR: '1000', CUSTOMER_EMAILS_PER_HOUR: '1000' } }
}
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})

const account = accountClient<Sub>(() => backend)
const { method, ok } = account
const subOf = async (who: Who) => (await account.userState(who)) as Sub
const mails = async (who: Who) => (await account.outbox(who.email)).filter((m) => !/code/i.test(m.subject))
const signIn = (name = 'sam') => account.signIn(`${name}.${process.pid}.${++seq}@example.com`)
async function staff(): Promise<Who> {
  rosa ??= { ...(await sessions(backend).customer('rosa@example.com')), email: 'rosa@example.com' }
  return rosa
}
async function paymentOf(who: Who, date: string): Promise<DeliveryPayment | undefined> {
  return (await subOf(who)).payments?.find((p) => p.date === day(date))
}
async function subjects(who: Who): Promise<string[]> {
  return (await mails(who)).map((m) => m.subject)
}
const callAs = (who: Who) => async (name: string, body?: unknown) => method(who, name, body)

/** A customer with an address, a saved payment method and a started subscription. */
async function subscriber(plan = 'barista', pay: TestMethod = { card: TEST_CARDS.visa }): Promise<Who> {
  const who = await signIn()
  await ok(who, 'setDeliveryAddress', HOME)
  await savePaymentMethod(callAs(who), pay)
  await ok(who, 'selectPlan', { planId: plan })
  return who
}

/**
 * Moves time to `iso` as the test clock does: each pending task runs at its own due time, in
 * order, including those the runs add; then the clock stands at `iso`.
 */
function walkTo(iso: string, ..._people: Who[]): Promise<void> {
  return walkClock(backend, time, iso)
}

/**
 * Barista on a card whose bank asks to confirm each payment: at its final moment the first delivery
 * (the 25th) waits for the bank, and the customer confirms it with the bank. The payment is read
 * before the confirmation (what the Account held then).
 */
async function confirmedWithTheBank(): Promise<{ sam: Who; waiting: DeliveryPayment }> {
  const sam = await subscriber('barista', { card: TEST_CARDS.authentication })
  await walkTo('2026-11-24T00:00:01Z', sam)
  const waiting = (await paymentOf(sam, '2026-11-25'))!
  await authenticatePayment(waiting.paymentIntentId!, waiting.clientSecret!)
  return { sam, waiting }
}

async function chargesOf(paymentIntentId: string): Promise<Stripe.Charge[]> {
  const intent = await testStripe().paymentIntents.retrieve(paymentIntentId, { expand: ['charges'] })
  return ((intent as unknown as { charges?: { data: Stripe.Charge[] } }).charges?.data ?? []).filter((c) => c.status === 'succeeded')
}
async function boardEntry(date: string, who: Who): Promise<BoardDelivery | undefined> {
  const res = await call<{ role: { staff: Board } }>(backend, 'POST', `/${P}/STATE/Roastery/${date}?_token=${(await staff()).token}`)
  return res.body.role?.staff.deliveries.find((d) => d.deliveryId === `${who.accountId}:${date}`)
}

describe('saving a payment method', () => {
  test('a card: Stripe keeps the number, we keep its summary; before a subscription no e-mail (the welcome names it), on one an e-mail says what will be charged', async () => {
    const sam = await signIn()
    const started = await method(sam, 'startPaymentSetup', { type: 'card' })
    expect(started.status).toBe(200)
    expect(started.body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/)
    expect(await confirmSetup(started.body.setupIntentId as string, { card: TEST_CARDS.visa })).toBe('succeeded')
    const saved = await ok(sam, 'savePaymentMethod', { setupIntentId: started.body.setupIntentId })
    expect(saved.paymentMethod).toEqual({ type: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, savedAt: new Date(START).toISOString() })
    expect(JSON.stringify(await subOf(sam))).not.toContain('4242424242424242')
    expect(await subjects(sam)).toEqual([])
    await ok(sam, 'setDeliveryAddress', HOME)
    await ok(sam, 'selectPlan', { planId: 'barista' })
    const welcome = (await mails(sam)).find((m) => /^Welcome/.test(m.subject))
    expect(welcome?.text).toContain('Each delivery is charged to your Visa •••• 4242')
    // A new card on a running subscription is confirmed on its own.
    await savePaymentMethod(callAs(sam), { card: TEST_CARDS.visa })
    expect(await subjects(sam)).toContain('Your payment method is saved')
    expect((await mails(sam)).find((m) => m.subject === 'Your payment method is saved')!.text).toContain('we charge Visa •••• 4242 for each delivery')
  })

  test('a SEPA bank account: bank, last 4 and the mandate reference', async () => {
    const sam = await signIn()
    const saved = (await savePaymentMethod(callAs(sam), { iban: TEST_IBANS.good })) as Sub
    expect(saved.paymentMethod).toMatchObject({ type: 'sepa_debit', last4: '3000', country: 'DE' })
    expect(saved.paymentMethod?.mandateReference).toMatch(/^\S{6,}$/)
    expect(JSON.stringify(await subOf(sam))).not.toContain(TEST_IBANS.good)
  })

  test('400 PAYMENT_SETUP_INCOMPLETE, saying what is missing: nothing confirmed, 3-D Secure not completed, another customer’s setup', async () => {
    const sam = await signIn()
    const kim = await signIn('kim')
    const first = await method(sam, 'startPaymentSetup', {})
    expect(await method(sam, 'savePaymentMethod', { setupIntentId: first.body.setupIntentId })).toMatchObject({
      status: 400, body: { code: 'PAYMENT_SETUP_INCOMPLETE', message: 'No card or bank account has been confirmed yet: enter your details and confirm them first.' },
    })
    expect(await confirmSetup(first.body.setupIntentId as string, { card: TEST_CARDS.authentication }, false)).toBe('requires_action')
    expect(await method(sam, 'savePaymentMethod', { setupIntentId: first.body.setupIntentId })).toMatchObject({
      status: 400, body: { code: 'PAYMENT_SETUP_INCOMPLETE', message: 'Your bank asked you to confirm this card: complete its check, then save again.' },
    })
    const kims = await method(kim, 'startPaymentSetup', {})
    await confirmSetup(kims.body.setupIntentId as string, { card: TEST_CARDS.visa })
    expect(await method(sam, 'savePaymentMethod', { setupIntentId: kims.body.setupIntentId })).toMatchObject({
      status: 400, body: { code: 'PAYMENT_SETUP_INCOMPLETE', message: 'This payment setup is not yours. Start again from your account.' },
    })
    expect(await method(sam, 'savePaymentMethod', { setupIntentId: 'not-an-id' })).toMatchObject({ status: 400, body: { code: 'VALIDATION' } })
    expect((await subOf(sam)).paymentMethod).toBeUndefined()
  })

  test('409 NO_PAYMENT_METHOD: a subscription cannot start without one, and nothing starts', async () => {
    const sam = await signIn()
    await ok(sam, 'setDeliveryAddress', HOME)
    expect(await method(sam, 'selectPlan', { planId: 'barista' })).toMatchObject({
      status: 409, body: { code: 'NO_PAYMENT_METHOD', message: 'Add a card or a SEPA bank account before starting a subscription: each delivery is charged the day before it.' },
    })
    expect(await subOf(sam)).toMatchObject({ status: 'none' })
  })

  test('only the owner may start a setup or save a method', async () => {
    const sam = await signIn()
    const kim = await signIn('kim')
    const res = await call(backend, 'POST', `/${P}/CALL/Account/startPaymentSetup/${sam.accountId}?_token=${kim.token}`, {})
    expect(res.status).toBe(403)
  })
})

describe('charging each delivery once, when it becomes final', () => {
  test('charged at the start of the day before it, at its plan’s price, once; paid on the board; the reminder pre-notifies', async () => {
    const sam = await subscriber('barista')
    // Wednesday 25 November 2026 is final from Tuesday 24 November 2026 00:00.
    await walkTo('2026-11-23T23:59:00Z', sam)
    expect(await paymentOf(sam, '2026-11-25')).toBeUndefined()
    await walkTo('2026-11-24T00:00:01Z', sam)
    const paid = await paymentOf(sam, '2026-11-25')
    expect(paid).toMatchObject({ status: 'paid', amountCents: 2000, currency: 'eur', plan: 'barista', attempts: 1, method: 'Visa •••• 4242', deliveryId: `${sam.accountId}:2026-11-25` })
    const intent = await testStripe().paymentIntents.retrieve(paid!.paymentIntentId!)
    expect(intent).toMatchObject({ amount: 2000, currency: 'eur', status: 'succeeded', metadata: { deliveryId: `${sam.accountId}:2026-11-25`, deliveryDate: day('2026-11-25') } })
    expect(await chargesOf(intent.id)).toHaveLength(1)
    expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'paid', status: 'scheduled' })
    // The next week's reminder (Monday 30 November 2026) names the amount, the method and the day it is charged.
    await walkTo('2026-11-30T07:00:00Z', sam)
    const reminder = (await mails(sam)).find((m) => m.subject === 'Your coffee arrives Wednesday 2 December 2026')
    expect(reminder?.text).toContain('We will charge €20.00 to your Visa •••• 4242 on Tuesday 1 December 2026 for this delivery.')
    await walkTo('2026-12-01T00:00:01Z', sam)
    expect((await subOf(sam)).payments?.map((p) => [p.date.slice(0, 10), p.status])).toEqual([['2026-11-25', 'paid'], ['2026-12-02', 'paid']])
  })

  test('a delivery run twice (a task delivered again) is never charged twice', async () => {
    const sam = await subscriber('barista')
    await walkTo('2026-11-24T00:00:01Z', sam)
    const paid = (await paymentOf(sam, '2026-11-25'))!
    const again = await call(backend, 'POST', `/${P}/CALL/Account/confirmCharge/${sam.accountId}`, { date: '2026-11-25', paymentIntentId: paid.paymentIntentId })
    // Tasks only: a customer's session may not run it …
    expect(again.status).toBe(401)
    // … and the platform's own re-run finds the PaymentIntent confirmed and only reads it.
    const rerun = await call<{ status: string }>(backend, 'POST', `/${P}/CALL/Account/confirmCharge/${sam.accountId}?_token=${developerToken()}`, { date: '2026-11-25', paymentIntentId: paid.paymentIntentId })
    expect(rerun).toMatchObject({ status: 200, body: { status: 'paid' } })
    const charge = await call<{ charged: boolean; reason: string }>(backend, 'POST', `/${P}/CALL/Account/chargeDelivery/${sam.accountId}?_token=${developerToken()}`, { date: '2026-11-25' })
    expect(charge.body).toEqual({ charged: false, reason: 'superseded' })
    expect(await chargesOf(paid.paymentIntentId!)).toHaveLength(1)
    expect((await subOf(sam)).payments).toHaveLength(1)
  })

  test('never for a skipped, paused or cancelled delivery', async () => {
    const skipper = await subscriber('barista')
    await ok(skipper, 'skipDelivery', { date: '2026-12-02' })
    const pauser = await subscriber('barista')
    await ok(pauser, 'pauseSubscription', { weeks: 2 })
    const leaver = await subscriber('barista')
    await ok(leaver, 'cancelSubscription', { reason: 'taste' })
    await walkTo('2026-12-08T00:00:01Z', skipper, pauser, leaver)
    expect((await subOf(skipper)).payments?.map((p) => p.date.slice(0, 10))).toEqual(['2026-11-25', '2026-12-09'])
    // The two weeks' pause starts at the first changeable day: 25 Nov and 2 Dec are inside it, 9 Dec is not.
    expect((await subOf(pauser)).payments?.map((p) => p.date.slice(0, 10))).toEqual(['2026-12-09'])
    expect((await subOf(leaver)).payments).toBeUndefined()
  })

  test('a plan change charges the new price from the delivery it applies to', async () => {
    const sam = await subscriber('barista')
    await walkTo('2026-11-24T12:00:00Z', sam)
    // 25 Nov is being prepared: the change applies from 2 Dec (Taster, €12, every four weeks).
    await ok(sam, 'selectPlan', { planId: 'taster' })
    await walkTo('2026-12-01T00:00:01Z', sam)
    expect((await subOf(sam)).payments?.map((p) => [p.date.slice(0, 10), p.plan, p.amountCents])).toEqual([
      ['2026-11-25', 'barista', PLANS.find((p) => p.id === 'barista')!.amount], ['2026-12-02', 'taster', PLANS.find((p) => p.id === 'taster')!.amount],
    ])
  })
})

describe('when a payment fails', () => {
  test('declined: an e-mail with the link, a daily retry, and a new card pays it', async () => {
    const sam = await subscriber('barista', { card: TEST_CARDS.declined })
    await walkTo('2026-11-24T00:00:01Z', sam)
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'failed', failure: 'your card was declined.', attempts: 1 })
    expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'failed' })
    const failed = (await mails(sam)).find((m) => m.subject === 'Payment failed for your delivery of Wednesday 25 November 2026')
    expect(failed?.text).toContain('The payment of €20.00 for your delivery of Wednesday 25 November 2026 did not go through: your card was declined.')
    expect(failed?.text).toContain('we also try again once a day')
    // The daily retry (Wed 00:00) fails again; the customer's own retry too, and the answer says so.
    await walkTo('2026-11-25T00:00:01Z', sam)
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'failed', attempts: 2 })
    expect(await method(sam, 'retryPayment', { date: '2026-11-25' })).toMatchObject({
      status: 402, body: { code: 'PAYMENT_DECLINED', message: 'The payment for your delivery of 2026-11-25 was declined again: your card was declined. Try another card or bank account.' },
    })
    await walkTo('2026-11-25T00:00:02Z', sam)
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'failed', attempts: 3 })
    // One "payment failed" e-mail a day per delivery: Tuesday's, then Wednesday's daily retry; not one per retry.
    expect((await subjects(sam)).filter((subject) => subject.startsWith('Payment failed'))).toHaveLength(2)
    // A working card, saved: the failed payment is charged again at once and paid.
    await savePaymentMethod(callAs(sam), { card: TEST_CARDS.visa })
    await walkTo('2026-11-25T00:00:03Z', sam)
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'paid', attempts: 4, method: 'Visa •••• 4242' })
    expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'paid' })
    expect(await method(sam, 'retryPayment', { date: '2026-11-25' })).toMatchObject({ status: 409, body: { code: 'ALREADY_PAID', message: 'Your delivery of 2026-11-25 is already paid.' } })
  })

  test('authentication needed: the customer confirms with their bank, then retryPayment pays it', async () => {
    const sam = await subscriber('barista', { card: TEST_CARDS.authentication })
    await walkTo('2026-11-24T00:00:01Z', sam)
    const waiting = (await paymentOf(sam, '2026-11-25'))!
    expect(waiting).toMatchObject({ status: 'requires_action' })
    expect(waiting.clientSecret).toMatch(/_secret_/)
    expect(await subjects(sam)).toContain('Your bank needs you to confirm the payment for Wednesday 25 November 2026')
    expect(await method(sam, 'retryPayment', { date: '2026-11-25' })).toMatchObject({ status: 409, body: { code: 'PAYMENT_ACTION_REQUIRED' } })
    await authenticatePayment(waiting.paymentIntentId!, waiting.clientSecret!)
    const after = await ok(sam, 'retryPayment', { date: '2026-11-25' })
    expect(after.payments?.find((p) => p.date === day('2026-11-25'))).toMatchObject({ status: 'paid' })
    expect(after.payments?.find((p) => p.date === day('2026-11-25'))?.clientSecret).toBeUndefined()
    expect(await chargesOf(waiting.paymentIntentId!)).toHaveLength(1)
  })

  test('not paid by the end of its day: not shipped, an e-mail; two in a row put the subscription on hold; a working card lifts it', async () => {
    const sam = await subscriber('barista', { card: TEST_CARDS.declined })
    await walkTo('2026-11-26T00:00:01Z', sam)
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'unpaid' })
    expect(await subjects(sam)).toContain('Not shipped: your delivery of Wednesday 25 November 2026')
    expect(await method(sam, 'retryPayment', { date: '2026-11-25' })).toMatchObject({ status: 409, body: { code: 'TOO_LATE_TO_PAY' } })
    await walkTo('2026-12-03T00:00:01Z', sam)
    const held = await subOf(sam)
    expect(held.payments?.map((p) => p.status)).toEqual(['unpaid', 'unpaid'])
    expect(held.paymentHoldSince).toBeDefined()
    expect(await subjects(sam)).toContain('Your deliveries are on hold: payment needed')
    // On hold: nothing further is charged or put on a board.
    await walkTo('2026-12-10T00:00:01Z', sam)
    expect((await subOf(sam)).payments).toHaveLength(2)
    expect(await boardEntry('2026-12-16', sam)).toBeUndefined()
    await savePaymentMethod(callAs(sam), { card: TEST_CARDS.visa })
    expect((await subOf(sam)).paymentHoldSince).toBeUndefined()
    expect(await subjects(sam)).toContain('Your deliveries are back on')
    await walkTo('2026-12-15T00:00:01Z', sam)
    expect(await paymentOf(sam, '2026-12-16')).toMatchObject({ status: 'paid' })
  })

  test('a SEPA debit that fails days later is taken from Stripe’s record by the reconciliation', async () => {
    const sam = await subscriber('barista', { iban: TEST_IBANS.lateFailure })
    await walkTo('2026-11-24T00:00:01Z', sam)
    // The first debit of a new mandate settles before it ships.
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'settling' })
    expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'settling' })
    // localstripe fails the debit half a second later; the hourly read picks it up.
    await lateDebitFailed()
    await walkTo('2026-11-24T01:00:01Z', sam)
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'failed' })
    expect(await subjects(sam)).toContain('Payment failed for your delivery of Wednesday 25 November 2026')
  })
})

describe('Stripe’s webhook', () => {
  // Stripe posts without a token; anything may claim to be Stripe.
  async function post(event: object): Promise<Reply<{ handled?: boolean; code?: string }>> {
    return call(backend, 'POST', `/${P}/CALL/Account/stripeWebhook`, event)
  }

  test('reads the PaymentIntent back from Stripe and applies only Stripe’s record, once', async () => {
    const sam = await subscriber('barista', { iban: TEST_IBANS.lateFailure })
    await walkTo('2026-11-24T00:00:01Z', sam)
    const processing = (await paymentOf(sam, '2026-11-25'))!
    await lateDebitFailed()
    // The body claims success: Stripe says it failed, and that is what counts.
    const event = { id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: processing.paymentIntentId, status: 'succeeded', metadata: { accountId: 'someone-else' } } } }
    expect(await post(event)).toMatchObject({ status: 200, body: { handled: true } })
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'failed' })
    const mailsBefore = (await mails(sam)).length
    expect(await post(event)).toMatchObject({ status: 200, body: { handled: true } })
    expect((await mails(sam)).length).toBe(mailsBefore)
  })

  test('ignores events it does not act on and PaymentIntents Stripe does not know; refuses what is no event', async () => {
    expect(await post({ id: 'evt_2', type: 'customer.created', data: { object: { id: 'cus_123' } } })).toMatchObject({ status: 200, body: { handled: false } })
    expect(await post({ id: 'evt_3', type: 'payment_intent.succeeded', data: { object: { id: 'pi_doesnotexist123' } } })).toMatchObject({ status: 200, body: { handled: false } })
    expect(await post({ hello: 'world' })).toMatchObject({ status: 400, body: { code: 'NOT_AN_EVENT' } })
    expect(await post({ type: 'payment_intent.succeeded', data: { object: { id: '../../etc' } } })).toMatchObject({ status: 400, body: { code: 'NOT_AN_EVENT' } })
  })
})

describe('the roastery ships only what is paid', () => {
  test('409 NOT_PAID for a failed payment; mark all ships the paid ones and leaves the rest on hold', async () => {
    const paying = await subscriber('barista')
    const declined = await subscriber('barista', { card: TEST_CARDS.declined })
    await walkTo('2026-11-25T08:00:00Z', paying, declined)
    const rosa = await staff()
    const refused = await call(backend, 'POST', `/${P}/CALL/Roastery/markShipped/2026-11-25?_token=${rosa.token}`, { deliveryId: `${declined.accountId}:2026-11-25` })
    expect(refused).toMatchObject({ status: 409, body: { code: 'NOT_PAID' } })
    const all = await call(backend, 'POST', `/${P}/CALL/Roastery/markAllShipped/2026-11-25?_token=${rosa.token}`, {})
    expect(all).toMatchObject({ status: 200, body: { shipped: 1, failed: [], onHold: 1 } })
    expect(await boardEntry('2026-11-25', paying)).toMatchObject({ status: 'shipped', payment: 'paid' })
    expect(await boardEntry('2026-11-25', declined)).toMatchObject({ status: 'scheduled', payment: 'failed' })
    expect((await subOf(declined)).deliveries).toBeUndefined()
  })
})

/** Pending delayed calls of `methodName`, by their delivery (`YYYY-MM-DD`), each with how many there are. */
async function pendingByDelivery(methodName: string): Promise<Record<string, number>> {
  const pending = (await call<Array<{ method: string; payload: { date?: string } }>>(backend, 'GET', '/__dev/tasks')).body
  const counts: Record<string, number> = {}
  for (const task of pending.filter((t) => t.method === methodName)) {
    const key = String(task.payload.date).slice(0, 10)
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}
/** Runs what is due after the clock jumped to `iso` with nothing run on the way (the platform was down). */
async function jumpTo(iso: string): Promise<void> {
  time.advance(Date.parse(iso) - time.now())
  for (let guard = 0; guard < 20 && (await backend.runDueTasks()).length > 0; guard++);
}
/** Runs `fn` with Stripe out of reach (nothing listens on port 9); console errors it logs are kept quiet. */
async function withStripeDown<T>(fn: () => Promise<T>): Promise<T> {
  const url = process.env.STRIPE_API_URL
  process.env.STRIPE_API_URL = 'http://127.0.0.1:9'
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    return await fn()
  } finally {
    process.env.STRIPE_API_URL = url
    errors.mockRestore()
  }
}

describe('the schedule tells the truth once coffee is final or shipped', () => {
  test('skipping and unskipping a delivery 100 times leaves one pending reminder and charge task per delivery, and one reminder each', async () => {
    const sam = await subscriber('barista')
    for (let i = 0; i < 100; i++) {
      await ok(sam, 'skipDelivery', { date: '2026-12-02' })
      await ok(sam, 'unskipDelivery', { date: '2026-12-02' })
    }
    // 25 Nov is too close to remind of; 2 Dec and (while 2 Dec was skipped) 9 Dec got one task each.
    expect(await pendingByDelivery('sendDeliveryReminder')).toEqual({ '2026-12-02': 1, '2026-12-09': 1 })
    expect(await pendingByDelivery('chargeDelivery')).toEqual({ '2026-11-25': 1 })
    await walkTo('2026-12-08T00:00:01Z', sam)
    const reminders = (await subjects(sam)).filter((subject) => subject.startsWith('Your coffee arrives'))
    expect(reminders.sort()).toEqual(['Your coffee arrives Wednesday 2 December 2026', 'Your coffee arrives Wednesday 9 December 2026'])
    expect((await subOf(sam)).payments?.map((p) => [p.date.slice(0, 10), p.status, p.attempts])).toEqual([
      ['2026-11-25', 'paid', 1], ['2026-12-02', 'paid', 1], ['2026-12-09', 'paid', 1],
    ])
    expect(await pendingByDelivery('sendDeliveryReminder')).toEqual({ '2026-12-16': 1 })
  }, 60_000)

  test('a reminder that runs late (the platform was down) says nothing of a delivery already final; the next one is reminded', async () => {
    const sam = await subscriber('barista')
    // 2 Dec's reminder was due Mon 30 Nov 06:00; it runs on Tue 1 Dec at noon, when 2 Dec is final.
    await jumpTo('2026-12-01T12:00:00Z')
    expect(await subjects(sam)).not.toContain('Your coffee arrives Wednesday 2 December 2026')
    expect(await pendingByDelivery('sendDeliveryReminder')).toEqual({ '2026-12-09': 1 })
    await walkTo('2026-12-07T06:00:01Z', sam)
    expect(await subjects(sam)).toContain('Your coffee arrives Wednesday 9 December 2026')
  })

  test('a plan change’s e-mail names the delivery the new plan first applies to (never a skipped one), and the next delivery with its own plan', async () => {
    const sam = await subscriber('barista')
    await walkTo('2026-11-24T12:00:00Z', sam)
    await ok(sam, 'skipDelivery', { date: '2026-12-02' })
    // 25 Nov is being roasted (Barista); Taster (every four weeks) starts on 2 Dec, which is skipped: 30 Dec is its first.
    const changed = await ok(sam, 'selectPlan', { planId: 'taster' })
    expect(changed.upcomingDeliveries?.filter((d) => !d.skipped).slice(0, 2).map((d) => [d.date.slice(0, 10), d.plan])).toEqual([['2026-11-25', 'barista'], ['2026-12-30', 'taster']])
    const mail = (await mails(sam)).find((m) => m.subject === 'Your plan is now Taster')
    expect(mail?.text).toContain('From Barista to Taster')
    expect(mail?.text).toContain('The change applies from your delivery of Wednesday 30 December 2026;')
    expect(mail?.text).toContain('Next delivery: Wednesday 25 November 2026 (Barista).')
    expect(mail?.text).not.toContain('2 December')
  })

  test('a shipped delivery leaves the upcoming deliveries and is in the history, on its way; the next one is the one after it', async () => {
    const sam = await subscriber('barista')
    await walkTo('2026-11-25T08:00:00Z', sam)
    const rosa = await staff()
    expect(await call(backend, 'POST', `/${P}/CALL/Roastery/markShipped/2026-11-25?_token=${rosa.token}`, { deliveryId: `${sam.accountId}:2026-11-25` })).toMatchObject({ status: 200 })
    const after = await subOf(sam)
    expect(after.upcomingDeliveries?.map((d) => d.date.slice(0, 10))).not.toContain('2026-11-25')
    expect(after.nextDeliveryAt).toBe(day('2026-12-02'))
    expect(after.deliveries?.map((d) => d.date)).toEqual([day('2026-11-25')])
    // The answer of the customer's next change says the same.
    const changed = await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'dark' })
    expect(changed.upcomingDeliveries?.[0]?.date).toBe(day('2026-12-02'))
    const onItsWay = (await mails(sam)).find((m) => m.subject === 'Your coffee is on its way')
    expect(onItsWay?.text).toContain('Your delivery of Wednesday 25 November 2026 left our roastery today.')
  })
})

describe('the reminder is the pre-notification of the charge', () => {
  test('SEPA: the amount, the day it is debited and the mandate reference; then debited that day, that amount', async () => {
    const sam = await subscriber('barista', { iban: TEST_IBANS.good })
    const mandate = (await subOf(sam)).paymentMethod?.mandateReference
    expect(mandate).toBeTruthy()
    await walkTo('2026-11-30T07:00:00Z', sam)
    const reminder = (await mails(sam)).find((m) => m.subject === 'Your coffee arrives Wednesday 2 December 2026')
    expect(reminder?.text).toContain(`We will charge €20.00 to your SEPA Direct Debit •••• 3000 on Tuesday 1 December 2026 for this delivery. Direct debit under mandate ${mandate}.`)
    await walkTo('2026-12-01T00:00:01Z', sam)
    const payment = (await paymentOf(sam, '2026-12-02'))!
    expect(payment).toMatchObject({ amountCents: 2000, method: 'SEPA Direct Debit •••• 3000' })
    expect(payment.chargedAt?.slice(0, 10)).toBe('2026-12-01')
  })

  test('a plan change before the reminder: the reminder states the new plan’s price', async () => {
    const sam = await subscriber('barista')
    await walkTo('2026-11-24T12:00:00Z', sam)
    await ok(sam, 'selectPlan', { planId: 'taster' })
    // Taster's first delivery is 2 Dec (25 Nov is being prepared): reminded on 30 Nov at its own price.
    await walkTo('2026-11-30T07:00:00Z', sam)
    const taster = PLANS.find((p) => p.id === 'taster')!
    const reminder = (await mails(sam)).find((m) => m.subject === 'Your coffee arrives Wednesday 2 December 2026')
    expect(reminder?.text).toContain(`We will charge €${(taster.amount / 100).toFixed(2)} to your Visa •••• 4242 on Tuesday 1 December 2026 for this delivery.`)
  })

  test('a plan change after the reminder pre-notifies the new price of the delivery it reaches, which is charged at it', async () => {
    const sam = await subscriber('barista', { iban: TEST_IBANS.good })
    await walkTo('2026-11-30T07:00:00Z', sam)
    expect((await mails(sam)).find((m) => m.subject === 'Your coffee arrives Wednesday 2 December 2026')?.text).toContain('We will charge €20.00')
    // Still the last changeable day of 2 Dec: the change reaches it.
    await ok(sam, 'selectPlan', { planId: 'taster' })
    const taster = PLANS.find((p) => p.id === 'taster')!
    const changed = (await mails(sam)).find((m) => m.subject === 'Your plan is now Taster')
    expect(changed?.text).toContain('The change applies from your delivery of Wednesday 2 December 2026;')
    expect(changed?.text).toContain(`We will charge €${(taster.amount / 100).toFixed(2)} to your SEPA Direct Debit •••• 3000 on Tuesday 1 December 2026 for this delivery.`)
    await walkTo('2026-12-01T00:00:01Z', sam)
    expect(await paymentOf(sam, '2026-12-02')).toMatchObject({ plan: 'taster', amountCents: taster.amount })
  })
})

describe('every refusal of the payment methods', () => {
  test('502 PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached: nothing is saved, and it works once Stripe is back', async () => {
    const sam = await signIn()
    const started = await method(sam, 'startPaymentSetup', { type: 'card' })
    await confirmSetup(started.body.setupIntentId as string, { card: TEST_CARDS.visa })
    await withStripeDown(async () => {
      expect(await method(sam, 'startPaymentSetup', { type: 'card' })).toMatchObject({ status: 502, body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE' } })
      expect(await method(sam, 'savePaymentMethod', { setupIntentId: started.body.setupIntentId })).toMatchObject({
        status: 502, body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'We could not reach our payment provider. Nothing was saved; please try again in a moment.' },
      })
    })
    expect((await subOf(sam)).paymentMethod).toBeUndefined()
    expect((await ok(sam, 'savePaymentMethod', { setupIntentId: started.body.setupIntentId })).paymentMethod).toMatchObject({ type: 'card', last4: '4242' })
  })

  test('400 PAYMENT_SETUP_INCOMPLETE for a setup Stripe does not know, one cancelled, and a card refused when it was set up', async () => {
    const sam = await signIn()
    expect(await method(sam, 'savePaymentMethod', { setupIntentId: 'seti_doesnotexist123' })).toMatchObject({
      status: 400, body: { code: 'PAYMENT_SETUP_INCOMPLETE', message: 'There is no payment setup seti_doesnotexist123. Start again.' },
    })
    const cancelled = await method(sam, 'startPaymentSetup', {})
    await testStripe().setupIntents.cancel(cancelled.body.setupIntentId as string)
    expect(await method(sam, 'savePaymentMethod', { setupIntentId: cancelled.body.setupIntentId })).toMatchObject({
      status: 400, body: { code: 'PAYMENT_SETUP_INCOMPLETE', message: 'This payment setup was cancelled: start again.' },
    })
    // Stripe's generic decline at set-up: the browser's confirmation fails and the setup is over.
    const refused = await method(sam, 'startPaymentSetup', {})
    await expect(confirmSetup(refused.body.setupIntentId as string, { card: '4000000000000002' })).rejects.toThrow(/declined/)
    expect(await method(sam, 'savePaymentMethod', { setupIntentId: refused.body.setupIntentId })).toMatchObject({ status: 400, body: { code: 'PAYMENT_SETUP_INCOMPLETE' } })
    expect((await subOf(sam)).paymentMethod).toBeUndefined()
    expect(await subjects(sam)).toEqual([])
  })

  test('PAYMENT_SETUP_INCOMPLETE says what each state of Stripe’s SetupIntent still lacks (those localstripe cannot reach included)', () => {
    const problem = (status: Stripe.SetupIntent.Status, message?: string) =>
      setupProblem({ status, last_setup_error: message ? ({ message } as Stripe.SetupIntent.LastSetupError) : null })
    expect(problem('succeeded')).toBeUndefined()
    expect(problem('requires_payment_method')).toBe('No card or bank account has been confirmed yet: enter your details and confirm them first.')
    expect(problem('requires_payment_method', 'Your card was declined.')).toBe('Your card or bank account was not accepted: Your card was declined.')
    expect(problem('requires_action')).toBe('Your bank asked you to confirm this card: complete its check, then save again.')
    expect(problem('requires_confirmation')).toBe('Your card or bank account has not been confirmed yet: confirm it first.')
    expect(problem('processing')).toBe('Your bank account is still being checked: try again in a moment.')
    expect(problem('canceled')).toBe('This payment setup was cancelled: start again.')
  })

  test('retryPayment: 409 NOTHING_TO_PAY for a delivery not charged, 409 PAYMENT_IN_PROGRESS while a charge is being made', async () => {
    // Delayed calls run only when the test says so: the charge's confirmation waits while it asks.
    await backend.close()
    backend = await createBackend({ ...backendOptions(), timers: false })
    const sam = await subscriber('barista')
    expect(await method(sam, 'retryPayment', { date: '2026-12-02' })).toMatchObject({
      status: 409, body: { code: 'NOTHING_TO_PAY', message: 'There is no payment due for a delivery on 2026-12-02.' },
    })
    // At the final moment, the charge is made (step 1) and its confirmation not run yet (step 2).
    time.advance(Date.parse('2026-11-24T00:00:01Z') - time.now())
    const charged = await call<{ charged: boolean }>(backend, 'POST', `/${P}/CALL/Account/chargeDelivery/${sam.accountId}?_token=${developerToken()}`, { date: '2026-11-25' })
    expect(charged.body).toEqual({ charged: true, reason: 'charged' })
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'charging' })
    expect(await method(sam, 'retryPayment', { date: '2026-11-25' })).toMatchObject({
      status: 409, body: { code: 'PAYMENT_IN_PROGRESS', message: 'The payment for your delivery of 2026-11-25 is being made. Wait a moment.' },
    })
    await walkTo('2026-11-24T00:00:02Z', sam)
    const paid = (await paymentOf(sam, '2026-11-25'))!
    expect(paid).toMatchObject({ status: 'paid', attempts: 1 })
    expect(await chargesOf(paid.paymentIntentId!)).toHaveLength(1)
  })

  test('retryPayment: 502 when Stripe cannot be reached to read an authentication, and nothing changes', async () => {
    const { sam } = await confirmedWithTheBank()
    await withStripeDown(async () => {
      expect(await method(sam, 'retryPayment', { date: '2026-11-25' })).toMatchObject({
        status: 502, body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'We could not reach our payment provider. Nothing was charged; please try again in a moment.' },
      })
    })
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'requires_action' })
    expect((await ok(sam, 'retryPayment', { date: '2026-11-25' })).payments?.find((p) => p.date === day('2026-11-25'))).toMatchObject({ status: 'paid' })
  })

  test('syncPayment reads Stripe’s outcome of a debit settling; only the platform runs it, and only for the payment’s own PaymentIntent', async () => {
    const sam = await subscriber('barista', { iban: TEST_IBANS.lateFailure })
    await walkTo('2026-11-24T00:00:01Z', sam)
    const settling = (await paymentOf(sam, '2026-11-25'))!
    expect(settling).toMatchObject({ status: 'settling' })
    expect(await call(backend, 'POST', `/${P}/CALL/Account/syncPayment/${sam.accountId}?_token=${sam.token}`, { date: '2026-11-25' })).toMatchObject({ status: 403 })
    await lateDebitFailed()
    const synced = await call<{ status: string }>(backend, 'POST', `/${P}/CALL/Account/syncPayment/${sam.accountId}?_token=${developerToken()}`, { date: '2026-11-25', paymentIntentId: settling.paymentIntentId })
    expect(synced.body).toEqual({ status: 'failed' })
    expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'failed' })
    // Another PaymentIntent than the payment's latest is not this payment's any more.
    expect((await call(backend, 'POST', `/${P}/CALL/Account/syncPayment/${sam.accountId}?_token=${developerToken()}`, { date: '2026-11-25', paymentIntentId: 'pi_someoneelse123' })).body).toEqual({ status: 'superseded' })
  })

  test('closeDelivery before the end of the delivery’s day closes nothing and waits for it', async () => {
    const sam = await subscriber('barista', { card: TEST_CARDS.declined })
    await walkTo('2026-11-24T00:00:01Z', sam)
    const early = await call<{ closed: boolean }>(backend, 'POST', `/${P}/CALL/Account/closeDelivery/${sam.accountId}?_token=${developerToken()}`, { date: '2026-11-25' })
    expect(early.body).toEqual({ closed: false })
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'failed' })
    await walkTo('2026-11-26T00:00:01Z', sam)
    expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'unpaid' })
    // Closed once: one "not shipped" e-mail, even with the early call's second task.
    expect((await subjects(sam)).filter((subject) => subject.startsWith('Not shipped'))).toHaveLength(1)
  })

  test('the Roastery’s setPayment is for Accounts only: a customer or staff calling it is refused and the board keeps its payment', async () => {
    const sam = await subscriber('barista', { card: TEST_CARDS.declined })
    await walkTo('2026-11-24T00:00:01Z', sam)
    const body = { deliveryId: `${sam.accountId}:2026-11-25`, payment: 'paid' }
    expect((await call(backend, 'POST', `/${P}/CALL/Roastery/setPayment/2026-11-25?_token=${sam.token}`, body)).status).toBe(403)
    expect((await call(backend, 'POST', `/${P}/CALL/Roastery/setPayment/2026-11-25?_token=${(await staff()).token}`, body)).status).toBe(403)
    expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'failed' })
  })
})

describe('Stripe’s webhook, signed as Stripe signs it', () => {
  const SECRET = 'whsec_test_bean_and_bloom'
  envForEachTest('STRIPE_WEBHOOK_SECRET', SECRET)
  /** Posts `event` as Stripe does: its pretty-printed JSON, with the Stripe-Signature header of `payload` under `secret`. */
  async function postSigned(event: object, options: { secret?: string; payload?: string; signature?: string | null } = {}): Promise<Reply<{ handled?: boolean; code?: string; message?: string }>> {
    const signed = JSON.stringify(event, null, 2)
    const signature = options.signature === undefined ? testStripe().webhooks.generateTestHeaderString({ payload: signed, secret: options.secret ?? SECRET }) : options.signature
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (signature !== null) headers['stripe-signature'] = signature
    const res = await backend.handle({ method: 'POST', url: `/${P}/CALL/Account/stripeWebhook`, headers, body: options.payload ?? signed })
    return { status: res.status, body: JSON.parse(res.body), headers: res.headers }
  }
  const eventFor = (id: string, type = 'payment_intent.succeeded') => ({ id: 'evt_' + id.slice(3, 12), object: 'event', type, data: { object: { id, object: 'payment_intent' } } })

  test('an event Stripe signed is read back from Stripe and applied; the same event again changes nothing', async () => {
    // The customer confirms with their bank in the browser; Stripe tells us through the webhook.
    const { sam, waiting } = await confirmedWithTheBank()
    expect(await postSigned(eventFor(waiting.paymentIntentId!))).toMatchObject({ status: 200, body: { handled: true } })
    const paid = await paymentOf(sam, '2026-11-25')
    expect(paid).toMatchObject({ status: 'paid' })
    expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'paid' })
    const mailsBefore = (await mails(sam)).length
    expect(await postSigned(eventFor(waiting.paymentIntentId!))).toMatchObject({ status: 200, body: { handled: true } })
    expect(await paymentOf(sam, '2026-11-25')).toEqual(paid)
    expect((await mails(sam)).length).toBe(mailsBefore)
    expect(await chargesOf(waiting.paymentIntentId!)).toHaveLength(1)
  })

  test('400 BAD_SIGNATURE without a signature, signed with another secret, or changed after signing; nothing is read or changed', async () => {
    const { sam, waiting } = await confirmedWithTheBank()
    const event = eventFor(waiting.paymentIntentId!)
    expect(await postSigned(event, { signature: null })).toMatchObject({ status: 400, body: { code: 'BAD_SIGNATURE', message: 'The event has no Stripe-Signature header.' } })
    expect(await postSigned(event, { secret: 'whsec_someone_else' })).toMatchObject({ status: 400, body: { code: 'BAD_SIGNATURE' } })
    const tampered = JSON.stringify({ ...event, type: 'payment_intent.payment_failed' }, null, 2)
    expect(await postSigned(event, { payload: tampered })).toMatchObject({ status: 400, body: { code: 'BAD_SIGNATURE', message: "The event's Stripe-Signature does not match it." } })
    expect(await paymentOf(sam, '2026-11-25')).toEqual(waiting)
  })

  test('a signed event claiming another outcome than Stripe’s record changes nothing beyond that record', async () => {
    const sam = await subscriber('barista', { card: TEST_CARDS.declined })
    const kim = await subscriber('barista')
    await walkTo('2026-11-24T00:00:01Z', sam, kim)
    const failed = (await paymentOf(sam, '2026-11-25'))!
    const kims = (await paymentOf(kim, '2026-11-25'))!
    const mailsBefore = [(await mails(sam)).length, (await mails(kim)).length]
    // "Succeeded" for Sam's declined payment, and Kim's PaymentIntent under a body naming Sam.
    expect(await postSigned(eventFor(failed.paymentIntentId!))).toMatchObject({ status: 200, body: { handled: true } })
    const forged = { ...eventFor(kims.paymentIntentId!, 'payment_intent.payment_failed'), account: sam.accountId }
    expect(await postSigned({ ...forged, data: { object: { id: kims.paymentIntentId, metadata: { accountId: sam.accountId, deliveryDate: day('2026-11-25') }, status: 'requires_payment_method' } } })).toMatchObject({ status: 200 })
    expect(await paymentOf(sam, '2026-11-25')).toEqual(failed)
    expect(await paymentOf(kim, '2026-11-25')).toEqual(kims)
    expect([(await mails(sam)).length, (await mails(kim)).length]).toEqual(mailsBefore)
    expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'failed' })
  })

  describe('money that does not arrive for a delivery that left', () => {
    /** Opens a dispute on the charge, as a customer's bank does (the local fake's test route). */
    async function openDispute(chargeId: string): Promise<string> {
      const res = await fetch(`${process.env.STRIPE_API_URL}/_config/disputes`, {
        method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ charge: chargeId, reason: 'fraudulent' }).toString(),
      })
      if (!res.ok) throw new Error(`the dispute was not opened: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { id: string }).id
    }
    async function ship(who: Who, date: string): Promise<Reply<{ code?: string }>> {
      return call(backend, 'POST', `/${P}/CALL/Roastery/markShipped/${date}?_token=${(await staff()).token}`, { deliveryId: `${who.accountId}:${date}` })
    }
    /** A card subscriber whose delivery of 25 November was paid and has shipped, and its Stripe charge. */
    async function shippedPaid(): Promise<{ sam: Who; chargeId: string }> {
      const sam = await subscriber('barista')
      await walkTo('2026-11-25T08:00:00Z', sam)
      expect(await ship(sam, '2026-11-25')).toMatchObject({ status: 200 })
      const [charge] = await chargesOf((await paymentOf(sam, '2026-11-25'))!.paymentIntentId!)
      return { sam, chargeId: charge!.id }
    }

    test('a dispute of a shipped delivery holds the subscription at once, tells the customer and the board; paying it lifts the hold', async () => {
      const { sam, chargeId } = await shippedPaid()
      const disputeId = await openDispute(chargeId)
      // The body says nothing true but the id: the dispute is read back from Stripe.
      expect(await postSigned({ id: 'evt_dispute1', object: 'event', type: 'charge.dispute.created', data: { object: { id: disputeId, object: 'dispute', status: 'won' } } })).toMatchObject({ status: 200, body: { handled: true } })
      const held = await subOf(sam)
      expect(held.payments?.find((p) => p.date === day('2026-11-25'))).toMatchObject({ status: 'failed', failure: 'your bank took the payment back (a dispute: fraudulent).' })
      expect(held.paymentHoldSince).toBeDefined()
      expect(await boardEntry('2026-11-25', sam)).toMatchObject({ status: 'shipped', payment: 'failed' })
      const owed = (await mails(sam)).find((m) => m.subject === 'Payment needed: your delivery of Wednesday 25 November 2026 is not paid')
      expect(owed?.text).toContain('Your next deliveries are on hold until it is paid.')
      // The same event again changes nothing; the next delivery is neither charged nor on a board.
      await postSigned({ id: 'evt_dispute1', object: 'event', type: 'charge.dispute.created', data: { object: { id: disputeId, object: 'dispute' } } })
      expect((await subjects(sam)).filter((subject) => subject.startsWith('Payment needed'))).toHaveLength(1)
      await walkTo('2026-12-01T00:00:01Z', sam)
      expect(await paymentOf(sam, '2026-12-02')).toBeUndefined()
      // Past its day, the delivery that left can still be paid; the hold lifts and charging resumes.
      const repaid = await ok(sam, 'retryPayment', { date: '2026-11-25' })
      expect(repaid.payments?.find((p) => p.date === day('2026-11-25'))).toMatchObject({ status: 'paid' })
      expect(repaid.paymentHoldSince).toBeUndefined()
      expect(await subjects(sam)).toContain('Your deliveries are back on')
      await walkTo('2026-12-08T00:00:01Z', sam)
      expect(await paymentOf(sam, '2026-12-09')).toMatchObject({ status: 'paid' })
    })

    test('a delivery already paid does not ship while an earlier one that left is owed; it ships once that is paid', async () => {
      const { sam, chargeId } = await shippedPaid()
      await walkTo('2026-12-01T00:00:01Z', sam)
      expect(await paymentOf(sam, '2026-12-02')).toMatchObject({ status: 'paid' })
      const disputeId = await openDispute(chargeId)
      expect(await postSigned({ id: 'evt_dispute2', object: 'event', type: 'charge.dispute.created', data: { object: { id: disputeId, object: 'dispute' } } })).toMatchObject({ status: 200, body: { handled: true } })
      await walkTo('2026-12-02T08:00:00Z', sam)
      expect(await ship(sam, '2026-12-02')).toMatchObject({ status: 409, body: { code: 'NOT_PAID' } })
      await ok(sam, 'retryPayment', { date: '2026-11-25' })
      expect(await ship(sam, '2026-12-02')).toMatchObject({ status: 200 })
    })

    test('the first debit of a new SEPA mandate does not ship while it settles, and cannot be paid twice meanwhile', async () => {
      // localstripe settles a good IBAN's debit at once; the one that fails later stays settling for a moment.
      const sam = await subscriber('barista', { iban: TEST_IBANS.lateFailure })
      await walkTo('2026-11-24T00:00:01Z', sam)
      expect(await paymentOf(sam, '2026-11-25')).toMatchObject({ status: 'settling' })
      expect(await boardEntry('2026-11-25', sam)).toMatchObject({ payment: 'settling' })
      expect(await ship(sam, '2026-11-25')).toMatchObject({ status: 409, body: { code: 'NOT_PAID' } })
      expect(await method(sam, 'retryPayment', { date: '2026-11-25' })).toMatchObject({
        status: 409, body: { code: 'PAYMENT_IN_PROGRESS', message: 'The direct debit for your delivery of 2026-11-25 is still being settled by your bank. We ship it once it has.' },
      })
    })

    test('a refund made outside the shop (not from the board) of a shipped delivery counts as money returned: on hold until paid', async () => {
      const { sam, chargeId } = await shippedPaid()
      await testStripe().refunds.create({ charge: chargeId })
      expect(await postSigned({ id: 'evt_refund1', object: 'event', type: 'charge.refunded', data: { object: { id: chargeId, object: 'charge' } } })).toMatchObject({ status: 200, body: { handled: true } })
      const held = await subOf(sam)
      expect(held.payments?.find((p) => p.date === day('2026-11-25'))).toMatchObject({ status: 'failed', failure: 'the payment was returned to you.' })
      expect(held.paymentHoldSince).toBeDefined()
      expect(await subjects(sam)).toContain('Payment needed: your delivery of Wednesday 25 November 2026 is not paid')
    })
  })
})

/** A token of the platform's own `developer` identity, as Retter's delayed calls and rdk calls have. */
function developerToken(): string {
  return sessions(backend).platform()
}

afterAll(() => {
  delete process.env.STAFF_EMAILS
})

describe('the webhook without its signing secret', () => {
  test('against a Stripe that is not the local fake, every event is refused (503) and nothing is read', async () => {
    const url = process.env.STRIPE_API_URL
    process.env.STRIPE_API_URL = 'https://api.stripe.example'
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const res = await call<{ code?: string }>(backend, 'POST', `/${P}/CALL/Account/stripeWebhook`, { id: 'evt_x', type: 'payment_intent.succeeded', data: { object: { id: 'pi_doesnotexist123' } } })
      expect(res).toMatchObject({ status: 503, body: { code: 'WEBHOOK_NOT_CONFIGURED' } })
      expect(errors.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringContaining('STRIPE_WEBHOOK_SECRET is not set'))
    } finally {
      process.env.STRIPE_API_URL = url
      errors.mockRestore()
    }
  })
})

describe('payment set-ups and retries are limited', () => {
  test('an open SetupIntent is answered again, not a new one; a new one once it succeeded; 429 SETUP_LIMIT past 10 an hour', async () => {
    const sam = await signIn()
    const first = await method(sam, 'startPaymentSetup', { type: 'card' })
    const again = await method(sam, 'startPaymentSetup', { type: 'card' })
    expect(again.body.setupIntentId).toBe(first.body.setupIntentId)
    await confirmSetup(first.body.setupIntentId as string, { card: TEST_CARDS.visa })
    await ok(sam, 'savePaymentMethod', { setupIntentId: first.body.setupIntentId })
    const next = await method(sam, 'startPaymentSetup', { type: 'card' })
    expect(next.body.setupIntentId).not.toBe(first.body.setupIntentId)
    for (let i = 3; i < 10; i++) expect((await method(sam, 'startPaymentSetup', { type: 'card' })).status).toBe(200)
    const refused = await method(sam, 'startPaymentSetup', { type: 'sepa_debit' })
    expect(refused).toMatchObject({ status: 429, body: { code: 'SETUP_LIMIT', retryAfterSeconds: 3600 } })
    expect(refused.body.message).toBe('You have started 10 payment set-ups in the last hour, the most we accept. Nothing was changed; you can start another in 60 minutes.')
    time.advance(3600_000)
    expect((await method(sam, 'startPaymentSetup', { type: 'card' })).status).toBe(200)
  })

  test('429 RETRY_LIMIT past 5 retries an hour of a declined card: no charge, no e-mail', async () => {
    const sam = await subscriber('barista', { card: TEST_CARDS.declined })
    await walkTo('2026-11-24T00:00:01Z', sam)
    for (let i = 0; i < 5; i++) expect((await method(sam, 'retryPayment', { date: '2026-11-25' })).status).toBe(402)
    const attempts = (await paymentOf(sam, '2026-11-25'))!.attempts
    const mailCount = (await mails(sam)).length
    expect(await method(sam, 'retryPayment', { date: '2026-11-25' })).toMatchObject({ status: 429, body: { code: 'RETRY_LIMIT' } })
    expect((await paymentOf(sam, '2026-11-25'))!.attempts).toBe(attempts)
    expect((await mails(sam)).length).toBe(mailCount)
  })
})

describe('Stripe’s customer after a deletion', () => {
  /** A loopback proxy in front of localstripe that notes the idempotency key of each customer created. */
  async function recordingStripe(keys: string[]): Promise<{ url: string; close: () => Promise<void> }> {
    const target = new URL(process.env.STRIPE_API_URL!)
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/customers') keys.push(String(req.headers['idempotency-key']))
        const forwarded = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        })
        forwarded.end(Buffer.concat(chunks))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
  }

  test('a new set-up after the account was deleted creates a new Stripe customer, never the deleted one replayed (a key per generation)', async () => {
    const keys: string[] = []
    const proxy = await recordingStripe(keys)
    const url = process.env.STRIPE_API_URL
    process.env.STRIPE_API_URL = proxy.url
    try {
      const sam = await signIn()
      expect((await method(sam, 'startPaymentSetup', { type: 'card' })).status).toBe(200)
      await ok(sam, 'requestAccountDeletion', {})
      const code = (await account.outbox(sam.email)).map((m) => m.text.match(/Your code is (\d{6})\./)?.[1]).filter(Boolean).pop()
      await ok(sam, 'deleteMyAccount', { code })
      const again = await account.signIn(sam.email)
      expect(again.accountId).toBe(sam.accountId)
      expect((await method(again, 'startPaymentSetup', { type: 'card' })).status).toBe(200)
      expect(keys).toHaveLength(2)
      expect(keys.every((key) => key.startsWith(`customer-${sam.accountId}-`))).toBe(true)
      expect(keys[1]).not.toBe(keys[0])
    } finally {
      process.env.STRIPE_API_URL = url
      await proxy.close()
    }
  })
})
