/**
 * The Roastery class with the Account class, run by the local runtime in-process with a fake
 * `Date`: staff sign-in (STAFF_EMAILS), who may do what on a day (the authorizer, for every method
 * and STATE), the board every customer change updates (start, plan, preferences, address, skip and
 * unskip, pause and resume, cancel, days passing), shipping (the customer's history and e-mail),
 * how long a past day keeps names and addresses (the daily scheduled purge), and failures that
 * never undo a change. The board's own rules are board.property.test.ts's.
 */
import type { Board, BoardDelivery } from '@retter-shared/BeanBloomBoard'
import type { SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { createBackend, type Backend } from '../../../rio-local/app'
import { recordingMirror } from '../../../rio-local/test/recording-mirror'
import { fakeDate } from '../../../rio-local/test/clock'
import type { TempProject } from '../../../rio-local/test/projects'
import { composeWithWrappers } from '../Account/__tests__/project'
import { awsIdFor } from '../../../rio-local/test/ids'
import { accountClient, type Customer as Who } from '../../../rio-local/test/account-client'
import { call, sessions, type Reply } from '../../../rio-local/test/in-process'
import { savePaymentMethod } from '../../../rio-local/test/payments'
import type { AccountUserState } from '../Account/customer'

const P = 'roastery-tests'
const START = Date.parse('2026-11-23T09:00:00Z') // a Monday: first deliveries on Wednesday 25 Nov
const DAY = 24 * 60 * 60 * 1000
const WEEKLY = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30']

type Sub = SubscriptionFields & AccountUserState

let time: ReturnType<typeof fakeDate>
let backend: Backend
const { mirror, published } = recordingMirror()

async function start(projectDir?: string): Promise<void> {
  published.length = 0
  time = fakeDate(START)
  backend = await createBackend({
    projectId: P, storage: 'memory', dev: true, mirror, projectDir,
    projectEnv: { STAFF_EMAILS: ' Rosa@Example.com, kai@example.com,not-an-address' },
  })
}
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})
afterAll(() => {
  delete process.env.STAFF_EMAILS
})

const account = accountClient<Sub>(() => backend)
const { signIn, ok } = account
const accountCall = account.method
const subOf = async (who: Who) => (await account.userState(who)) as Sub
const mails = async (who: Who) => (await account.outbox(who.email)).filter((m) => !/sign-in code/i.test(m.subject) && m.subject !== 'Your payment method is saved')
/** Moves the clock on; everyone signs in again (access tokens last minutes, not days). */
async function later(ms: number, ...people: Who[]): Promise<void> {
  time.advance(ms)
  for (const who of people) who.token = (await sessions(backend).customer(who.email)).token
}
function identityOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { identity: string }).identity
}
function roastery(action: 'INSTANCE' | 'STATE', day: string, token?: string): Promise<Reply> {
  return call(backend, 'POST', `/${P}/${action}/Roastery/${day}${token ? `?_token=${token}` : ''}`)
}
function roasteryCall(method: string, day: string, token: string | undefined, body?: unknown): Promise<Reply> {
  return call(backend, 'POST', `/${P}/CALL/Roastery/${method}/${day}${token ? `?_token=${token}` : ''}`, body)
}
/** The day's board as staff read it (null: nothing ever reached that day). */
async function board(day: string, staff: Who): Promise<Board | null> {
  const res = await call<{ role: { staff: Board } }>(backend, 'POST', `/${P}/STATE/Roastery/${day}?_token=${staff.token}`)
  if (res.status === 404) return null
  expect(res.status).toBe(200)
  return res.body.role.staff
}
async function entryOf(day: string, staff: Who, who: Who): Promise<BoardDelivery | undefined> {
  return (await board(day, staff))?.deliveries.find((d) => d.deliveryId === `${who.accountId}:${day}`)
}
/** Which of `days` carry a delivery of `who` (scheduled or shipped). */
async function daysWith(days: string[], staff: Who, who: Who): Promise<string[]> {
  const found: string[] = []
  for (const day of days) if (await entryOf(day, staff, who)) found.push(day)
  return found
}
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
async function subscriber(email: string, planId = 'barista', address: Record<string, string> = HOME): Promise<Who> {
  const who = await signIn(email)
  await ok(who, 'setDeliveryAddress', address)
  await savePaymentMethod((name, body) => accountCall(who, name, body))
  await ok(who, 'selectPlan', { planId })
  return who
}
/** A fresh backend, staff (Rosa) signed in, and Sam subscribed to Barista. */
async function startWithRosaAndSam(): Promise<{ rosa: Who; sam: Who }> {
  await start()
  const rosa = await signIn('rosa@example.com')
  const sam = await subscriber('sam@example.com')
  return { rosa, sam }
}
/**
 * Tuesday 24 Nov, 09:00: Wednesday's deliveries became final at midnight and were charged (the
 * delayed calls due by then have run), so they may ship. Everyone signs in again.
 */
const SHIPPING_TIME = '2026-11-24T09:00:00.000Z'
async function chargedAndReady(...people: Who[]): Promise<void> {
  await later(Date.parse(SHIPPING_TIME) - time.now(), ...people)
  while ((await backend.runDueTasks()).length > 0) {
    // Each run may add delayed calls due at once (a charge's confirmation).
  }
}

describe('staff sign in with the same code flow', () => {
  beforeEach(() => start())

  test('an address in STAFF_EMAILS (however it is written) signs in as staff, everyone else as a customer', async () => {
    const rosa = await signIn('rosa@example.com')
    const kai = await signIn('KAI@example.com ')
    const sam = await signIn('sam@example.com')
    expect(identityOf(rosa.token)).toBe('staff')
    expect(identityOf(kai.token)).toBe('staff')
    expect(identityOf(sam.token)).toBe('enduser')
  })

  test('a staff member is also the customer of their own e-mail: their Account and AWS object, nobody else’s (others only to act for them, with a reason)', async () => {
    const rosa = await subscriber('rosa@example.com')
    const sam = await signIn('sam@example.com')
    expect((await subOf(rosa))).toMatchObject({ email: 'rosa@example.com', plan: 'barista', status: 'active' })
    const aws = await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${rosa.token}`, { email: 'rosa@example.com' })
    expect(aws.body).toMatchObject({ instanceId: awsIdFor('rosa@example.com'), newInstance: true })
    expect((await call(backend, 'POST', `/${P}/LIST/Account?_token=${rosa.token}`)).body).toEqual({ instanceIds: [rosa.accountId] })
    expect((await call(backend, 'POST', `/${P}/STATE/Account/${sam.accountId}?_token=${rosa.token}`)).status).toBe(403)
    // Another customer's methods: only to act for them, as staff, with a reason (never as their own customer).
    expect((await call(backend, 'POST', `/${P}/CALL/Account/selectPlan/${sam.accountId}?_token=${rosa.token}`, { planId: 'taster' })).body).toMatchObject({ code: 'REASON_REQUIRED' })
    expect((await call(backend, 'POST', `/${P}/CALL/Account/exportMyData/${sam.accountId}?_token=${rosa.token}`)).status).toBe(403)
    expect((await subOf(sam))).toMatchObject({ status: 'none' })
  })
})

describe('who may do what on a day', () => {
  let sam: Who
  let rosa: Who
  let day: string
  let deliveryId: string
  beforeEach(async () => {
    ({ rosa, sam } = await startWithRosaAndSam())
    day = WEEKLY[0] as string
    deliveryId = `${sam.accountId}:${day}`
  })

  /** Every way into a day, each with the status staff get. */
  const actions: Array<{ name: string; staff: number; run: (token: string | undefined) => Promise<Reply> }> = [
    { name: 'INIT (a day nobody opened)', staff: 200, run: (token) => roastery('INSTANCE', '2026-11-27', token) },
    { name: 'GET (an opened day)', staff: 200, run: (token) => roastery('INSTANCE', day, token) },
    { name: 'STATE', staff: 200, run: (token) => roastery('STATE', day, token) },
    // Let in, and told it is not paid yet (it is charged when it becomes final, tomorrow).
    { name: 'markShipped', staff: 409, run: (token) => roasteryCall('markShipped', day, token, { deliveryId }) },
    { name: 'markAllShipped', staff: 200, run: (token) => roasteryCall('markAllShipped', day, token, {}) },
    { name: 'setTracking', staff: 200, run: (token) => roasteryCall('setTracking', day, token, { entries: [{ deliveryId, carrier: 'gls', trackingNumber: '123456789012' }] }) },
    { name: 'syncDelivery (the Account class only)', staff: 403, run: (token) => roasteryCall('syncDelivery', day, token, { deliveryId, delivery: null }) },
    { name: 'setPayment (the Account class only)', staff: 403, run: (token) => roasteryCall('setPayment', day, token, { deliveryId, payment: 'paid' }) },
    { name: 'LIST', staff: 403, run: (token) => call(backend, 'POST', `/${P}/LIST/Roastery${token ? `?_token=${token}` : ''}`) },
    { name: 'purgePersonalData (the daily sweep only)', staff: 403, run: (token) => roasteryCall('purgePersonalData', day, token, {}) },
    { name: 'purgePastBoards (scheduled only)', staff: 403, run: (token) => call(backend, 'POST', `/${P}/CALL/Roastery/purgePastBoards${token ? `?_token=${token}` : ''}`) },
  ]

  test.each(actions.map((a) => [a.name, a] as const))('%s: 401 without a session, 403 for anonymous and customer sessions; nothing changes', async (_name, action) => {
    const anonymous = await sessions(backend).anonymous()
    const before = await board(day, rosa)
    const noSession = await action.run(undefined)
    expect(noSession.status).toBe(401)
    expect(noSession.body).toMatchObject({ code: 'UNAUTHORIZED' })
    for (const token of [anonymous, sam.token]) {
      const res = await action.run(token)
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ code: 'FORBIDDEN', message: expect.any(String) })
    }
    expect(await board(day, rosa)).toEqual(before)
    expect(await board('2026-11-27', rosa)).toBeNull()
    expect((await subOf(sam)).deliveries).toBeUndefined()
  })

  test.each(actions.map((a) => [a.name, a] as const))('%s: staff get their answer', async (_name, action) => {
    const res = await action.run(rosa.token)
    expect({ status: res.status, body: res.body }).toMatchObject({ status: action.staff })
  })

  test('a staff member reads a refusal in their own language (the call\'s culture); its code stays', async () => {
    const inDutch = await call(backend, 'POST', `/${P}/CALL/Roastery/markShipped/${day}?_token=${rosa.token}&__culture=nl-nl`, { deliveryId })
    expect(inDutch.status).toBe(409)
    expect(inDutch.body).toMatchObject({ code: 'NOT_PAID', message: 'Deze levering is niet betaald en kan dus niet worden verzonden. Ze blijft wachten tot de klant betaalt.' })
    const inEnglish = await roasteryCall('markShipped', day, rosa.token, { deliveryId })
    expect(inEnglish.body).toMatchObject({ code: 'NOT_PAID', message: `Delivery ${deliveryId} is not paid, so it cannot be shipped. It stays on hold until its customer pays.` })
  })

  test('someone taken off STAFF_EMAILS is refused at once, with the session they still hold', async () => {
    process.env.STAFF_EMAILS = 'kai@example.com'
    expect((await roastery('STATE', day, rosa.token)).status).toBe(403)
    expect((await roasteryCall('markShipped', day, rosa.token, { deliveryId })).status).toBe(403)
    expect((await entryOf(day, await signIn('kai@example.com'), sam))?.status).toBe('scheduled')
  })

  test('staff read the board and nothing else; public and user state stay empty, also in the live documents', async () => {
    const state = await roastery('STATE', day, rosa.token)
    expect(state.body).toEqual({ public: {}, private: {}, user: {}, role: { staff: expect.objectContaining({ date: day }) } })
    const days = published.filter((c) => c.classId === 'Roastery')
    expect(days.length).toBeGreaterThan(0)
    for (const change of days) {
      expect(change.state.public).toEqual({})
      expect(change.state.user).toEqual({})
      expect(Object.keys(change.state.role)).toEqual(['staff'])
    }
    expect(JSON.stringify(days)).not.toContain('sam@example.com')
  })

  test('a day is a real YYYY-MM-DD: anything else is 400 INVALID_DATE and nothing is created', async () => {
    for (const id of ['2026-02-30', '2026-1-5', 'today', '2026-11-25T00:00:00Z']) {
      const res = await roastery('INSTANCE', encodeURIComponent(id), rosa.token)
      expect({ id, status: res.status, code: (res.body as { code?: string }).code }).toMatchObject({ status: 400 })
    }
    expect((await roastery('INSTANCE', '2026-02-30', rosa.token)).body).toEqual({ code: 'INVALID_DATE', message: 'A Roastery instance id is a delivery day: YYYY-MM-DD.' })
    expect((await roastery('STATE', '2026-02-30', rosa.token)).status).toBe(404)
  })
})

describe('every customer change updates the boards of the days it touches', () => {
  let rosa: Who
  let sam: Who
  beforeEach(async () => {
    ({ rosa, sam } = await startWithRosaAndSam())
  })

  test('start: each upcoming delivery is on its day’s board with plan, grind, roast, bags, name and address; other days stay unopened', async () => {
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(WEEKLY)
    const first = await board('2026-11-25', rosa)
    expect(first).toEqual({
      date: '2026-11-25',
      deliveries: [{
        deliveryId: `${sam.accountId}:2026-11-25`, plan: 'barista', grind: 'wholeBean', roast: 'roastersChoice', bags: 2,
        name: 'Sam Rivera', address: { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }, status: 'scheduled',
      }],
      totals: [{ plan: 'barista', grind: 'wholeBean', roast: 'roastersChoice', bags: 2, deliveries: 1 }],
      updatedAt: '2026-11-23T09:00:00.000Z',
    })
    expect(await board('2026-11-26', rosa)).toBeNull()
    expect(await board('2026-11-24', rosa)).toBeNull()
  })

  test('plan change: from the next delivery the new plan and cadence; days it no longer delivers lose the delivery', async () => {
    await ok(sam, 'selectPlan', { planId: 'daily-grind' })
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(['2026-11-25', '2026-12-09', '2026-12-23'])
    expect(await entryOf('2026-11-25', rosa, sam)).toMatchObject({ plan: 'daily-grind', bags: 1 })
    expect((await board('2026-12-02', rosa))?.totals).toEqual([])
  })

  test('preferences and address change every delivery on the boards', async () => {
    await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'dark' })
    await ok(sam, 'setDeliveryAddress', { name: 'Sam R.', line1: 'Kastanienallee 7', line2: 'Hinterhaus', city: 'Berlin', postalCode: '10435', country: 'DE' })
    for (const day of WEEKLY) {
      expect(await entryOf(day, rosa, sam)).toMatchObject({
        grind: 'espresso', roast: 'dark', name: 'Sam R.',
        address: { line1: 'Kastanienallee 7', line2: 'Hinterhaus', city: 'Berlin', postalCode: '10435', country: 'DE' },
      })
    }
    expect((await board('2026-12-09', rosa))?.totals).toEqual([{ plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, deliveries: 1 }])
  })

  test('skip takes the delivery off its day, unskip puts it back', async () => {
    await ok(sam, 'skipDelivery', { date: '2026-12-02' })
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(WEEKLY.filter((d) => d !== '2026-12-02'))
    await ok(sam, 'skipNextDelivery')
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(WEEKLY.filter((d) => d !== '2026-12-02' && d !== '2026-11-25'))
    await ok(sam, 'unskipDelivery', { date: '2026-12-02' })
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(WEEKLY.filter((d) => d !== '2026-11-25'))
  })

  test('pause takes the days inside it off; after resume they stay off until unskipped', async () => {
    await ok(sam, 'pauseSubscription', { weeks: 2 })
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(WEEKLY.slice(2))
    await ok(sam, 'resumeSubscription')
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(WEEKLY.slice(2))
    await ok(sam, 'unskipDelivery', { date: '2026-11-25' })
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(['2026-11-25', ...WEEKLY.slice(2)])
  })

  test('cancel takes every delivery off; a restart puts the new ones on', async () => {
    await ok(sam, 'cancelSubscription', { reason: 'moving' })
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual([])
    await later(DAY, sam, rosa)
    await ok(sam, 'selectPlan', { planId: 'roasters-club' })
    const restarted = ['2026-11-26', '2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24', '2026-12-31']
    expect(await daysWith(restarted, rosa, sam)).toEqual(restarted)
    expect(await entryOf('2026-11-26', rosa, sam)).toMatchObject({ plan: 'roasters-club', bags: 1 })
  })

  test('deliveries being prepared (within two days) stay on their board as they were, whatever the customer changes', async () => {
    await later(DAY, sam, rosa) // Tuesday: Wednesday's delivery is being roasted and packed
    await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'light' })
    expect(await entryOf('2026-11-25', rosa, sam)).toMatchObject({ grind: 'wholeBean', roast: 'roastersChoice' })
    expect(await entryOf('2026-12-02', rosa, sam)).toMatchObject({ grind: 'espresso', roast: 'light' })
    await ok(sam, 'cancelSubscription', { reason: 'tooMuch' })
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual(['2026-11-25'])
  })

  test('as days pass without any change, the reminder task puts the newly upcoming days on their boards', async () => {
    const later6 = '2027-01-06'
    expect(await entryOf(later6, rosa, sam)).toBeUndefined()
    await later(7 * DAY - 3 * 60 * 60 * 1000, rosa) // Monday 30 Nov, 06:00: the reminder of Wednesday 2 Dec's delivery is due
    // The runtime's timer may have run it already; either way it runs once.
    await call(backend, 'POST', '/__dev/tasks/run')
    expect((await mails(sam)).filter((m) => m.subject === 'Your coffee arrives Wednesday 2 December 2026')).toHaveLength(1)
    expect(await entryOf(later6, rosa, sam)).toMatchObject({ plan: 'barista', status: 'scheduled' })
  })

  test('two customers on one day: the packing list is grouped by coffee and the totals add up', async () => {
    const ada = await subscriber('ada@example.com', 'roasters-club', { name: 'Ada Lovelace', line1: 'St James’s Square 12', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' })
    const bo = await subscriber('bo@example.com', 'barista', { name: 'Bo Berg', line1: 'Drottninggatan 5', city: 'Stockholm', postalCode: '111 51', country: 'SE' })
    await ok(bo, 'setPreferences', { grind: 'espresso', roast: 'medium' })
    const day = await board('2026-11-25', rosa)
    expect(day?.deliveries.map((d) => [d.name, d.plan, d.grind])).toEqual([
      ['Bo Berg', 'barista', 'espresso'],
      ['Sam Rivera', 'barista', 'wholeBean'],
      ['Ada Lovelace', 'roasters-club', 'wholeBean'],
    ])
    expect(day?.totals).toEqual([
      { plan: 'barista', grind: 'espresso', roast: 'medium', bags: 2, deliveries: 1 },
      { plan: 'barista', grind: 'wholeBean', roast: 'roastersChoice', bags: 2, deliveries: 1 },
      { plan: 'roasters-club', grind: 'wholeBean', roast: 'roastersChoice', bags: 1, deliveries: 1 },
    ])
    expect(await entryOf('2026-11-25', rosa, ada)).toBeDefined()
  })
})

describe('shipping', () => {
  let rosa: Who
  let sam: Who
  const day = '2026-11-25'
  beforeEach(async () => {
    ({ rosa, sam } = await startWithRosaAndSam())
  })

  test('markShipped: the board shows it shipped, the customer’s history has it and they get “on its way”; again changes nothing', async () => {
    await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'dark' })
    await chargedAndReady(sam, rosa)
    const deliveryId = `${sam.accountId}:${day}`
    const res = await roasteryCall('markShipped', day, rosa.token, { deliveryId })
    expect(res).toMatchObject({ status: 200, body: { deliveryId, status: 'shipped', shippedAt: SHIPPING_TIME } })
    expect(await entryOf(day, rosa, sam)).toMatchObject({ status: 'shipped', shippedAt: SHIPPING_TIME, grind: 'espresso', payment: 'paid' })
    expect((await board(day, rosa))?.totals).toEqual([{ plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, deliveries: 1 }])
    const sub = await subOf(sam)
    expect(sub.deliveries).toEqual([{ date: '2026-11-25T00:00:00.000Z', plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, shippedAt: SHIPPING_TIME }])
    expect(sub.history[sub.history.length - 1]).toMatchObject({ action: 'shipped', date: '2026-11-25T00:00:00.000Z' })
    const [mail] = await mails(sam)
    expect(mail?.subject).toBe('Your coffee is on its way')
    expect(mail?.text).toContain('Your delivery of Wednesday 25 November 2026 left our roastery today.')
    expect(mail?.text).toContain('Torstraße 1')

    expect((await roasteryCall('markShipped', day, rosa.token, { deliveryId })).status).toBe(200)
    expect((await mails(sam)).filter((m) => m.subject === 'Your coffee is on its way')).toHaveLength(1)
    expect((await subOf(sam)).deliveries).toHaveLength(1)
  })

  test('tracking: staff enter carrier and number (one or a batch), the e-mail and the customer’s history link to it; bad rows are refused by field, nothing changes', async () => {
    await chargedAndReady(sam, rosa)
    const deliveryId = `${sam.accountId}:${day}`
    const before = await entryOf(day, rosa, sam)
    const badCarrier = await roasteryCall('setTracking', day, rosa.token, { entries: [{ deliveryId, carrier: 'pigeon', trackingNumber: '00340434161234567890' }] })
    expect(badCarrier).toMatchObject({ status: 400, body: { code: 'INVALID_CARRIER', field: 'carrier', message: expect.stringContaining('dhl, dpd, gls, ups') } })
    const badNumber = await roasteryCall('setTracking', day, rosa.token, {
      entries: [{ deliveryId, carrier: 'dhl', trackingNumber: '00340434161234567890' }, { deliveryId, carrier: 'dhl', trackingNumber: '12<3>' }],
    })
    expect(badNumber).toMatchObject({ status: 400, body: { code: 'INVALID_TRACKING_NUMBER', field: 'trackingNumber', row: 2, message: expect.stringMatching(/^Row 2 .*tracking number/) } })
    expect(await entryOf(day, rosa, sam)).toEqual(before)
    const elsewhere = await roasteryCall('setTracking', day, rosa.token, { entries: [{ deliveryId: `${sam.accountId}:2026-11-26`, carrier: 'dhl', trackingNumber: '123456789' }] })
    expect(elsewhere).toMatchObject({ status: 404, body: { code: 'NOT_ON_BOARD', field: 'deliveryId' } })

    expect(await roasteryCall('setTracking', day, rosa.token, { entries: [{ deliveryId, carrier: 'DHL', trackingNumber: '0034 0434 1612-3456 7890' }] }))
      .toMatchObject({ status: 200, body: { updated: 1 } })
    expect((await entryOf(day, rosa, sam))?.tracking).toEqual({ carrier: 'dhl', number: '00340434161234567890' })
    expect((await roasteryCall('markShipped', day, rosa.token, { deliveryId })).status).toBe(200)
    expect((await subOf(sam)).deliveries?.[0]?.tracking).toEqual({ carrier: 'dhl', number: '00340434161234567890' })
    const [mail] = await mails(sam)
    expect(mail?.text).toContain('Follow it with DHL (tracking number 00340434161234567890): https://www.dhl.com/global-en/home/tracking.html?tracking-id=00340434161234567890')
    expect(mail?.html).toContain('tracking-id=00340434161234567890')
    // Once shipped the e-mail has gone: tracking is entered before.
    expect(await roasteryCall('setTracking', day, rosa.token, { entries: [{ deliveryId, carrier: 'ups', trackingNumber: '1Z999AA10123456784' }] }))
      .toMatchObject({ status: 409, body: { code: 'ALREADY_SHIPPED' } })
  })

  test('a shipped delivery is final: it cannot be skipped, and later changes reach only the deliveries after it', async () => {
    await chargedAndReady(sam, rosa)
    await roasteryCall('markShipped', day, rosa.token, { deliveryId: `${sam.accountId}:${day}` })
    // On its way, it is no longer upcoming: the next delivery is the one after it.
    expect(await subOf(sam)).toMatchObject({ nextDeliveryAt: '2026-12-02T00:00:00.000Z' })
    expect((await subOf(sam)).upcomingDeliveries?.map((d) => d.date.slice(0, 10))).not.toContain(day)
    expect((await accountCall(sam, 'skipDelivery', { date: day })).body).toMatchObject({
      code: 'ALREADY_SHIPPED', message: 'Your delivery of Wednesday 25 November 2026 has already left our roastery, so it can no longer be skipped.',
    })
    await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'light' })
    expect(await entryOf(day, rosa, sam)).toMatchObject({ status: 'shipped', grind: 'wholeBean', roast: 'roastersChoice' })
    expect(await entryOf('2026-12-02', rosa, sam)).toMatchObject({ status: 'scheduled', grind: 'espresso', roast: 'light' })
    await ok(sam, 'cancelSubscription', { reason: 'tooMuch' })
    expect(await daysWith(WEEKLY, rosa, sam)).toEqual([day])
  })

  test('markAllShipped ships every scheduled delivery of the day and tells each customer; again ships none', async () => {
    const ada = await subscriber('ada@example.com', 'taster', { name: 'Ada Lovelace', line1: 'St James’s Square 12', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' })
    await chargedAndReady(sam, ada, rosa)
    const res = await roasteryCall('markAllShipped', day, rosa.token, {})
    expect(res).toMatchObject({ status: 200, body: { shipped: 2, failed: [], onHold: 0 } })
    expect((await board(day, rosa))?.deliveries.map((d) => d.status)).toEqual(['shipped', 'shipped'])
    for (const who of [sam, ada]) {
      expect((await mails(who))[0]?.subject).toBe('Your coffee is on its way')
      expect((await subOf(who)).deliveries).toHaveLength(1)
    }
    expect((await roasteryCall('markAllShipped', day, rosa.token, {})).body).toEqual({ shipped: 0, failed: [], onHold: 0 })
    // Other days are untouched.
    expect((await entryOf('2026-12-02', rosa, sam))?.status).toBe('scheduled')
  })

  test('an unknown or malformed delivery is refused with its own error', async () => {
    expect((await roasteryCall('markShipped', day, rosa.token, { deliveryId: `${sam.accountId}:2026-12-02` })).body).toEqual({
      code: 'NOT_ON_BOARD', message: `There is no delivery ${sam.accountId}:2026-12-02 on 2026-11-25.`,
    })
    expect((await roasteryCall('markShipped', day, rosa.token, { deliveryId: 'sam@example.com' })).body).toMatchObject({ code: 'VALIDATION' })
    expect((await roasteryCall('markShipped', day, rosa.token, {})).body).toMatchObject({ code: 'VALIDATION' })
  })

  test('only the Roastery class records shipments: customers and other platform calls are refused', async () => {
    const record = { deliveryId: `${sam.accountId}:${day}`, date: day, plan: 'barista', grind: 'wholeBean', roast: 'roastersChoice', bags: 2, shippedAt: SHIPPING_TIME }
    expect((await accountCall(sam, 'recordShipment', record)).status).toBe(403)
    const platform = await call(backend, 'POST', `/${P}/CALL/Account/recordShipment/${sam.accountId}?_token=${sessions(backend).platform()}`, record)
    expect(platform).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: 'Only the roastery records shipments' } })
    expect((await subOf(sam)).deliveries).toBeUndefined()
    expect(await mails(sam)).not.toContainEqual(expect.objectContaining({ subject: 'Your coffee is on its way' }))
  })
})

describe('a past day keeps names and addresses for 90 days, then only what the money view reads', () => {
  const day = '2026-11-25'
  /** The day's live documents as the runtime last mirrored them (head and shards). */
  const mirrored = () => JSON.stringify(published.filter((c) => c.classId === 'Roastery' && c.instanceId.startsWith(day)).map((c) => c.state))

  test('the daily sweep blanks a day’s names and street addresses the day after its 90 days, keeps its money and totals, and a refund still works', async () => {
    const { rosa, sam } = await startWithRosaAndSam()
    const deliveryId = `${sam.accountId}:${day}`
    await chargedAndReady(sam, rosa)
    // Nothing after this delivery: months can pass without deliveries of Sam's.
    await ok(sam, 'cancelSubscription', { reason: 'tooMuch' })
    expect((await roasteryCall('markShipped', day, rosa.token, { deliveryId })).status).toBe(200)
    expect((await roasteryCall('refundDelivery', day, rosa.token, { deliveryId, amountCents: 500, reason: 'Bag arrived torn' })).status).toBe(200)
    const before = await board(day, rosa)
    const entry = before?.deliveries.find((d) => d.deliveryId === deliveryId)
    expect(entry).toMatchObject({ name: 'Sam Rivera', status: 'shipped', payment: 'paid', refundedCents: 500, receipt: { kind: 'receipt' }, creditNotes: [{ kind: 'credit-note' }] })

    // The 90th day after it (23 Feb 2027): still kept, for a parcel reported lost or damaged.
    await later(Date.parse('2027-02-23T04:00:00Z') - time.now(), rosa)
    expect((await backend.runDueSchedules()).map((r) => [r.method, r.status])).toEqual([['purgePastBoards', 200]])
    expect(await board(day, rosa)).toEqual(before)
    expect(mirrored()).toContain('Torstraße')
    // Asked directly (the developer's credentials), the day refuses too.
    expect(await roasteryCall('purgePersonalData', day, sessions(backend).platform(), {})).toMatchObject({ status: 409, body: { code: 'STILL_KEPT' } })
    expect(await board(day, rosa)).toEqual(before)

    // The day after: the sweep blanks them; the money view's figures and the totals stay.
    await later(Date.parse('2027-02-24T04:00:00Z') - time.now(), rosa)
    expect((await backend.runDueSchedules()).map((r) => [r.method, r.status])).toEqual([['purgePastBoards', 200]])
    const after = await board(day, rosa)
    expect(after?.totals).toEqual(before?.totals)
    expect(after?.deliveries).toEqual([{ ...entry, name: '', address: { line1: '', city: '', postalCode: '', country: 'DE' } }])
    expect(JSON.stringify(after)).not.toMatch(/Sam Rivera|Torstraße|Berlin|10119/)
    const live = published.filter((c) => c.classId === 'Roastery' && c.instanceId === day).at(-1)?.state
    expect(JSON.stringify(live)).not.toMatch(/Sam Rivera|Torstraße|Berlin|10119/)

    // Staff can still refund it (its Account decides), and the next sweep changes nothing.
    const refunded = await roasteryCall('refundDelivery', day, rosa.token, { deliveryId, amountCents: 100, reason: 'Late complaint' })
    expect(refunded).toMatchObject({ status: 200, body: { refundedCents: 600 } })
    const refundedBoard = await board(day, rosa)
    await later(DAY, rosa)
    await backend.runDueSchedules()
    expect(await board(day, rosa)).toEqual(refundedBoard)
  }, 30_000)
})

describe('failures never undo a change', () => {
  let project: TempProject
  beforeAll(() => {
    // The same project, with switches that make a board or an Account fail as an outage would.
    project = composeWithWrappers([{
      file: 'classes/Roastery/outage.ts',
      source: [
        "import { Data } from '@retter/rdk'",
        "import { syncDelivery as real } from './published'",
        'export async function syncDelivery(data: Data) {',
        "  if (process.env.TEST_BOARDS_DOWN === '1') throw new Error('the board is down')",
        '  return real(data)',
        '}',
      ],
      template: 'classes/Roastery/template.yml', from: 'handler: published.syncDelivery', to: 'handler: outage.syncDelivery',
    }, {
      file: 'classes/Account/outage.ts',
      source: [
        "import { Data } from '@retter/rdk'",
        "import { recordShipment as real, ShipmentInput } from './subscription/shipments'",
        'export async function recordShipment(data: Data<ShipmentInput>) {',
        "  if (process.env.TEST_ACCOUNTS_DOWN === '1') throw new Error('the account is down')",
        '  return real(data)',
        '}',
      ],
      template: 'classes/Account/template.yml', from: 'handler: peers.recordShipment', to: 'handler: outage.recordShipment',
    }, {
      file: 'classes/Roastery/payment-outage.ts',
      source: [
        "import { Data } from '@retter/rdk'",
        "import { setPayment as real } from './published'",
        'export async function setPayment(data: Data) {',
        "  if (process.env.TEST_PAYMENTS_DOWN === '1') throw new Error('the board is down')",
        '  return real(data)',
        '}',
      ],
      template: 'classes/Roastery/template.yml', from: 'handler: published.setPayment', to: 'handler: payment-outage.setPayment',
    }, {
      file: 'classes/Numbering/outage.ts',
      source: [
        "import { Data } from '@retter/rdk'",
        "import { nextNumber as real } from './index'",
        'export async function nextNumber(data: Data) {',
        "  if (process.env.TEST_NUMBERING_DOWN === '1') throw new Error('numbering is down')",
        '  return real(data as Parameters<typeof real>[0])',
        '}',
      ],
      template: 'classes/Numbering/template.yml', from: 'handler: index.nextNumber', to: 'handler: outage.nextNumber',
    }])
  })
  afterAll(() => {
    project.remove()
    delete process.env.TEST_BOARDS_DOWN
    delete process.env.TEST_ACCOUNTS_DOWN
    delete process.env.TEST_PAYMENTS_DOWN
    delete process.env.TEST_NUMBERING_DOWN
  })
  beforeEach(async () => {
    process.env.TEST_BOARDS_DOWN = '0'
    process.env.TEST_ACCOUNTS_DOWN = '0'
    process.env.TEST_PAYMENTS_DOWN = '0'
    process.env.TEST_NUMBERING_DOWN = '0'
    await start(project.dir)
  })

  /** Runs `body` with console.error caught (an outage is logged), and puts it back after. */
  async function logged(body: (errors: jest.SpyInstance) => Promise<void>): Promise<void> {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      await body(errors)
    } finally {
      errors.mockRestore()
    }
  }

  /** Staff (Rosa), and two subscribers with deliveries on the 25th: Sam (Barista) and Ada (Taster). */
  async function rosaSamAndAda(): Promise<{ rosa: Who; sam: Who; ada: Who }> {
    const rosa = await signIn('rosa@example.com')
    const sam = await subscriber('sam@example.com')
    const ada = await subscriber('ada@example.com', 'taster')
    return { rosa, sam, ada }
  }

  test('a board that cannot be updated: the customer’s change stands, is logged, and the retry task catches the board up', async () => {
    const rosa = await signIn('rosa@example.com')
    const sam = await subscriber('sam@example.com')
    await logged(async (errors) => {
      process.env.TEST_BOARDS_DOWN = '1'
      const changed = await ok(sam, 'setPreferences', { grind: 'espresso', roast: 'light' })
      expect(changed.preferences).toEqual({ grind: 'espresso', roast: 'light' })
      expect((await subOf(sam)).preferences).toEqual({ grind: 'espresso', roast: 'light' })
      expect((await mails(sam))[0]?.subject).toBe('Your coffee preferences have changed')
      expect(await entryOf('2026-11-25', rosa, sam)).toMatchObject({ grind: 'wholeBean' })
      expect(errors.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringMatching(/^\[Account\] the roastery board of 2026-11-25 was not updated for acct_[0-9a-f]{24}: 500/))
      expect(errors.mock.calls.join(' ')).not.toContain('sam@example.com')

      process.env.TEST_BOARDS_DOWN = '0'
      const retry = await call(backend, 'POST', `/${P}/CALL/Account/syncRoastery/${sam.accountId}?_token=${sessions(backend).platform()}`, {})
      expect(retry).toMatchObject({ status: 200, body: { failed: [] } })
      for (const day of WEEKLY) expect(await entryOf(day, rosa, sam)).toMatchObject({ grind: 'espresso', roast: 'light' })
    })
  })

  test('a payment the board could not take is told again by the retry task, so a paid delivery ships', async () => {
    const rosa = await signIn('rosa@example.com')
    const sam = await subscriber('sam@example.com')
    const deliveryId = `${sam.accountId}:2026-11-25`
    await logged(async (errors) => {
      process.env.TEST_PAYMENTS_DOWN = '1'
      await chargedAndReady(sam, rosa)
      expect((await subOf(sam)).payments?.find((p) => p.date.startsWith('2026-11-25'))?.status).toBe('paid')
      // The board never heard of the payment: staff cannot ship what the customer paid for.
      expect((await entryOf('2026-11-25', rosa, sam))?.payment).not.toBe('paid')
      expect((await roasteryCall('markShipped', '2026-11-25', rosa.token, { deliveryId })).status).toBe(409)
      expect(errors.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringMatching(/^\[Account\] the board of 2026-11-25 did not take the payment of acct_[0-9a-f]{24}:2026-11-25: 500/))

      process.env.TEST_PAYMENTS_DOWN = '0'
      const retry = await call(backend, 'POST', `/${P}/CALL/Account/syncRoastery/${sam.accountId}?_token=${sessions(backend).platform()}`, {})
      expect(retry).toMatchObject({ status: 200, body: { failed: [] } })
      expect(await entryOf('2026-11-25', rosa, sam)).toMatchObject({ payment: 'paid', amountCents: expect.any(Number), receipt: expect.objectContaining({ kind: 'receipt' }) })
      expect((await roasteryCall('markShipped', '2026-11-25', rosa.token, { deliveryId })).status).toBe(200)
    })
  })

  test('a credit note numbered late that the board could not take is told again by the retry task', async () => {
    const rosa = await signIn('rosa@example.com')
    const sam = await subscriber('sam@example.com')
    const day = '2026-11-25'
    const deliveryId = `${sam.accountId}:${day}`
    await chargedAndReady(sam, rosa)
    await logged(async (errors) => {
      // The refund goes through; its credit note waits for a number.
      process.env.TEST_NUMBERING_DOWN = '1'
      expect((await roasteryCall('refundDelivery', day, rosa.token, { deliveryId, amountCents: 300, reason: 'Bag arrived torn' })).status).toBe(200)
      expect((await entryOf(day, rosa, sam))?.creditNotes ?? []).toEqual([])
      // Numbered a minute later, while the board does not take it.
      process.env.TEST_NUMBERING_DOWN = '0'
      process.env.TEST_PAYMENTS_DOWN = '1'
      await later(61_000, rosa)
      while ((await backend.runDueTasks()).length > 0) {
        // The documents task, and whatever it adds due at once.
      }
      expect((await subOf(sam)).payments?.find((p) => p.date.startsWith(day))?.refunds?.[0]?.creditNote?.number).toMatch(/^CN-/)
      expect((await entryOf(day, rosa, sam))?.creditNotes ?? []).toEqual([])
      expect(errors.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringMatching(new RegExp(`^\\[Account\\] the board of ${day} did not take credit note CN-`)))

      process.env.TEST_PAYMENTS_DOWN = '0'
      const retry = await call(backend, 'POST', `/${P}/CALL/Account/syncRoastery/${sam.accountId}?_token=${sessions(backend).platform()}`, {})
      expect(retry).toMatchObject({ status: 200, body: { failed: [] } })
      expect((await entryOf(day, rosa, sam))?.creditNotes).toEqual([expect.objectContaining({ kind: 'credit-note', grossCents: 300 })])
    })
  })

  test('a delivery skipped while its board could not be updated is never shipped, and a charged one can no longer be skipped', async () => {
    const { rosa, sam, ada } = await rosaSamAndAda()
    await logged(async () => {
      process.env.TEST_BOARDS_DOWN = '1'
      await ok(sam, 'skipDelivery', { date: '2026-11-25' })
      // The board still lists Sam's delivery: only the Account knows it is skipped.
      expect((await entryOf('2026-11-25', rosa, sam))?.status).toBe('scheduled')
      await chargedAndReady(sam, ada, rosa)
      // Once charged a delivery is final: Ada cannot skip hers while it is being shipped.
      expect((await accountCall(ada, 'skipDelivery', { date: '2026-11-25' })).body).toMatchObject({ code: 'TOO_LATE_TO_CHANGE' })
      const one = await roasteryCall('markShipped', '2026-11-25', rosa.token, { deliveryId: `${sam.accountId}:2026-11-25` })
      expect(one.status).toBe(409)
      const all = await roasteryCall('markAllShipped', '2026-11-25', rosa.token, {})
      expect(all).toMatchObject({ status: 200, body: { shipped: 1, failed: [], onHold: 1 } })
      expect((await subOf(sam)).deliveries).toBeUndefined()
      expect((await subOf(sam)).payments?.find((p) => p.date.startsWith('2026-11-25'))).toBeUndefined()
      expect(await mails(sam)).not.toContainEqual(expect.objectContaining({ subject: 'Your coffee is on its way' }))
      expect((await mails(ada)).map((m) => m.subject)).toContain('Your coffee is on its way')
    })
  })

  test('an Account that cannot record the shipment: 503, nothing is marked, and staff can simply try again', async () => {
    const { rosa, sam, ada } = await rosaSamAndAda()
    await chargedAndReady(sam, ada, rosa)
    await logged(async () => {
      process.env.TEST_ACCOUNTS_DOWN = '1'
      const one = await roasteryCall('markShipped', '2026-11-25', rosa.token, { deliveryId: `${sam.accountId}:2026-11-25` })
      expect(one).toMatchObject({ status: 503, body: { code: 'SHIPMENT_NOT_RECORDED' } })
      const all = await roasteryCall('markAllShipped', '2026-11-25', rosa.token, {})
      expect(all).toMatchObject({ status: 503, body: { code: 'SOME_NOT_RECORDED', shipped: 0, failed: expect.arrayContaining([`${sam.accountId}:2026-11-25`, `${ada.accountId}:2026-11-25`]) } })
      expect((await board('2026-11-25', rosa))?.deliveries.map((d) => d.status)).toEqual(['scheduled', 'scheduled'])
      expect((await subOf(sam)).deliveries).toBeUndefined()

      process.env.TEST_ACCOUNTS_DOWN = '0'
      expect((await roasteryCall('markAllShipped', '2026-11-25', rosa.token, {})).body).toEqual({ shipped: 2, failed: [], onHold: 0 })
      expect((await subOf(sam)).deliveries).toHaveLength(1)
    })
  })
})
