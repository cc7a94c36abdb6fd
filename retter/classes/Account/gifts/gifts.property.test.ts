/**
 * A running gift's invariants over random sequences, with the Account and Roastery classes run by
 * the local runtime in-process (fake `Date`, each task at its own time) against the real localstripe
 * the test run started. A giver buys a gift of 1, 3 or 6 deliveries; the recipient starts it and then
 * skips, unskips, pauses, resumes, moves a delivery or sends the next one sooner, changes the
 * weekday, adds or takes off extras, saves a card (or not), tries to cancel, while staff ship each
 * day's board and time passes; then time runs on until the gift is long over.
 *
 * Checked against what really happened (Stripe's PaymentIntents, listed from localstripe):
 * - the gift pays exactly its deliveries, never more: that many payments carry its id, each paid,
 *   0 cents, with no PaymentIntent for that delivery (prepaid deliveries are never charged);
 * - the giver was charged once, the whole gift, when it was bought;
 * - every PaymentIntent of the recipient is for a delivery the gift did not pay, at its plan's price
 *   plus its extras;
 * - nothing ships unpaid: each delivery that left was paid (by the gift or by Stripe);
 * - while the gift still held deliveries, the subscription was never cancelled; once it was over,
 *   without a card of the recipient's own, the subscription ended with it.
 *
 * Bounded in time: RUNS sequences of at most MAX_OPS steps, with a fixed seed (SEED) so a failure
 * replays.
 */
import fc from 'fast-check'
import type { DeliveryPayment } from '@retter-shared/BeanBloomSubscription/payments'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { SEED_EXTRAS } from '@retter-shared/BeanBloomSubscription/extras'
import { WEEKDAYS, type SubscriptionFields, type Weekday } from '@retter-shared/BeanBloomSubscription/schedule'
import { createBackend, type Backend } from '../../../../rio-local/app'
import { fakeDate } from '../../../../rio-local/test/clock'
import { userIdFor } from '../../../../rio-local/test/ids'
import { call, sessions } from '../../../../rio-local/test/in-process'
import { savePaymentMethod, TEST_CARDS, testStripe } from '../../../../rio-local/test/payments'
import { walkTo } from '../../../../rio-local/test/walk'
import type { AccountUserState } from '../customer'
import { runScheduleStep } from '../__tests__/schedule-steps'

jest.setTimeout(180_000)

const P = 'gift-properties'
const START = Date.parse('2026-11-23T09:00:00Z')
const SEED = 20261130
const RUNS = 8
const MAX_OPS = 7
const HOUR = 3_600_000
const STAFF = 'rosa@example.com'
const HOME = { name: 'Rita Gruber', line1: 'Ringstraße 1', city: 'Wien', postalCode: '1010', country: 'AT' }
const BARISTA = PLANS.find((p) => p.id === 'barista')!

type Sub = SubscriptionFields & AccountUserState

type Op =
  | { kind: 'skip' | 'unskip'; index: number }
  | { kind: 'pause'; weeks: number }
  | { kind: 'resume' | 'sendNow' }
  | { kind: 'cancel' | 'card' | 'ship' }
  | { kind: 'wait'; hours: number }
  | { kind: 'weekday'; weekday: Weekday }
  | { kind: 'moveOne'; index: number; days: number }
  | { kind: 'extra'; index: number; itemId: string; quantity: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('skip' as const, 'unskip' as const), index: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('pause' as const), weeks: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constantFrom('resume' as const, 'cancel' as const, 'card' as const, 'ship' as const, 'sendNow' as const) }),
  fc.record({ kind: fc.constant('weekday' as const), weekday: fc.constantFrom(...WEEKDAYS) }),
  fc.record({ kind: fc.constant('moveOne' as const), index: fc.integer({ min: 0, max: 3 }), days: fc.integer({ min: -6, max: 6 }) }),
  fc.record({ kind: fc.constant('extra' as const), index: fc.integer({ min: 0, max: 3 }), itemId: fc.constantFrom(...SEED_EXTRAS.map((e) => e.id)), quantity: fc.integer({ min: 0, max: 2 }) }),
  // Never on the hour: a step never lands on a final moment (midnight) itself.
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 120 }) }), weight: 4 },
)
/** Half the runs save a card once the steps are done, before the gift is over: their subscription goes on after it. */
const sequence = fc.tuple(fc.constantFrom(1, 3, 6), fc.array(op, { maxLength: MAX_OPS }), fc.boolean())

/** Gift deliveries paid over all runs, and runs that ended with the gift: the property must have met both. */
let giftPaid = 0
let endedWithGift = 0
let chargedAfterGift = 0

async function runSequence(deliveries: number, ops: Op[], cardAfter: boolean): Promise<void> {
  const time = fakeDate(START)
  const backend: Backend = await createBackend({
    projectId: P, storage: 'memory', dev: true, accessTokenTtlSeconds: 200 * 86400, refreshTokenTtlSeconds: 300 * 86400, projectEnv: { STAFF_EMAILS: STAFF },
  })
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const fresh = (tag: string) => `${tag}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
    const giverEmail = fresh('giver')
    const email = fresh('rita')
    const giver = await sessions(backend).customer(giverEmail)
    const who = await sessions(backend).customer(email)
    const staff = await sessions(backend).customer(STAFF)
    const as = (person: { accountId: string; token: string }) => async (name: string, body?: unknown) => {
      const res = await call<Sub & { code?: string; giftId?: string }>(backend, 'POST', `/${P}/CALL/Account/${name}/${person.accountId}?_token=${person.token}`, body)
      // Refusals are fine; a failure of ours is not.
      expect({ name, body, status: res.status < 500 ? 'answered' : res.status, answer: res.status < 500 ? undefined : res.body }).toMatchObject({ status: 'answered' })
      return res
    }
    const act = as(who)
    const giverAct = as(giver)
    const subNow = async (): Promise<Sub> => (await call<{ user: Record<string, Sub> }>(backend, 'POST', `/${P}/STATE/Account/${who.accountId}?_token=${who.token}`)).body.user[userIdFor(email)] as Sub
    const intentsOf = async (accountId: string) => {
      const found = []
      for await (const intent of testStripe().paymentIntents.list({ limit: 100 })) if (intent.metadata?.accountId === accountId) found.push(intent)
      return found
    }
    const shipped: Array<{ date: string; payment?: DeliveryPayment }> = []
    const shipToday = async () => {
      const day = new Date(time.now()).toISOString().slice(0, 10)
      const before = new Set(((await subNow()).deliveries ?? []).map((d) => d.date))
      const res = await call(backend, 'POST', `/${P}/CALL/Roastery/markAllShipped/${day}?_token=${staff.token}`, {})
      expect([200, 404]).toContain(res.status)
      const after = await subNow()
      for (const d of (after.deliveries ?? []).filter((x) => !before.has(x.date))) shipped.push({ date: d.date, payment: after.payments?.find((p) => p.date === d.date) })
    }

    // The giver buys; the gift reaches the recipient at once (today), who starts it.
    await savePaymentMethod((name, body) => giverAct(name, body), { card: TEST_CARDS.visa })
    const bought = await giverAct('buyGift', { planId: 'barista', deliveries, recipientEmail: email, startDate: '2026-11-23' })
    expect(bought.status).toBe(200)
    await walkTo(backend, time, new Date(time.now() + 60_000).toISOString())
    await act('setDeliveryAddress', HOME)
    expect((await act('redeemGift', { giftId: bought.body.giftId })).status).toBe(200)

    let hadCard = false
    for (const step of ops) {
      const sub = await subNow()
      switch (step.kind) {
        case 'cancel': {
          const res = await act('cancelSubscription', { reason: 'tooMuch' })
          // Never while the gift still holds deliveries.
          if ((sub.gift?.used ?? deliveries) < deliveries) expect(res.body.code).toBe('GIFT_RUNNING')
          break
        }
        case 'card':
          await savePaymentMethod((name, body) => act(name, body), { card: TEST_CARDS.visa })
          hadCard = true
          break
        case 'ship':
          await shipToday()
          break
        case 'skip':
        case 'unskip':
        case 'pause':
        case 'resume':
        case 'weekday':
        case 'moveOne':
        case 'sendNow':
        case 'extra':
          await runScheduleStep(step, sub, act)
          break
        case 'wait':
          await walkTo(backend, time, new Date(time.now() + step.hours * HOUR + 7 * 60_000).toISOString())
          break
      }
    }
    if (cardAfter && !hadCard) {
      await savePaymentMethod((name, body) => act(name, body), { card: TEST_CARDS.visa })
      hadCard = true
    }
    // Time runs on, a day at a time with the day's board shipped, until the gift is over and three
    // more weeks have passed (what follows it: a charge of one's own, or the end), at most the bound.
    const cancelledBefore = (await subNow()).status === 'cancelled'
    let overSince: number | undefined
    for (let day = 0; day < 7 * (deliveries + 14); day++) {
      await walkTo(backend, time, new Date(time.now() + 24 * HOUR).toISOString())
      await shipToday()
      const now = await subNow()
      const over = !now.gift || now.gift.used >= now.gift.deliveries
      if (over && overSince === undefined) overSince = day
      if (overSince !== undefined && day - overSince >= 21) break
    }

    const sub = await subNow()
    const payments = sub.payments ?? []
    const byGift = payments.filter((p) => p.giftId === bought.body.giftId)
    // Exactly its deliveries, each paid, never charged.
    expect(byGift).toHaveLength(deliveries)
    giftPaid += byGift.length
    for (const p of byGift) expect(p).toMatchObject({ status: 'paid', amountCents: 0 })
    const intents = await intentsOf(who.accountId)
    const giftDays = new Set(byGift.map((p) => p.date.slice(0, 10)))
    expect(intents.filter((i) => giftDays.has(String(i.metadata?.deliveryDate ?? '').slice(0, 10)))).toEqual([])
    // Every charge of the recipient's is a delivery the gift did not pay, at its plan's price plus its extras.
    for (const intent of intents) {
      const payment = payments.find((p) => p.date.slice(0, 10) === String(intent.metadata?.deliveryDate ?? '').slice(0, 10))
      expect(payment?.giftId).toBeUndefined()
      const extras = (payment?.extras ?? []).reduce((sum, l) => sum + l.unitCents * l.quantity, 0)
      expect({ date: payment?.date, amount: intent.amount }).toEqual({ date: payment?.date, amount: BARISTA.amount + extras })
      if (!payment?.extras?.length) chargedAfterGift += 1
    }
    // The giver: one charge, the whole gift, and the count of deliveries the gift paid.
    const giverIntents = await intentsOf(giver.accountId)
    expect(giverIntents.map((i) => [i.amount, i.status])).toEqual([[deliveries * BARISTA.amount, 'succeeded']])
    const giverState = (await call<{ user: Record<string, Sub> }>(backend, 'POST', `/${P}/STATE/Account/${giver.accountId}?_token=${giver.token}`)).body.user[userIdFor(giverEmail)] as Sub
    expect(giverState.giftsGiven?.[0]).toMatchObject({ status: 'redeemed', delivered: deliveries })
    // Nothing left the roastery unpaid.
    for (const s of shipped) expect({ date: s.date, status: s.payment?.status }).toEqual({ date: s.date, status: 'paid' })
    // Over without a card of their own: the subscription ended with the gift.
    if (!hadCard && !cancelledBefore) {
      expect(sub.status).toBe('cancelled')
      endedWithGift += 1
    }
  } finally {
    errors.mockRestore()
    await backend.close()
    jest.useRealTimers()
  }
}

test('a gift pays exactly its deliveries, never charged; nothing ships unpaid; it ends cleanly', async () => {
  await fc.assert(fc.asyncProperty(sequence, ([deliveries, ops, cardAfter]) => runSequence(deliveries, ops, cardAfter)), { seed: SEED, numRuns: RUNS, endOnFailure: true })
  // The runs must have met the gift paying, ending without a card, and the customer's own card after it.
  expect(giftPaid).toBeGreaterThan(0)
  expect(endedWithGift).toBeGreaterThan(0)
  expect(chargedAfterGift).toBeGreaterThan(0)
})
