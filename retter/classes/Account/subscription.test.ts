/**
 * The subscription methods of the Account class, run by the local runtime in-process with a fake
 * `Date`: every transition, every refused one (409 with its code), input models, owner-only calls,
 * pauses that end by themselves on read, and the state kept in the customer's user state only.
 */
import { createBackend, type Backend } from '../../../rio-local/app'
import type { StateChange, StateMirror } from '../../../rio-local/runtime/plugins'
import { fakeDate } from '../../../rio-local/test/clock'
import { userIdFor } from '../../../rio-local/test/ids'
import { call, sessions } from '../../../rio-local/test/in-process'
import { PLANS } from './plans'
import { HISTORY_LIMIT, nextByCadence, subscriptionAt, type SubscriptionFields } from './schedule'

const P = 'subscription-tests'
const START = Date.parse('2026-03-01T09:00:00Z') // a Sunday
const DAY = 24 * 60 * 60 * 1000
const day = (iso: string) => `${iso}T00:00:00.000Z`

let time: ReturnType<typeof fakeDate>
let backend: Backend
const published: StateChange[] = []
const mirror: StateMirror = {
  publish: async (change) => { published.push(structuredClone(change)) },
  flush: async () => undefined,
  close: async () => undefined,
}

type Sub = SubscriptionFields & { email: string }
interface Customer { token: string; accountId: string; email: string }

beforeEach(async () => {
  published.length = 0
  time = fakeDate(START)
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, mirror })
})
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})

async function customer(email = 'sam@example.com'): Promise<Customer> {
  return { ...(await sessions(backend).customer(email)), email }
}
/** Moves the clock on; the customer signs in again, since access tokens last minutes, not days. */
async function later(who: Customer, ms: number) {
  time.advance(ms)
  who.token = (await sessions(backend).customer(who.email)).token
}
function method(who: Customer, name: string, body?: unknown, token: string | undefined = who.token) {
  return call<Sub & { code?: string; message?: string }>(backend, 'POST', `/${P}/CALL/Account/${name}/${who.accountId}${token ? `?_token=${token}` : ''}`, body)
}
async function stateOf(who: Customer): Promise<{ public: Record<string, unknown>; user: Record<string, Sub> }> {
  const res = await call<{ public: Record<string, unknown>; user: Record<string, Sub> }>(backend, 'POST', `/${P}/STATE/Account/${who.accountId}?_token=${who.token}`)
  expect(res.status).toBe(200)
  return res.body
}
async function subOf(who: Customer): Promise<Sub> {
  return (await stateOf(who)).user[userIdFor(who.email)] as Sub
}
async function ok(who: Customer, name: string, body?: unknown): Promise<Sub> {
  const res = await method(who, name, body)
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 })
  return res.body
}
async function refused(who: Customer, name: string, body: unknown, code: string, message: string) {
  const before = await subOf(who)
  const res = await method(who, name, body)
  expect(res.status).toBe(409)
  expect(res.body).toEqual({ code, message })
  // A refused transition changes nothing.
  expect(await subOf(who)).toEqual(before)
}

describe('starting', () => {
  test('a new customer has no subscription', async () => {
    const sam = await customer()
    expect(await subOf(sam)).toMatchObject({ plan: null, status: 'none', history: [] })
  })

  test('selectPlan starts: active now, first delivery in two days, one history entry', async () => {
    const sam = await customer()
    const sub = await ok(sam, 'selectPlan', { planId: 'barista' })
    const expected = {
      email: 'sam@example.com',
      plan: 'barista',
      status: 'active',
      startedAt: new Date(START).toISOString(),
      planChangedAt: new Date(START).toISOString(),
      nextDeliveryAt: day('2026-03-03'),
      history: [{ at: new Date(START).toISOString(), action: 'started', plan: 'barista', nextDeliveryAt: day('2026-03-03') }],
    }
    expect(sub).toMatchObject(expected)
    expect(sub.pausedUntil).toBeUndefined()
    expect(sub.cancelledAt).toBeUndefined()
    const state = await stateOf(sam)
    expect(state.user[userIdFor('sam@example.com')]).toMatchObject(expected)
    // Public state is readable by every session: nothing of the subscription goes there.
    expect(state.public).toEqual({})
    const last = published.filter((c) => c.instanceId === sam.accountId).at(-1)
    expect(last?.state.public).toEqual({})
    expect(last?.state.user[userIdFor('sam@example.com')]).toMatchObject({ plan: 'barista', status: 'active' })
  })

  test('400 UNKNOWN_PLAN for a plan we do not offer, and nothing starts', async () => {
    const sam = await customer()
    const res = await method(sam, 'selectPlan', { planId: 'espresso-ultra' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 'UNKNOWN_PLAN', message: 'There is no plan "espresso-ultra"' })
    expect(await subOf(sam)).toMatchObject({ status: 'none', plan: null })
  })
})

describe('changing plan', () => {
  test('applies from the next delivery: the date stays, later deliveries follow the new plan', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'barista' })
    await later(sam, DAY)
    const sub = await ok(sam, 'selectPlan', { planId: 'daily-grind' })
    expect(sub).toMatchObject({
      plan: 'daily-grind',
      status: 'active',
      startedAt: new Date(START).toISOString(),
      planChangedAt: new Date(START + DAY).toISOString(),
      nextDeliveryAt: day('2026-03-03'),
    })
    expect(sub.history.at(-1)).toEqual({ at: new Date(START + DAY).toISOString(), action: 'changed', plan: 'daily-grind', fromPlan: 'barista', nextDeliveryAt: day('2026-03-03') })
    // The delivery day passes: the one after it is a fortnight later (Daily Grind), not a week (Barista).
    await later(sam, 2 * DAY)
    expect((await subOf(sam)).nextDeliveryAt).toBe(day('2026-03-17'))
  })

  test('409 ALREADY_ON_PLAN for the current plan', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'taster' })
    await refused(sam, 'selectPlan', { planId: 'taster' }, 'ALREADY_ON_PLAN', 'You are already on the Taster plan.')
  })

  test('a paused subscription changes plan and stays paused', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'taster' })
    await ok(sam, 'pauseSubscription', { weeks: 2 })
    const sub = await ok(sam, 'selectPlan', { planId: 'barista' })
    expect(sub).toMatchObject({ plan: 'barista', status: 'paused', pausedUntil: day('2026-03-15'), nextDeliveryAt: day('2026-03-15') })
  })
})

describe('pausing and resuming', () => {
  test('pause 2 weeks: paused until then, the next delivery is that day; pausing again is 409', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'barista' })
    const sub = await ok(sam, 'pauseSubscription', { weeks: 2 })
    expect(sub).toMatchObject({ status: 'paused', pausedUntil: day('2026-03-15'), nextDeliveryAt: day('2026-03-15') })
    expect(sub.history.at(-1)).toMatchObject({ action: 'paused', weeks: 2, plan: 'barista' })
    await refused(sam, 'pauseSubscription', { weeks: 1 }, 'ALREADY_PAUSED', 'Your subscription is already paused. Resume it before pausing again.')
  })

  test('resume ends the pause now: active, next delivery in two days; resuming again is 409', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'barista' })
    await ok(sam, 'pauseSubscription', { weeks: 4 })
    await later(sam, 3 * DAY)
    const sub = await ok(sam, 'resumeSubscription')
    expect(sub).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-03-06') })
    expect(sub.pausedUntil).toBeUndefined()
    expect(sub.history.map((h) => h.action)).toEqual(['started', 'paused', 'resumed'])
    await refused(sam, 'resumeSubscription', undefined, 'NOT_PAUSED', 'Your subscription is not paused, so there is nothing to resume.')
  })

  test('a pause ends by itself on its day: read as active, then the plan\'s cadence', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'barista' })
    await ok(sam, 'pauseSubscription', { weeks: 1 })
    await later(sam, 7 * DAY - 9 * 60 * 60 * 1000 - 1)
    expect(await subOf(sam)).toMatchObject({ status: 'paused', pausedUntil: day('2026-03-08') })
    time.advance(1) // the token from a moment ago still holds
    const ended = await subOf(sam)
    expect(ended).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-03-08') })
    expect(ended.pausedUntil).toBeUndefined()
    expect(ended.history.at(-1)).toEqual({ at: day('2026-03-08'), action: 'pause-ended', plan: 'barista', nextDeliveryAt: day('2026-03-08') })
    // Methods see it the same way: there is no pause left to resume, and the next write stores it.
    await refused(sam, 'resumeSubscription', undefined, 'NOT_PAUSED', 'Your subscription is not paused, so there is nothing to resume.')
    await later(sam, 2 * DAY)
    expect((await subOf(sam)).nextDeliveryAt).toBe(day('2026-03-15'))
    const skipped = await ok(sam, 'skipNextDelivery')
    expect(skipped).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-03-22') })
    expect(skipped.history.map((h) => h.action)).toEqual(['started', 'paused', 'pause-ended', 'skipped'])
  })

  test.each([
    ['0 weeks', { weeks: 0 }],
    ['9 weeks', { weeks: 9 }],
    ['half a week', { weeks: 1.5 }],
    ['weeks as text', { weeks: '2' }],
    ['no weeks', {}],
    ['an extra field', { weeks: 2, free: true }],
  ])('pause with %s is 400 VALIDATION and changes nothing', async (_name, body) => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'barista' })
    const res = await method(sam, 'pauseSubscription', body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'VALIDATION' })
    expect(await subOf(sam)).toMatchObject({ status: 'active' })
  })
})

describe('skipping', () => {
  test('skip moves the next delivery on by one delivery of the plan, each time', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'barista' })
    expect(await ok(sam, 'skipNextDelivery')).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-03-10') })
    expect(await ok(sam, 'skipNextDelivery')).toMatchObject({ nextDeliveryAt: day('2026-03-17') })
    const taster = await customer('tia@example.com')
    await ok(taster, 'selectPlan', { planId: 'taster' })
    expect(await ok(taster, 'skipNextDelivery')).toMatchObject({ nextDeliveryAt: day('2026-04-03') })
  })

  test('409 SUBSCRIPTION_PAUSED while paused', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'barista' })
    await ok(sam, 'pauseSubscription', { weeks: 1 })
    await refused(sam, 'skipNextDelivery', undefined, 'SUBSCRIPTION_PAUSED', 'Your subscription is paused, so no delivery is coming to skip. Resume it first.')
  })

  test(`history keeps the last ${HISTORY_LIMIT} changes`, async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'barista' })
    let sub: Sub | undefined
    for (let i = 0; i < HISTORY_LIMIT + 4; i++) sub = await ok(sam, 'skipNextDelivery')
    expect(sub?.history).toHaveLength(HISTORY_LIMIT)
    expect(sub?.history.every((h) => h.action === 'skipped')).toBe(true)
    expect(sub?.history.at(-1)?.nextDeliveryAt).toBe(sub?.nextDeliveryAt)
  })
})

describe('cancelling and starting again', () => {
  test('cancel with a reason: no more deliveries; a second cancel is 409', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'daily-grind' })
    await later(sam, DAY)
    const sub = await ok(sam, 'cancelSubscription', { reason: '  Too much coffee  ' })
    expect(sub).toMatchObject({ status: 'cancelled', plan: 'daily-grind', cancelledAt: new Date(START + DAY).toISOString() })
    expect(sub.nextDeliveryAt).toBeUndefined()
    expect(sub.history.at(-1)).toEqual({ at: new Date(START + DAY).toISOString(), action: 'cancelled', plan: 'daily-grind', reason: 'Too much coffee' })
    await refused(sam, 'cancelSubscription', {}, 'ALREADY_CANCELLED', 'Your subscription is already cancelled.')
  })

  test('a paused subscription can be cancelled (the pause goes with it); no reason is fine', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'taster' })
    await ok(sam, 'pauseSubscription', { weeks: 8 })
    const sub = await ok(sam, 'cancelSubscription')
    expect(sub.status).toBe('cancelled')
    expect(sub.pausedUntil).toBeUndefined()
    expect(sub.history.at(-1)).not.toHaveProperty('reason')
  })

  test('a cancelled subscription refuses pause, resume and skip with 409 SUBSCRIPTION_CANCELLED', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'taster' })
    await ok(sam, 'cancelSubscription', {})
    const tail = 'Choose a plan to start again.'
    await refused(sam, 'pauseSubscription', { weeks: 2 }, 'SUBSCRIPTION_CANCELLED', `Your subscription is cancelled, so there is nothing to pause. ${tail}`)
    await refused(sam, 'resumeSubscription', undefined, 'SUBSCRIPTION_CANCELLED', `Your subscription is cancelled, so there is nothing to resume. ${tail}`)
    await refused(sam, 'skipNextDelivery', undefined, 'SUBSCRIPTION_CANCELLED', `Your subscription is cancelled, so there is nothing to skip. ${tail}`)
  })

  test('selectPlan restarts a cancelled subscription, with any plan including the old one', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'taster' })
    await ok(sam, 'cancelSubscription', { reason: 'Moving house' })
    await later(sam, 10 * DAY)
    const sub = await ok(sam, 'selectPlan', { planId: 'taster' })
    expect(sub).toMatchObject({
      plan: 'taster',
      status: 'active',
      startedAt: new Date(START + 10 * DAY).toISOString(),
      nextDeliveryAt: day('2026-03-13'),
    })
    expect(sub.cancelledAt).toBeUndefined()
    expect(sub.history.map((h) => h.action)).toEqual(['started', 'cancelled', 'restarted'])
  })

  test('cancel with a reason over 500 characters is 400 VALIDATION', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'taster' })
    const res = await method(sam, 'cancelSubscription', { reason: 'x'.repeat(501) })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'VALIDATION' })
    expect(await subOf(sam)).toMatchObject({ status: 'active' })
  })
})

describe('without a subscription', () => {
  test.each([
    ['pauseSubscription', { weeks: 2 }, 'There is no subscription to pause. Choose a plan first.'],
    ['resumeSubscription', undefined, 'There is no subscription to resume. Choose a plan first.'],
    ['skipNextDelivery', undefined, 'There is no subscription to skip. Choose a plan first.'],
    ['cancelSubscription', {}, 'There is no subscription to cancel.'],
  ])('%s is 409 NO_SUBSCRIPTION', async (name, body, message) => {
    const sam = await customer()
    await refused(sam, name, body, 'NO_SUBSCRIPTION', message)
  })
})

describe('who may call', () => {
  test.each([
    ['selectPlan', { planId: 'taster' }],
    ['pauseSubscription', { weeks: 1 }],
    ['resumeSubscription', {}],
    ['skipNextDelivery', {}],
    ['cancelSubscription', {}],
  ])('%s: owner only (401 without a session, 403 for anyone else)', async (name, body) => {
    const sam = await customer()
    const other = await customer('gus@example.com')
    const anon = await sessions(backend).anonymous()
    expect((await method(sam, name, body, '')).status).toBe(401)
    expect((await method(sam, name, body, anon)).status).toBe(403)
    expect((await method(sam, name, body, other.token)).status).toBe(403)
  })

  test('resume and skip take no input: an extra field is 400 VALIDATION', async () => {
    const sam = await customer()
    await ok(sam, 'selectPlan', { planId: 'taster' })
    expect((await method(sam, 'skipNextDelivery', { days: 3 })).body).toMatchObject({ code: 'VALIDATION' })
    expect((await method(sam, 'resumeSubscription', { now: true })).body).toMatchObject({ code: 'VALIDATION' })
  })
})

describe('schedule', () => {
  test('monthly deliveries keep the day of the month, clamped to short months', () => {
    expect(new Date(nextByCadence(Date.parse(day('2026-01-31')), 'monthly')).toISOString()).toBe(day('2026-02-28'))
    expect(new Date(nextByCadence(Date.parse(day('2026-12-15')), 'monthly')).toISOString()).toBe(day('2027-01-15'))
  })

  test('state stored before subscriptions had a status reads as active (with a plan) or none', () => {
    const cadence = () => 'weekly' as const
    expect(subscriptionAt({ plan: null }, START, cadence)).toMatchObject({ plan: null, status: 'none', history: [] })
    expect(subscriptionAt({ plan: 'barista', planChangedAt: new Date(START).toISOString() }, START + 20 * DAY, cadence))
      .toMatchObject({ status: 'active', nextDeliveryAt: day('2026-03-24') })
  })

})

describe('plan copy', () => {
  test('every plan states its delivery cost and the pause promise the plans page makes', () => {
    for (const plan of PLANS) {
      expect(plan.features.some((f) => /delivery/i.test(f))).toBe(true)
      expect(plan.features).toContain('Pause, skip or cancel any time')
    }
  })
})
