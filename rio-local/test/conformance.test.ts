/**
 * Conformance: the real @retter/sdk 0.4.0 in Node drives the backend over HTTP through every call
 * of the protocol the SDK speaks (session calls, INSTANCE, CALL, STATE, LIST, GET bodies, 570 retries,
 * 400/401/403), with the Firebase Auth routes and the Firestore mirror in place.
 */
import type Retter from '@retter/sdk'
import { RetterAuthStatus, type RetterCloudObject } from '@retter/sdk'
import type { AccountUserState, SubscriptionPlan } from '../../lib/contract'
import { TEST_ADDRESS } from './address'
import { savePaymentMethod } from './payments'
import { accountIdFor, awsIdFor, userIdFor } from './ids'
import { composeProject } from './projects'
import { accountByEmail, createSdk, decodeJwt, disposeSdk, latestOtp, raw, rejection, signInWithOtp, startTestServer, tokenAnswers, type TestServer } from './harness'

// These tests start servers and talk to the emulator; a machine busy with other suites can be slow.
jest.setTimeout(30_000)

const PROJECT = 'conf-sdk'
const EMAIL = 'Jane.Doe+coffee@Example.com'
const NORMALISED = 'jane.doe+coffee@example.com'

let ts: TestServer
let sdk: Retter

const project = composeProject({ fixtureClasses: ['Counter'] })

beforeAll(async () => {
  ts = await startTestServer({ projectId: PROJECT, projectDir: project.dir, liveState: true })
  sdk = createSdk(PROJECT, ts.host)
})

afterAll(async () => {
  await disposeSdk(sdk, PROJECT)
  await ts.close()
})

const countRequests = (pattern: RegExp, status?: number) =>
  ts.exchanges.filter((e) => pattern.test(e.url) && (status === undefined || e.status === status)).length

describe('anonymous session and STATIC calls', () => {
  test('the first action fetches an anonymous token (SIGNED_IN_ANONYM, identity anonymous)', async () => {
    const status = await sdk.signInAnonymously()
    expect(status.authStatus).toBe(RetterAuthStatus.SIGNED_IN_ANONYM)
    expect(status.identity).toBe('anonymous')
    const user = await sdk.getCurrentUser()
    expect(user).toMatchObject({ projectId: PROJECT, anonymous: true, identity: 'anonymous' })
    const [tokens] = tokenAnswers(ts.exchanges, 'INSTANCE/ProjectUser')
    expect(tokens).toMatchObject({ firebase: { apiKey: 'test-api-key', projectId: `demo-${PROJECT}` } })
  })

  test('getSubscriptionPlans is STATIC: any instance segment works, plans come in file order', async () => {
    const plansObject = await sdk.getCloudObject({ classId: 'Account', instanceId: 'static', useLocal: true })
    const res = await plansObject.call<SubscriptionPlan[]>({ method: 'getSubscriptionPlans' })
    expect(res.status).toBe(200)
    expect(res.data.length).toBeGreaterThanOrEqual(3)
    expect(res.data.filter((p) => p.recommended)).toHaveLength(1)
    const orders = res.data.map((p) => p.sortOrder)
    expect(orders).not.toEqual([...orders].sort((a, b) => a - b))
    const other = await sdk.getCloudObject({ classId: 'Account', instanceId: 'anything-at-all', useLocal: true })
    expect((await other.call<SubscriptionPlan[]>({ method: 'getSubscriptionPlans' })).data).toEqual(res.data)
  })
})

describe('OTP sign-in through the SDK', () => {
  let account: RetterCloudObject
  let customToken: string

  test('sendOtp, verifyOtp and authWithCustomToken end SIGNED_IN with the e-mail in claims', async () => {
    const result = await signInWithOtp(sdk, ts.origin, EMAIL)
    account = result.account
    customToken = result.customToken
    expect(account.instanceId).toBe(accountIdFor(NORMALISED))
    expect(result.status).toMatchObject({ authStatus: RetterAuthStatus.SIGNED_IN, identity: 'enduser', uid: userIdFor(NORMALISED) })
    expect(decodeJwt(result.customToken)).toMatchObject({ userId: userIdFor(NORMALISED), identity: 'enduser', claims: { email: NORMALISED } })
    expect(await sdk.getCurrentUser()).toMatchObject({ anonymous: false, identity: 'enduser', claims: { email: NORMALISED } })
    // The SDK put the custom token's userId into the path.
    expect(countRequests(new RegExp(`/root/CALL/ProjectUser/authWithCustomToken/${PROJECT}_${userIdFor(NORMALISED)}\\?`), 200)).toBe(1)
  })

  test('a used code and a used custom token are refused (AUTH_FAILED with the server message)', async () => {
    const { code } = await latestOtp(ts.origin, NORMALISED)
    const again = await account.call({ method: 'verifyOtp', body: { code } })
    expect(again.data).toMatchObject({ success: false, error: { code: 'NO_CODE' } })
    const sessions = tokenAnswers(ts.exchanges, 'authWithCustomToken').length
    const status = await sdk.authenticateWithCustomToken(customToken)
    expect(status.authStatus).toBe(RetterAuthStatus.AUTH_FAILED)
    expect(status.message).toEqual({ code: 'TOKEN_USED', message: 'The custom token has already been used' })
    expect(tokenAnswers(ts.exchanges, 'authWithCustomToken')).toHaveLength(sessions)
  })

  test('a forged custom token gives AUTH_FAILED and leaves the session alone', async () => {
    const [header, , signature] = customToken.split('.')
    const forged = Buffer.from(
      JSON.stringify({ projectId: PROJECT, userId: 'usr_attacker', identity: 'enduser', kind: 'custom', jti: 'x', claims: {}, anonymous: false, iat: 1, exp: 9999999999 }),
    ).toString('base64url')
    const status = await sdk.authenticateWithCustomToken(`${header}.${forged}.${signature}`)
    expect(status.authStatus).toBe(RetterAuthStatus.AUTH_FAILED)
    expect(status.message).toMatchObject({ code: 'TOKEN_INVALID' })
    expect(await sdk.getCurrentUser()).toMatchObject({ identity: 'enduser' })
  })

  test('INSTANCE by id, by lookup key (with + and . encoded) and by body give the same Account', async () => {
    const byId = await sdk.getCloudObject({ classId: 'Account', instanceId: accountIdFor(NORMALISED) })
    expect(byId.isNewInstance).toBe(false)
    const byKey = await accountByEmail(sdk, 'JANE.DOE+coffee@example.com ')
    expect(byKey.instanceId).toBe(accountIdFor(NORMALISED))
    const byBody = await sdk.getCloudObject({ classId: 'Account', body: { email: NORMALISED } })
    expect(byBody.instanceId).toBe(accountIdFor(NORMALISED))
    expect(byBody.isNewInstance).toBe(false)
    expect(byBody.methods.map((m) => m.name)).toEqual(expect.arrayContaining(['sendOtp', 'verifyOtp', 'getSubscriptionPlans', 'selectPlan']))
  })

  test('INSTANCE with body creates the AWS object once, with public state and no secrets', async () => {
    const aws = await sdk.getCloudObject({ classId: 'AWS', body: { email: EMAIL } })
    expect(aws.instanceId).toBe(awsIdFor(NORMALISED))
    expect(aws.isNewInstance).toBe(true)
    const again = await sdk.getCloudObject({ classId: 'AWS', body: { email: NORMALISED } })
    expect(again.isNewInstance).toBe(false)
    const state = await aws.getState()
    expect(state.data.public).toMatchObject({ status: 'active', region: 'eu-west-1' })
    expect(state.data.user[userIdFor(NORMALISED)]).toMatchObject({ email: NORMALISED })
    expect(JSON.stringify(state.data.public)).not.toMatch(/secret|password|key|jane/i)
  })

  test('CALL selectPlan changes the public state STATE returns; STATE never shows private state', async () => {
    await account.call({ method: 'setDeliveryAddress', body: TEST_ADDRESS })
    // A subscription starts only with a saved payment method (a card, through the Account's own methods).
    await savePaymentMethod((method: string, body?: unknown) => account.call({ method, body }).then((r) => ({ status: r.status, body: r.data })))
    const res = await account.call<{ plan: string }>({ method: 'selectPlan', body: { planId: 'daily-grind' } })
    expect(res.data.plan).toBe('daily-grind')
    const state = await account.getState()
    // The customer's fields are in their own user state; public state holds nothing of theirs.
    const pub = state.data.user[userIdFor(NORMALISED)] as unknown as AccountUserState
    expect(JSON.stringify(state.data.public)).not.toContain('jane')
    expect(pub).toMatchObject({ email: NORMALISED, plan: 'daily-grind' })
    expect(Date.parse(pub.memberSince)).not.toBeNaN()
    expect(Date.parse(pub.lastSignInAt)).not.toBeNaN()
    expect(state.data.private).toEqual({})
  })

  test('a GET call carries its body as base64 `data` with __isbase64', async () => {
    const res = await account.call<{ plan: string }>({ method: 'selectPlan', httpMethod: 'get', body: { planId: 'barista' } })
    expect(res.data.plan).toBe('barista')
    const last = ts.exchanges.filter((e) => e.url.includes('/CALL/Account/selectPlan/')).at(-1)
    expect(last?.method).toBe('GET')
    expect(last?.url).toMatch(/[?&]__isbase64=true/)
    expect(last?.url).toMatch(/[?&]data=/)
  })

  test('LIST answers the instance ids the caller owns', async () => {
    expect(await account.listInstances()).toEqual([accountIdFor(NORMALISED)])
  })

  test('live state: public and user state reach the SDK subscriptions through the Firestore emulator', async () => {
    const seen: Array<Record<string, unknown>> = []
    const seenUser: Array<Record<string, unknown>> = []
    // An object fetched before the sign-in is dropped from the SDK's bookkeeping by it, so its
    // listener would outlive sign-out; the app (and this test) fetch again once signed in.
    const live = await accountByEmail(sdk, EMAIL)
    const subscriptions = [
      live.state?.public.subscribe((s: Record<string, unknown>) => seen.push(s)),
      live.state?.user.subscribe((s: Record<string, unknown>) => seenUser.push(s)),
    ]
    try {
      // As the app does (lib/rio/account-api.ts): change only once the listeners have their first
      // snapshot. The emulator corrupts a listener's stream when a write to its document lands while
      // that snapshot is being sent, and Firebase waits 30-60 s before listening again.
      await waitUntil(() => seenUser.length > 0 && seen.length > 0, 15_000)
      await account.call({ method: 'selectPlan', body: { planId: 'taster' } })
      await waitUntil(() => seenUser.some((s) => s.plan === 'taster') && seen.length > 0, 15_000)
      const last = seenUser.at(-1) as Record<string, unknown>
      expect(last.email).toBe(NORMALISED)
      expect(JSON.stringify(seen.at(-1))).not.toContain('jane')
      expect(Object.keys(seen.at(-1) as object).some((k) => k.startsWith('__'))).toBe(false)
    } finally {
      for (const s of subscriptions) s?.unsubscribe()
    }
  }, 30_000)

  test('400 VALIDATION with issues when a body fails the input model', async () => {
    const bad = await rejection(account.call({ method: 'verifyOtp', body: { code: '12ab56' } }))
    expect(bad.response?.status).toBe(400)
    expect(bad.response?.data).toMatchObject({ code: 'VALIDATION' })
    expect(bad.response?.data.issues?.length).toBeGreaterThan(0)
    const unknownPlan = await rejection(account.call({ method: 'selectPlan', body: { planId: 'free-coffee-forever' } }))
    expect(unknownPlan.response?.status).toBe(400)
    expect(unknownPlan.response?.data.code).toBe('UNKNOWN_PLAN')
  })

  test("403 for another customer's Account and AWS", async () => {
    const otherAccount = await accountByEmail(sdk, 'someone.else@example.com')
    const denied = await rejection(otherAccount.getState())
    expect(denied.response?.status).toBe(403)
    expect(denied.response?.data).toMatchObject({ code: 'FORBIDDEN' })
    const aws = await rejection(sdk.getCloudObject({ classId: 'AWS', body: { email: 'someone.else@example.com' } }))
    expect(aws.response?.status).toBe(403)
  })
})

describe('570: WRITE holds a per-instance lock', () => {
  let counter: RetterCloudObject
  beforeAll(async () => {
    counter = await sdk.getCloudObject({ classId: 'Counter' })
  })

  test('a concurrent WRITE gets 570 and the SDK retries until it succeeds', async () => {
    const before = countRequests(/\/CALL\/Counter\/increment\//, 570)
    const slow = counter.call<{ count: number }>({ method: 'increment', body: { holdMs: 120 } })
    await sleep(20)
    const fast = await counter.call<{ count: number }>({ method: 'increment' })
    expect((await slow).data.count).toBe(1)
    expect(fast.data.count).toBe(2)
    expect(countRequests(/\/CALL\/Counter\/increment\//, 570) - before).toBeGreaterThanOrEqual(1)
  })

  test('READ runs while a WRITE holds the lock, and its state changes are discarded', async () => {
    const slow = counter.call({ method: 'increment', body: { holdMs: 150 } })
    await sleep(20)
    const peek = await counter.call<{ ok: boolean }>({ method: 'peek' })
    expect(peek.status).toBe(200)
    await slow
    expect((await counter.getState()).data.public).toMatchObject({ count: 3 })
  })

  test('the SDK gives up after 3 attempts when the instance stays busy', async () => {
    const before = countRequests(/\/CALL\/Counter\/increment\//, 570)
    const slow = counter.call({ method: 'increment', body: { holdMs: 1500 } })
    await sleep(20)
    const busy = await rejection(counter.call({ method: 'increment', retryConfig: { count: 3, delay: 50, rate: 1.5 } }))
    expect(busy.response?.status).toBe(570)
    expect(busy.response?.data).toMatchObject({ code: 'INSTANCE_BUSY' })
    expect(countRequests(/\/CALL\/Counter\/increment\//, 570) - before).toBe(3)
    await slow
  })

  test('state changes persist when a method answers 4xx', async () => {
    const refused = await rejection(counter.call({ method: 'incrementThenRefuse' }))
    expect(refused.response?.status).toBe(409)
    expect((await counter.getState()).data.public).toMatchObject({ count: 5 })
  })
})

describe('sign-out', () => {
  test('the sign-out call revokes the session: its refresh and access tokens stop working', async () => {
    const answers = tokenAnswers(ts.exchanges, 'authWithCustomToken')
    const session = answers.at(-1) as { accessToken: string; refreshToken: string }
    const userId = decodeJwt(session.accessToken).userId as string
    await sdk.signOut()
    expect(countRequests(new RegExp(`/root/CALL/ProjectUser/signOut/${PROJECT}_${userId}\\?`), 200)).toBe(1)
    const refresh = await raw(ts.origin, 'GET', `/root/CALL/ProjectUser/refreshToken/${PROJECT}_${userId}?refreshToken=${session.refreshToken}`)
    expect(refresh.status).toBe(401)
    expect(refresh.body).toMatchObject({ code: 'TOKEN_REVOKED' })
    const state = await raw(ts.origin, 'POST', `/${PROJECT}/STATE/Account/${accountIdFor(NORMALISED)}?_token=${session.accessToken}`)
    expect(state.status).toBe(401)
    // The SDK is signed out: the next action starts a new anonymous session.
    expect((await sdk.signInAnonymously()).authStatus).toBe(RetterAuthStatus.SIGNED_IN_ANONYM)
  })
})

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}

async function waitUntil(predicate: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`)
    await sleep(50)
  }
}

afterAll(() => project.remove())
