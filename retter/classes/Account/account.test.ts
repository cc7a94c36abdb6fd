/**
 * The Account class run by the local runtime (rio-local) against its local RDK, in-process with a
 * fake `Date`: OTP rules (throttle, expiry, attempts, single use), e-mail over SMTP to the dev
 * outbox, input models, plans, owner-only calls, where state is kept, mirror publishes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { plansOnOffer } from '@retter-shared/BeanBloomSubscription/catalogue'
import { seedCatalogue } from '@retter-shared/BeanBloomSubscription/catalogue-seed'
import type { OutboxMessage, SendOtpResult, SubscriptionPlan, VerifyOtpResult } from '../../../lib/contract'
import { createBackend, type Backend } from '../../../rio-local/app'
import { recordingMirror } from '../../../rio-local/test/recording-mirror'
import { createSqliteStorage } from '../../../rio-local/storage/sqlite'
import { fakeDate } from '../../../rio-local/test/clock'
import { accountIdFor, userIdFor } from '../../../rio-local/test/ids'
import { TEST_ADDRESS } from '../../../rio-local/test/address'
import { call, sessions } from '../../../rio-local/test/in-process'
import { savePaymentMethod } from '../../../rio-local/test/payments'

/** What a fresh shop offers: the seed plans with their words in every language. */
const plansJson = plansOnOffer(seedCatalogue())

const P = 'account-tests'
let clock = Date.parse('2026-03-01T09:00:00Z')
let time: ReturnType<typeof fakeDate>
const advance = (ms: number) => {
  time.advance(ms)
  clock = time.now()
}
const { mirror: recording, published } = recordingMirror()

let backend: Backend
let anon: string

beforeEach(async () => {
  published.length = 0
  time = fakeDate(Date.parse('2026-03-01T09:00:00Z'))
  clock = time.now()
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, mirror: recording })
  anon = await sessions(backend).anonymous()
})
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})

async function accountFor(email: string): Promise<string> {
  const res = await call<{ instanceId: string }>(backend, 'POST', `/${P}/INSTANCE/Account?_token=${anon}`, { email })
  expect(res.status).toBe(200)
  return res.body.instanceId
}
const sendOtp = (id: string) => call<SendOtpResult & { code?: string; retryAfterSeconds?: number }>(backend, 'POST', `/${P}/CALL/Account/sendOtp/${id}?_token=${anon}`)
const verify = (id: string, body: unknown) => call<VerifyOtpResult>(backend, 'POST', `/${P}/CALL/Account/verifyOtp/${id}?_token=${anon}`, body)
const outbox = (email: string) => call<OutboxMessage[]>(backend, 'GET', `/__dev/outbox?to=${encodeURIComponent(email)}`)
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000')

describe('sendOtp', () => {
  test('e-mails a 6-digit code to the normalised address and says when it expires', async () => {
    const id = await accountFor('  Ann@Example.COM ')
    expect(id).toBe(accountIdFor('ann@example.com'))
    const res = await sendOtp(id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ sentTo: 'ann@example.com', expiresInSeconds: 300, resendAfterSeconds: 30 })
    const [message] = (await outbox('ANN@example.com')).body
    expect(message?.code).toMatch(/^\d{6}$/)
    expect(message?.text).toContain(message?.code)
    expect(message?.sentAt).toBe(new Date(clock).toISOString())
  })

  test('a new request within 30 s answers 429 with retryAfterSeconds; after 30 s it works', async () => {
    const id = await accountFor('bob@example.com')
    await sendOtp(id)
    advance(12_000)
    const early = await sendOtp(id)
    expect(early.status).toBe(429)
    expect(early.body).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 18 })
    expect(early.headers['retry-after']).toBe('18')
    expect((await outbox('bob@example.com')).body).toHaveLength(1)
    advance(18_000)
    expect((await sendOtp(id)).status).toBe(200)
    const messages = (await outbox('bob@example.com')).body
    expect(messages).toHaveLength(2)
    expect(Date.parse(messages[0]?.sentAt as string)).toBeGreaterThan(Date.parse(messages[1]?.sentAt as string))
  })

  test('private state keeps only a salted hash of the code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'acct-'))
    try {
      const disk = await createBackend({ projectId: P, storage: { dir }, dev: true })
      const token = await sessions(disk).anonymous()
      const inst = await call<{ instanceId: string }>(disk, 'POST', `/${P}/INSTANCE/Account?_token=${token}`, { email: 'carol@example.com' })
      await call(disk, 'POST', `/${P}/CALL/Account/sendOtp/${inst.body.instanceId}?_token=${token}`)
      const code = (await call<OutboxMessage[]>(disk, 'GET', '/__dev/outbox?to=carol@example.com')).body[0]?.code as string
      await disk.close()
      const storage = createSqliteStorage(dir)
      const stored = storage.getInstance(P, 'Account', inst.body.instanceId)
      storage.close()
      const otp = (stored?.state.private as { otp: Record<string, unknown> }).otp
      expect(otp).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), salt: expect.stringMatching(/^[0-9a-f]{32}$/), expiresAt: clock + 300_000 })
      expect(JSON.stringify(stored?.state)).not.toContain(code)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('verifyOtp', () => {
  let id: string
  let code: string
  beforeEach(async () => {
    id = await accountFor('dana@example.com')
  })
  const requestCode = async () => {
    await sendOtp(id)
    code = (await outbox('dana@example.com')).body[0]?.code as string
  }

  test('NO_CODE before any code was requested', async () => {
    const res = await verify(id, { code: '123456' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: false, error: { code: 'NO_CODE', message: 'No code was requested for this e-mail.' } })
  })

  test('wrong codes count down, the 5th voids the code, even the right one then fails', async () => {
    await requestCode()
    for (const attemptsLeft of [4, 3, 2, 1]) {
      const res = await verify(id, { code: wrongCode(code) })
      expect(res.body).toEqual({ success: false, error: { code: 'INVALID_CODE', message: 'Invalid OTP', attemptsLeft } })
    }
    const fifth = await verify(id, { code: wrongCode(code) })
    expect(fifth.body).toEqual({ success: false, error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts. Request a new code.' } })
    expect((await verify(id, { code })).body).toMatchObject({ success: false, error: { code: 'TOO_MANY_ATTEMPTS' } })
    // A new code starts over.
    advance(30_000)
    await requestCode()
    expect((await verify(id, { code })).body).toMatchObject({ success: true })
  })

  test('CODE_EXPIRED after 5 minutes', async () => {
    await requestCode()
    advance(5 * 60_000)
    expect((await verify(id, { code })).body).toEqual({
      success: false,
      error: { code: 'CODE_EXPIRED', message: 'This code has expired. Request a new one.' },
    })
  })

  test('the right code answers a custom token for the stable userId; it cannot be reused', async () => {
    await requestCode()
    advance(4 * 60_000)
    const res = await verify(id, { code })
    expect(res.status).toBe(200)
    if (!res.body.success) throw new Error('expected success')
    const claims = JSON.parse(Buffer.from(res.body.data.customToken.split('.')[1] as string, 'base64url').toString())
    expect(claims).toMatchObject({ projectId: P, userId: userIdFor('dana@example.com'), identity: 'enduser', claims: { email: 'dana@example.com' } })
    expect(claims.exp - claims.iat).toBe(60)
    expect((await verify(id, { code })).body).toMatchObject({ success: false, error: { code: 'NO_CODE' } })
  })

  test('memberSince is set once; lastSignInAt on every sign-in', async () => {
    const first = await sessions(backend).customer('erin@example.com')
    const firstAt = new Date(clock).toISOString()
    advance(60 * 60_000)
    const second = await sessions(backend).customer('erin@example.com')
    const state = await call<{ public: Record<string, unknown>; user: Record<string, unknown> }>(backend, 'POST', `/${P}/STATE/Account/${second.accountId}?_token=${second.token}`)
    expect(first.accountId).toBe(second.accountId)
    // All of it in the customer's own user state; public state (readable by any session) stays empty.
    expect(state.body.user).toEqual({
      [userIdFor('erin@example.com')]: {
        email: 'erin@example.com', plan: null, status: 'none', history: [], memberSince: firstAt, lastSignInAt: new Date(clock).toISOString(),
      },
    })
    expect(state.body.public).toEqual({})
  })

  test.each([
    ['a 5-digit code', { code: '12345' }],
    ['a 7-digit code', { code: '1234567' }],
    ['letters', { code: '12a456' }],
    ['a number', { code: 123456 }],
    ['no code', {}],
    ['an extra field', { code: '123456', admin: true }],
    ['no body', undefined],
  ])('%s is 400 VALIDATION and changes nothing', async (_name, body) => {
    await requestCode()
    const res = await verify(id, body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'VALIDATION', message: expect.any(String), issues: expect.any(Array) })
    // No attempt was used up.
    expect((await verify(id, { code: wrongCode(code) })).body).toMatchObject({ error: { attemptsLeft: 4 } })
  })
})

describe('plans and selectPlan', () => {
  test('plans: 3-4 well-formed plans, exactly one recommended, sortOrder not in file order', () => {
    const plans = plansJson as SubscriptionPlan[]
    expect(plans.length).toBeGreaterThanOrEqual(3)
    expect(plans.length).toBeLessThanOrEqual(4)
    expect(plans.filter((p) => p.recommended)).toHaveLength(1)
    for (const p of plans) {
      expect(p).toEqual({
        id: expect.stringMatching(/^[a-z-]+$/),
        name: expect.any(String),
        description: expect.any(String),
        amount: expect.any(Number),
        currency: 'EUR',
        interval: 'delivery',
        delivery: expect.stringMatching(/^(weekly|fortnightly|fourWeekly)$/),
        bags: expect.any(Number),
        bagGrams: 250,
        grinds: expect.arrayContaining(['wholeBean']),
        roasts: expect.arrayContaining(['roastersChoice']),
        features: expect.arrayContaining([expect.any(String)]),
        sortOrder: expect.any(Number),
        recommended: expect.any(Boolean),
        translations: expect.objectContaining({ de: expect.objectContaining({ name: expect.any(String), description: expect.any(String) }) }),
        ...(p.coffee ? { coffee: { name: expect.any(String), origin: expect.any(String), process: expect.any(String), notes: expect.any(String) } } : {}),
      })
      expect(Number.isInteger(p.amount)).toBe(true)
    }
    const orders = plans.map((p) => p.sortOrder)
    expect(new Set(orders).size).toBe(plans.length)
    expect(orders).not.toEqual([...orders].sort((a, b) => a - b))
  })

  test('the price of a bag never rises with how much coffee a plan sends', () => {
    const weeks = { weekly: 1, fortnightly: 2, fourWeekly: 4 } as const
    const byVolume = [...PLANS].sort((a, b) => a.bags / weeks[a.delivery] - b.bags / weeks[b.delivery])
    const perBag = byVolume.map((plan) => plan.amount / plan.bags)
    expect(perBag).toEqual([...perBag].sort((a, b) => b - a))
  })

  test('no plan advertises a grind or roast in free text: what can be chosen comes from its lists', () => {
    for (const plan of PLANS) {
      expect(plan.features.join(' ')).not.toMatch(/grind|ground|bean|roast|espresso|filter|moka|french/i)
      expect(plan.grinds.length).toBeGreaterThan(0)
      expect(plan.roasts.length).toBeGreaterThan(0)
    }
  })

  test('getSubscriptionPlans works without a token and ignores the instance segment', async () => {
    const res = await call<SubscriptionPlan[]>(backend, 'GET', `/${P}/CALL/Account/getSubscriptionPlans/whatever`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(plansJson)
    expect((await call(backend, 'GET', `/${P}/CALL/Account/getSubscriptionPlans`)).status).toBe(200)
  })

  test('selectPlan: owner only, planId must be a known plan', async () => {
    const { token, accountId } = await sessions(backend).customer('fay@example.com')
    const url = (t?: string) => `/${P}/CALL/Account/selectPlan/${accountId}${t ? `?_token=${t}` : ''}`
    expect((await call(backend, 'POST', url(), { planId: 'taster' })).status).toBe(401)
    expect((await call(backend, 'POST', url(anon), { planId: 'taster' })).status).toBe(403)
    const other = await sessions(backend).customer('gus@example.com')
    expect((await call(backend, 'POST', url(other.token), { planId: 'taster' })).status).toBe(403)
    expect((await call(backend, 'POST', url(token), { planId: 42 })).body).toMatchObject({ code: 'VALIDATION' })
    const unknown = await call(backend, 'POST', url(token), { planId: 'espresso-ultra' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ code: 'UNKNOWN_PLAN', message: 'There is no plan "espresso-ultra"' })
    const noAddress = await call(backend, 'POST', url(token), { planId: 'taster' })
    expect(noAddress.body).toMatchObject({ code: 'NO_DELIVERY_ADDRESS' })
    await call(backend, 'POST', `/${P}/CALL/Account/setDeliveryAddress/${accountId}?_token=${token}`, TEST_ADDRESS)
    expect((await call(backend, 'POST', url(token), { planId: 'taster' })).body).toMatchObject({ code: 'NO_PAYMENT_METHOD' })
    await savePaymentMethod((name, body) => call(backend, 'POST', `/${P}/CALL/Account/${name}/${accountId}?_token=${token}`, body))
    const ok = await call(backend, 'POST', url(token), { planId: 'taster' })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ plan: 'taster', status: 'active', planChangedAt: new Date(clock).toISOString() })
  })
})

describe('mirror', () => {
  test('every state change is published, the customer\'s fields in their user state only', async () => {
    const { accountId } = await sessions(backend).customer('hal@example.com')
    const forAccount = published.filter((c) => c.instanceId === accountId)
    // INIT, sendOtp, verifyOtp
    expect(forAccount).toHaveLength(3)
    for (const change of forAccount) {
      expect(change).toMatchObject({ projectId: P, classId: 'Account', state: { public: {} } })
      expect(JSON.stringify(change.state.public)).not.toContain('hal@')
    }
    expect(forAccount.at(-1)?.state.user[userIdFor('hal@example.com')]).toMatchObject({ email: 'hal@example.com', lastSignInAt: expect.any(String) })
    const merged = await call(backend, 'POST', `/__dev/state/Account/${accountId}`, { banner: 'Free shipping this week' })
    expect(merged.body).toEqual({ public: { banner: 'Free shipping this week' } })
    expect(published.at(-1)?.state.public).toMatchObject({ banner: 'Free shipping this week' })
  })

  test('a GET of an existing instance or a refused call publishes nothing', async () => {
    const id = await accountFor('ida@example.com')
    const count = published.length
    await accountFor('IDA@example.com')
    await verify(id, { code: 'nope' })
    expect(published).toHaveLength(count)
  })
})
