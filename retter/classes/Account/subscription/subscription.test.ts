/**
 * The subscription methods of the Account class, run by the local runtime in-process with a fake
 * `Date`: every transition and its e-mail, every refused one (409 with its code), the delivery
 * address and preferences, input models, owner-only calls, pauses that end by themselves on read,
 * and the state kept in the customer's user state only. The schedule's invariants are
 * schedule.property.test.ts's.
 */
import { recordingMirror } from '../../../../rio-local/test/recording-mirror'
import type { Customer } from '../../../../rio-local/test/account-client'
import { call, sessions } from '../../../../rio-local/test/in-process'
import { savePaymentMethod } from '../../../../rio-local/test/payments'
import type { AccountUserState } from '../customer'
import { accountTestBackend } from '../__tests__/backend'
import { HISTORY_LIMIT, subscriptionAt, type SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'

const P = 'subscription-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday
const DAY = 24 * 60 * 60 * 1000
const day = (iso: string) => `${iso}T00:00:00.000Z`

const { mirror, published } = recordingMirror()

type Sub = SubscriptionFields & AccountUserState

beforeEach(() => {
  published.length = 0
})

// Sessions last a day here: a test that spreads changes over hours keeps its session.
const env = accountTestBackend<Sub>(START, () => ({ projectId: P, storage: 'memory', dev: true, mirror, accessTokenTtlSeconds: 24 * 60 * 60 }))
const { account } = env
const { method, ok } = account
const subOf = async (who: Customer) => (await account.userState(who)) as Sub
/** Every e-mail the customer got, newest first: sign-in codes, and the card every customer here saves first (payments.test.ts tests that e-mail), left out. */
const mails = async (who: Customer) => (await account.outbox(who.email)).filter((m) => !/code/i.test(m.subject) && m.subject !== 'Your payment method is saved')
/** A signed-in customer with a saved card (a subscription cannot start without a payment method). */
async function customer(email = 'sam@example.com'): Promise<Customer> {
  const who = { ...(await sessions(env.backend).customer(email)), email }
  await savePaymentMethod((name, body) => method(who, name, body))
  return who
}
/** Moves the clock on; the customer signs in again, since access tokens last minutes, not days. */
async function later(who: Customer, ms: number) {
  env.time.advance(ms)
  who.token = (await sessions(env.backend).customer(who.email)).token
}
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
/** A customer with a delivery address and a started subscription. */
async function subscriber(planId = 'barista', email = 'sam@example.com'): Promise<Customer> {
  const who = await customer(email)
  await ok(who, 'setDeliveryAddress', HOME)
  await ok(who, 'selectPlan', { planId })
  return who
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
  test('a new customer has no subscription, address or preferences', async () => {
    const sam = await customer()
    const sub = await subOf(sam)
    expect(sub).toMatchObject({ plan: null, status: 'none', history: [] })
    expect(sub.delivery).toBeUndefined()
    expect(sub.upcomingDeliveries).toBeUndefined()
  })

  test('409 NO_DELIVERY_ADDRESS without an address; nothing starts and nothing is sent', async () => {
    const sam = await customer()
    await refused(sam, 'selectPlan', { planId: 'taster' }, 'NO_DELIVERY_ADDRESS',
      'Add a delivery address before starting a subscription, so we know where to send your coffee.')
    expect(await mails(sam)).toEqual([])
  })

  test('selectPlan starts: first delivery in two days, six upcoming dates a week apart, a welcome e-mail', async () => {
    const sam = await customer()
    await ok(sam, 'setDeliveryAddress', HOME)
    // The start dialog saves the grind and roast chosen just before the plan: part of the start, no entry of its own once it starts.
    expect((await ok(sam, 'setPreferences', { grind: 'wholeBean', roast: 'roastersChoice' })).history.map((h) => h.action)).toEqual(['address', 'preferences'])
    const sub = await ok(sam, 'selectPlan', { planId: 'barista' })
    expect(sub).toMatchObject({ plan: 'barista', status: 'active', nextDeliveryAt: day('2026-11-25'), preferences: { grind: 'wholeBean', roast: 'roastersChoice' } })
    expect(sub.upcomingDeliveries).toEqual(['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30']
      .map((d) => ({ date: day(d), plan: 'barista', skipped: false })))
    expect(sub.history.map((h) => h.action)).toEqual(['started'])
    const [welcome] = await mails(sam)
    expect(welcome!.subject).toBe('Welcome to Bean & Bloom: your Barista subscription has started')
    expect(welcome!.text).toContain('Next delivery: Wednesday 25 November 2026 (Barista).')
    expect(welcome!.text).toContain('Torstraße 1')
    expect(await subOf(sam)).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-11-25') })
  })

  test('400 UNKNOWN_PLAN for a plan we do not offer, and nothing starts', async () => {
    const sam = await customer()
    await ok(sam, 'setDeliveryAddress', HOME)
    const res = await method(sam, 'selectPlan', { planId: 'espresso-yearly' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 'UNKNOWN_PLAN', message: 'There is no plan "espresso-yearly"' })
    expect(await subOf(sam)).toMatchObject({ status: 'none' })
  })
})

describe('the delivery address', () => {
  test('stored cleaned in user state; an e-mail when set and when changed, none for the same address', async () => {
    const sam = await customer()
    const sub = await ok(sam, 'setDeliveryAddress', { ...HOME, name: '  Sam   Rivera ', country: 'de' })
    expect(sub.delivery).toEqual({ name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' })
    await ok(sam, 'setDeliveryAddress', { ...HOME, country: 'DE' })
    await ok(sam, 'setDeliveryAddress', { ...HOME, line2: 'Hinterhaus, 3. OG' })
    expect((await mails(sam)).map((m) => m.subject)).toEqual(['Your delivery address has changed', 'Your delivery address is saved'])
    expect((await subOf(sam)).delivery?.line2).toBe('Hinterhaus, 3. OG')
  })

  test.each([
    [{ ...HOME, country: 'US', postalCode: '10001' }, 'UNSUPPORTED_COUNTRY', 'We deliver to the EU and the United Kingdom only; "US" is not one of them.'],
    [{ ...HOME, postalCode: '1234' }, 'INVALID_POSTAL_CODE', '"1234" is not a postal code in Germany: it has 5 digits, like 10115.'],
    [{ ...HOME, country: 'NL', postalCode: '10119' }, 'INVALID_POSTAL_CODE', '"10119" is not a postal code in the Netherlands: it has 4 digits and 2 letters, like 1012 AB.'],
    [{ ...HOME, line1: 'Tor\u200Bstraße 1' }, 'INVALID_ADDRESS', 'The street address contains invisible or control characters (often from copy and paste). Type it again.'],
    [{ ...HOME, name: 'Sam\nRivera' }, 'INVALID_ADDRESS', 'The name contains invisible or control characters (often from copy and paste). Type it again.'],
    [{ ...HOME, city: 'B'.repeat(61) }, 'INVALID_ADDRESS', 'The town or city is too long: at most 60 characters.'],
    [{ ...HOME, line1: '   ' }, 'INVALID_ADDRESS', 'The street address is required.'],
  ])('bad address %# is refused with its code and a message naming what is wrong; nothing is stored', async (address, code, message) => {
    const sam = await customer()
    const res = await method(sam, 'setDeliveryAddress', address)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code, message })
    expect((await subOf(sam)).delivery).toBeUndefined()
  })

  test('a missing field or an unknown one is 400 VALIDATION (the input model)', async () => {
    const sam = await customer()
    const { city: _city, ...noCity } = HOME
    expect((await method(sam, 'setDeliveryAddress', noCity)).body).toMatchObject({ code: 'VALIDATION' })
    expect((await method(sam, 'setDeliveryAddress', { ...HOME, phone: '1' })).body).toMatchObject({ code: 'VALIDATION' })
  })
})

describe('coffee preferences', () => {
  test('set within what the plan offers, with an e-mail; the same again sends nothing', async () => {
    const sam = await subscriber('daily-grind')
    const sub = await ok(sam, 'setPreferences', { grind: 'filter', roast: 'light' })
    expect(sub.preferences).toEqual({ grind: 'filter', roast: 'light' })
    await ok(sam, 'setPreferences', { grind: 'filter', roast: 'light' })
    const subjects = (await mails(sam)).map((m) => m.subject)
    expect(subjects.filter((s) => s === 'Your coffee preferences have changed')).toHaveLength(1)
    expect((await mails(sam))[0]!.text).toContain('Your coffee: Ground for filter, light roast.')
  })

  test('before a subscription they are stored without an e-mail (the welcome e-mail states them)', async () => {
    const sam = await customer()
    expect((await ok(sam, 'setPreferences', { grind: 'moka', roast: 'medium' })).preferences).toEqual({ grind: 'moka', roast: 'medium' })
    expect(await mails(sam)).toEqual([])
    await ok(sam, 'setDeliveryAddress', HOME)
    await ok(sam, 'selectPlan', { planId: 'daily-grind' })
    expect((await mails(sam))[0]!.text).toContain('Your coffee: Ground for moka pot, medium roast.')
  })

  test('400 PREFERENCE_NOT_OFFERED for what the plan does not offer (Taster: roaster\'s choice only)', async () => {
    const sam = await subscriber('taster')
    const res = await method(sam, 'setPreferences', { grind: 'moka', roast: 'dark' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 'PREFERENCE_NOT_OFFERED', message: 'Taster offers roaster’s choice only.' })
    const barista = await subscriber('barista', 'bo@example.com')
    expect((await method(barista, 'setPreferences', { grind: 'frenchPress', roast: 'dark' })).body)
      .toMatchObject({ code: 'PREFERENCE_NOT_OFFERED', message: 'Barista offers whole bean, ground for espresso only.' })
  })

  test('an unknown grind is 400 VALIDATION; a plan change keeps what the new plan offers', async () => {
    const sam = await subscriber('daily-grind')
    expect((await method(sam, 'setPreferences', { grind: 'turkish', roast: 'light' })).body).toMatchObject({ code: 'VALIDATION' })
    await ok(sam, 'setPreferences', { grind: 'moka', roast: 'dark' })
    const sub = await ok(sam, 'selectPlan', { planId: 'taster' })
    expect(sub.preferences).toEqual({ grind: 'moka', roast: 'roastersChoice' })
  })
})

describe('changing plan', () => {
  test('applies from the next delivery: the date stays, later deliveries follow the new plan, with an e-mail', async () => {
    const sam = await subscriber('barista')
    const sub = await ok(sam, 'selectPlan', { planId: 'daily-grind' })
    expect(sub).toMatchObject({ plan: 'daily-grind', status: 'active', nextDeliveryAt: day('2026-11-25') })
    expect(sub.upcomingDeliveries!.slice(0, 3).map((d) => d.date)).toEqual([day('2026-11-25'), day('2026-12-09'), day('2026-12-23')])
    expect(sub.history.at(-1)).toMatchObject({ action: 'changed', plan: 'daily-grind', fromPlan: 'barista' })
    expect((await mails(sam))[0]!.subject).toBe('Your plan is now Daily Grind')
  })

  test('409 ALREADY_ON_PLAN for the current plan', async () => {
    const sam = await subscriber('taster')
    await refused(sam, 'selectPlan', { planId: 'taster' }, 'ALREADY_ON_PLAN', 'You are already on the Taster plan.')
  })

  test('a paused subscription changes plan and stays paused', async () => {
    const sam = await subscriber('taster')
    await ok(sam, 'pauseSubscription', { weeks: 2 })
    const sub = await ok(sam, 'selectPlan', { planId: 'barista' })
    expect(sub).toMatchObject({ plan: 'barista', status: 'paused', pausedUntil: day('2026-12-09') })
    expect(sub.upcomingDeliveries!.filter((d) => d.skipped).map((d) => d.date)).toEqual([day('2026-11-25'), day('2026-12-02')])
  })
})

describe('pausing and resuming', () => {
  test('pause 2 weeks: the deliveries inside are skipped; the next is after it; pausing again is 409', async () => {
    const sam = await subscriber('barista')
    const sub = await ok(sam, 'pauseSubscription', { weeks: 2 })
    expect(sub).toMatchObject({ status: 'paused', pausedFrom: day('2026-11-25'), pausedUntil: day('2026-12-09'), nextDeliveryAt: day('2026-12-09') })
    expect((await mails(sam))[0]!.text).toContain('No deliveries until Tuesday 8 December 2026 (inclusive).')
    await refused(sam, 'pauseSubscription', { weeks: 1 }, 'ALREADY_PAUSED', 'Your subscription is already paused. Resume it before pausing again.')
  })

  test('resume ends the pause now without bringing a delivery forward; resuming again is 409', async () => {
    const sam = await subscriber('barista')
    await ok(sam, 'pauseSubscription', { weeks: 2 })
    const sub = await ok(sam, 'resumeSubscription', {})
    expect(sub).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-12-09') })
    expect(sub.pausedUntil).toBeUndefined()
    expect((await mails(sam))[0]!.subject).toBe('Your deliveries are back on')
    await refused(sam, 'resumeSubscription', {}, 'NOT_PAUSED', 'Your subscription is not paused, so there is nothing to resume.')
  })

  test('a pause ends by itself on its day: read as active, the dates go on at the plan\'s cadence', async () => {
    const sam = await subscriber('daily-grind')
    await ok(sam, 'pauseSubscription', { weeks: 1 })
    await later(sam, 9 * DAY)
    const sub = await subOf(sam)
    expect(sub).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-12-09') })
    expect(sub.pausedUntil).toBeUndefined()
    expect(sub.history.at(-1)).toMatchObject({ action: 'pause-ended' })
  })

  test.each([[0], [9], [1.5]])('pause of %p weeks is 400 VALIDATION', async (weeks) => {
    const sam = await subscriber('taster')
    expect((await method(sam, 'pauseSubscription', { weeks })).body).toMatchObject({ code: 'VALIDATION' })
  })
})

describe('skipping and unskipping', () => {
  test('skipDelivery and unskipDelivery act on any of the six upcoming dates, each with an e-mail', async () => {
    const sam = await subscriber('barista')
    let sub = await ok(sam, 'skipDelivery', { date: '2026-12-09' })
    expect(sub.upcomingDeliveries!.map((d) => d.skipped)).toEqual([false, false, true, false, false, false])
    expect(sub.nextDeliveryAt).toBe(day('2026-11-25'))
    sub = await ok(sam, 'skipNextDelivery', {})
    expect(sub.nextDeliveryAt).toBe(day('2026-12-02'))
    sub = await ok(sam, 'unskipDelivery', { date: day('2026-12-09') })
    expect(sub.upcomingDeliveries!.map((d) => d.skipped)).toEqual([true, false, false, false, false, false])
    expect((await mails(sam)).slice(0, 3).map((m) => m.subject)).toEqual([
      'Back on: your delivery on Wednesday 9 December 2026', 'Skipped: your delivery on Wednesday 25 November 2026', 'Skipped: your delivery on Wednesday 9 December 2026',
    ])
    expect(sub.history.slice(-3).map((h) => [h.action, h.date])).toEqual([
      ['skipped', day('2026-12-09')], ['skipped', day('2026-11-25')], ['unskipped', day('2026-12-09')],
    ])
  })

  test('409 for a date not on the schedule, one skipped twice, one not skipped, one inside a pause, one being packed', async () => {
    const sam = await subscriber('barista')
    await refused(sam, 'skipDelivery', { date: '2026-12-03' }, 'NOT_ON_SCHEDULE', 'There is no delivery on Thu 3 Dec 2026 among your next 6 deliveries.')
    await refused(sam, 'skipDelivery', { date: '2027-01-06' }, 'NOT_ON_SCHEDULE', 'There is no delivery on Wed 6 Jan 2027 among your next 6 deliveries.')
    await refused(sam, 'unskipDelivery', { date: '2026-12-02' }, 'NOT_SKIPPED', 'The delivery on Wed 2 Dec 2026 is not skipped.')
    await ok(sam, 'skipDelivery', { date: '2026-12-02' })
    await refused(sam, 'skipDelivery', { date: '2026-12-02' }, 'ALREADY_SKIPPED', 'The delivery on Wed 2 Dec 2026 is already skipped.')
    await ok(sam, 'pauseSubscription', { weeks: 1 })
    await refused(sam, 'unskipDelivery', { date: '2026-11-25' }, 'IN_PAUSE', 'The delivery on Wed 25 Nov 2026 falls within your pause. Resume your subscription first.')
    await ok(sam, 'resumeSubscription', {})
    await later(sam, 1 * DAY + 3 * 60 * 60 * 1000)
    await refused(sam, 'unskipDelivery', { date: '2026-11-25' }, 'TOO_LATE_TO_CHANGE', 'The delivery on Wed 25 Nov 2026 is already being roasted and packed, so it can no longer change.')
  })

  test('a date that is not a date is 400 VALIDATION', async () => {
    const sam = await subscriber('barista')
    expect((await method(sam, 'skipDelivery', { date: 'next wednesday' })).body).toMatchObject({ code: 'VALIDATION' })
    expect((await method(sam, 'skipDelivery', {})).body).toMatchObject({ code: 'VALIDATION' })
  })

  test(`history keeps the last ${HISTORY_LIMIT} changes`, async () => {
    const sam = await subscriber('barista')
    for (let i = 0; i < 12; i++) {
      // Ten minutes apart: 12 changes an hour stay within the hourly change limit (limits.ts).
      env.time.advance(10 * 60 * 1000)
      await ok(sam, 'skipNextDelivery', {})
      await ok(sam, 'unskipDelivery', { date: (await subOf(sam)).upcomingDeliveries!.find((d) => d.skipped)!.date })
    }
    const sub = await subOf(sam)
    expect(sub.history).toHaveLength(HISTORY_LIMIT)
    expect(sub.history.at(-1)).toMatchObject({ action: 'unskipped' })
  })
})

describe('cancelling and starting again', () => {
  test('cancel with a reason: no more deliveries, an e-mail; a second cancel is 409', async () => {
    const sam = await subscriber('barista')
    const sub = await ok(sam, 'cancelSubscription', { reason: 'tooMuch', note: '  Two bags a week is a lot  ' })
    expect(sub).toMatchObject({ status: 'cancelled', plan: 'barista', cancelledAt: new Date(START).toISOString() })
    expect(sub.nextDeliveryAt).toBeUndefined()
    expect(sub.upcomingDeliveries).toBeUndefined()
    expect(sub.history.at(-1)).toMatchObject({ action: 'cancelled', reason: 'tooMuch', note: 'Two bags a week is a lot' })
    expect((await mails(sam))[0]!.subject).toBe('Your subscription is cancelled')
    await refused(sam, 'cancelSubscription', {}, 'ALREADY_CANCELLED', 'Your subscription is already cancelled.')
  })

  test('a cancellation says why: one of the reasons, and a few words for "other"; nothing changes without them', async () => {
    const sam = await subscriber('barista')
    const before = await subOf(sam)
    const cases: Array<[unknown, string, string, string]> = [
      [{}, 'CANCEL_REASON_REQUIRED', 'reason', 'Choose a reason for cancelling: one of tooMuch, tooExpensive, taste, moving, other.'],
      [{ reason: 'Too much coffee' }, 'CANCEL_REASON_REQUIRED', 'reason', 'Choose a reason for cancelling: one of tooMuch, tooExpensive, taste, moving, other.'],
      [{ reason: 'other', note: '   ' }, 'CANCEL_NOTE_REQUIRED', 'note', 'Say in a few words why, when the reason is something else.'],
      [{ reason: 'taste', note: 'x'.repeat(501) }, 'CANCEL_NOTE_TOO_LONG', 'note', 'The note may have at most 500 characters.'],
    ]
    for (const [body, code, field, message] of cases) {
      const res = await method(sam, 'cancelSubscription', body)
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { code, field, message } })
    }
    expect(await subOf(sam)).toEqual(before)
    const sub = await ok(sam, 'cancelSubscription', { reason: 'other', note: 'Switching to tea' })
    expect(sub.history.at(-1)).toMatchObject({ action: 'cancelled', reason: 'other', note: 'Switching to tea' })
  })

  test('a cancelled subscription refuses pause, resume, skip and unskip with 409 SUBSCRIPTION_CANCELLED', async () => {
    const sam = await subscriber('taster')
    await ok(sam, 'cancelSubscription', { reason: 'tooExpensive' })
    await refused(sam, 'pauseSubscription', { weeks: 1 }, 'SUBSCRIPTION_CANCELLED', 'Your subscription is cancelled, so there is nothing to pause. Choose a plan to start again.')
    await refused(sam, 'resumeSubscription', {}, 'SUBSCRIPTION_CANCELLED', 'Your subscription is cancelled, so there is nothing to resume. Choose a plan to start again.')
    await refused(sam, 'skipNextDelivery', {}, 'SUBSCRIPTION_CANCELLED', 'Your subscription is cancelled, so there is nothing to skip. Choose a plan to start again.')
    await refused(sam, 'unskipDelivery', { date: '2026-11-25' }, 'SUBSCRIPTION_CANCELLED', 'Your subscription is cancelled, so there is nothing to unskip. Choose a plan to start again.')
  })

  test('selectPlan restarts a cancelled subscription as a new one (nothing skipped carries over)', async () => {
    const sam = await subscriber('barista')
    await ok(sam, 'skipDelivery', { date: '2026-12-02' })
    await ok(sam, 'cancelSubscription', { reason: 'moving' })
    await later(sam, DAY)
    const sub = await ok(sam, 'selectPlan', { planId: 'barista' })
    expect(sub).toMatchObject({ status: 'active', nextDeliveryAt: day('2026-11-26') })
    expect(sub.upcomingDeliveries!.every((d) => !d.skipped)).toBe(true)
    expect((await mails(sam))[0]!.subject).toBe('Your Barista subscription is back on')
  })
})

describe('without a subscription', () => {
  test.each([
    ['pauseSubscription', { weeks: 2 }, 'There is no subscription to pause. Choose a plan first.'],
    ['resumeSubscription', undefined, 'There is no subscription to resume. Choose a plan first.'],
    ['skipNextDelivery', undefined, 'There is no subscription to skip. Choose a plan first.'],
    ['skipDelivery', { date: '2026-11-25' }, 'There is no subscription to skip. Choose a plan first.'],
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
    ['skipDelivery', { date: '2026-11-25' }],
    ['unskipDelivery', { date: '2026-11-25' }],
    ['cancelSubscription', {}],
    ['setDeliveryAddress', HOME],
    ['setPreferences', { grind: 'filter', roast: 'light' }],
  ])('%s: owner only (401 without a session, 403 for anyone else)', async (name, body) => {
    const sam = await customer()
    const other = await customer('gus@example.com')
    const anon = await sessions(env.backend).anonymous()
    expect((await method(sam, name, body, '')).status).toBe(401)
    expect((await method(sam, name, body, anon)).status).toBe(403)
    expect((await method(sam, name, body, other.token)).status).toBe(403)
  })

  test.each([['sendDeliveryReminder', { date: '2026-12-02' }], ['retryMail', {}], ['mailReported', { id: 'm1', sent: true, at: 0 }]])('%s runs as a task only: 403 even for the owner', async (name, body) => {
    const sam = await subscriber('barista')
    const res = await method(sam, name, body)
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: `${name} runs as a scheduled task only` })
  })

  test('resume and skipNext take no input: an extra field is 400 VALIDATION', async () => {
    const sam = await subscriber('taster')
    expect((await method(sam, 'skipNextDelivery', { days: 3 })).body).toMatchObject({ code: 'VALIDATION' })
    expect((await method(sam, 'resumeSubscription', { now: true })).body).toMatchObject({ code: 'VALIDATION' })
  })
})

describe('state stored by earlier versions', () => {
  test('reads as active with its next delivery as the grid (with a plan) or none', () => {
    const cadence = () => 'weekly' as const
    expect(subscriptionAt({ plan: null }, START, cadence)).toMatchObject({ plan: null, status: 'none', history: [] })
    expect(subscriptionAt({ plan: 'barista', status: 'active', nextDeliveryAt: day('2026-11-25') }, START + 10 * DAY, cadence))
      .toMatchObject({ status: 'active', nextDeliveryAt: day('2026-12-09'), segments: [{ from: day('2026-11-25'), plan: 'barista', cadence: 'weekly' }] })
  })
})

describe('e-mails', () => {
  test('every change e-mail has a text and a branded HTML part that escapes what the customer typed', async () => {
    const sam = await customer()
    await ok(sam, 'setDeliveryAddress', { ...HOME, name: '<b>Sam</b> & "Co"' })
    await ok(sam, 'selectPlan', { planId: 'taster' })
    const [welcome] = await mails(sam)
    expect(welcome!.html).toContain('Bean &amp; Bloom')
    expect(welcome!.html).toContain('&lt;b&gt;Sam&lt;/b&gt; &amp; &quot;Co&quot;')
    expect(welcome!.html).not.toContain('<b>Sam</b>')
    expect(welcome!.text).toContain('<b>Sam</b> & "Co"')
  })
})

describe('the upcoming-delivery reminder (a Retter task)', () => {
  const pending = () => call<Array<{ method: string; dueAt: string; payload: { date?: string } }>>(env.backend, 'GET', '/__dev/tasks')
  /** Runs the calls pending now, each once its time has come: the clock first moves to the latest of them. */
  const runTasks = async () => {
    const due = (await pending()).body.map((t) => Date.parse(t.dueAt))
    env.time.advance(Math.max(0, Math.max(...due) - env.time.now()))
    return call<{ ran: number; results: Array<{ method: string; status: number }> }>(env.backend, 'POST', '/__dev/tasks/run')
  }

  test('is scheduled two days before the next delivery it can still precede, sent when run, and chains to the next', async () => {
    const sam = await subscriber('barista')
    // The first delivery (Wednesday 25 November 2026) is two days away: its reminder time has passed, the next one's has not.
    const tasks = (await pending()).body.filter((t) => t.method === 'sendDeliveryReminder')
    expect(tasks).toEqual([expect.objectContaining({ dueAt: '2026-11-30T06:00:00.000Z', payload: { date: day('2026-12-02') } })])
    // The run also holds the charge task (it finds its delivery not final yet and waits again).
    expect((await runTasks()).body.results.filter((r) => r.method === 'sendDeliveryReminder')).toEqual([expect.objectContaining({ method: 'sendDeliveryReminder', status: 200 })])
    const [reminder] = await mails(sam)
    expect(reminder!.subject).toBe('Your coffee arrives Wednesday 2 December 2026')
    expect(reminder!.text).toContain('You can change it until the end of Monday 30 November 2026.')
    expect(reminder!.text).toContain('Torstraße 1')
    expect((await pending()).body.filter((t) => t.method === 'sendDeliveryReminder').map((t) => t.payload.date)).toEqual([day('2026-12-09')])
  })

  test('checks the delivery is still due: a skip after scheduling moves the reminder on, the old task sends nothing', async () => {
    const sam = await subscriber('barista')
    await ok(sam, 'skipDelivery', { date: '2026-12-02' })
    const before = (await mails(sam)).length
    await runTasks()
    const sent = (await mails(sam)).slice(0, (await mails(sam)).length - before)
    expect(sent.map((m) => m.subject)).toEqual(['Your coffee arrives Wednesday 9 December 2026'])
  })

  test('a cancelled subscription gets no reminder', async () => {
    const sam = await subscriber('barista')
    await ok(sam, 'cancelSubscription', { reason: 'taste' })
    const before = (await mails(sam)).length
    await runTasks()
    expect((await mails(sam)).length).toBe(before)
  })
})

describe('a failed e-mail never undoes the change', () => {
  test('the change is kept, and the customer’s Mailer sends the mail once SMTP is back', async () => {
    const sam = await customer()
    const smtp = process.env.SMTP_URL
    process.env.SMTP_URL = 'smtp://127.0.0.1:9' // nothing listens there
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const sub = await ok(sam, 'setDeliveryAddress', HOME)
      expect(sub.delivery).toMatchObject({ city: 'Berlin' })
      // The e-mail goes after the change is committed (reading the outbox runs what is due): its first try fails.
      expect(await mails(sam)).toEqual([])
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('"Your delivery address is saved" could not be sent'))
    } finally {
      process.env.SMTP_URL = smtp
      errors.mockRestore()
    }
    // The retry is due a minute later.
    env.time.advance(60_000)
    const run = await call<{ results: Array<{ classId: string; method: string; status: number }> }>(env.backend, 'POST', '/__dev/tasks/run')
    expect(run.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ classId: 'Mailer', method: 'send', status: 200 })]))
    expect((await mails(sam)).map((m) => m.subject)).toEqual(['Your delivery address is saved'])
    expect((await subOf(sam)).delivery).toMatchObject({ city: 'Berlin' })
  })
})
