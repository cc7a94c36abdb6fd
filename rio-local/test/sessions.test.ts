/**
 * Session tokens with the real SDK and short TTLs: refresh through the SDK's 30 s margin, expiry,
 * wrong project and bad signatures (401 JSON), custom-token lifetime.
 */
import { RetterAuthStatus } from '@retter/sdk'
import { signJwt } from '../auth/jwt'
import { accountByEmail, createSdk, decodeJwt, disposeSdk, raw, signInWithOtp, startTestServer, tokenAnswers, type TestServer } from './harness'

// These tests start servers and talk to the emulator; a machine busy with other suites can be slow.
jest.setTimeout(30_000)

const PROJECT = 'conf-sessions'

describe('refresh with short TTLs', () => {
  let ts: TestServer
  beforeAll(async () => {
    // Access tokens of 20 s are always inside the SDK's 30 s margin, so every action refreshes first.
    ts = await startTestServer({ projectId: PROJECT, accessTokenTtlSeconds: 20, refreshTokenTtlSeconds: 120 })
  })
  afterAll(() => ts.close())

  test('the SDK refreshes before an action and the new tokens work', async () => {
    const sdk = createSdk(PROJECT, ts.host)
    await signInWithOtp(sdk, ts.origin, 'refresh.me@example.com')
    const signedIn = tokenAnswers(ts.exchanges, 'authWithCustomToken').at(-1)
    const before = tokenAnswers(ts.exchanges, 'refreshToken').length

    const plans = await sdk.getCloudObject({ classId: 'Account', instanceId: 'static', useLocal: true })
    const res = await plans.call({ method: 'getSubscriptionPlans' })
    expect(res.status).toBe(200)

    const refreshed = tokenAnswers(ts.exchanges, 'refreshToken')
    expect(refreshed.length).toBeGreaterThan(before)
    const latest = refreshed.at(-1)
    expect(latest?.accessToken).not.toBe(signedIn?.accessToken)
    const claims = decodeJwt(latest?.accessToken as string)
    expect(claims).toMatchObject({ identity: 'enduser', anonymous: false, claims: { email: 'refresh.me@example.com' } })
    expect((claims.exp as number) - (claims.iat as number)).toBe(20)
    // The call after the refresh carried the new access token.
    const lastCall = ts.exchanges.filter((e) => e.url.includes('/CALL/Account/getSubscriptionPlans/')).at(-1)
    expect(lastCall?.url).toContain(`_token=${latest?.accessToken}`)
    await disposeSdk(sdk, PROJECT)
  })

  test('refresh with a refresh token of another user, or an access token, is 401', async () => {
    const anon = await raw<{ response: { accessToken: string; refreshToken: string } }>(ts.origin, 'GET', `/root/INSTANCE/ProjectUser?projectId=${PROJECT}`)
    const { accessToken, refreshToken } = anon.body.response
    const userId = decodeJwt(refreshToken).userId as string
    const wrongUser = await raw(ts.origin, 'GET', `/root/CALL/ProjectUser/refreshToken/${PROJECT}_someone?refreshToken=${refreshToken}`)
    expect(wrongUser.status).toBe(401)
    const accessAsRefresh = await raw(ts.origin, 'GET', `/root/CALL/ProjectUser/refreshToken/${PROJECT}_${userId}?refreshToken=${accessToken}`)
    expect(accessAsRefresh.status).toBe(401)
    expect(accessAsRefresh.body).toMatchObject({ code: 'TOKEN_INVALID' })
    const ok = await raw(ts.origin, 'GET', `/root/CALL/ProjectUser/refreshToken/${PROJECT}_${userId}?refreshToken=${refreshToken}`)
    expect(ok.status).toBe(200)
  })
})

describe('token verification on every call', () => {
  let ts: TestServer
  let clockOffsetMs = 0
  beforeAll(async () => {
    ts = await startTestServer({ projectId: PROJECT, now: () => Date.now() + clockOffsetMs })
  })
  afterAll(() => ts.close())
  afterEach(() => {
    clockOffsetMs = 0
  })

  async function anonymousTokens() {
    const res = await raw<{ response: { accessToken: string; refreshToken: string } }>(ts.origin, 'GET', `/root/INSTANCE/ProjectUser?projectId=${PROJECT}`)
    return res.body.response
  }
  const plansWith = (token: string) => raw(ts.origin, 'POST', `/${PROJECT}/CALL/Account/getSubscriptionPlans/static?_token=${encodeURIComponent(token)}`)

  test('a valid token is served', async () => {
    expect((await plansWith((await anonymousTokens()).accessToken)).status).toBe(200)
  })

  test('an expired access token is 401 TOKEN_EXPIRED', async () => {
    const { accessToken } = await anonymousTokens()
    clockOffsetMs = 16 * 60 * 1000
    const res = await plansWith(accessToken)
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ code: 'TOKEN_EXPIRED', message: expect.stringContaining('expired') })
  })

  test('a token signed with another secret is 401 TOKEN_INVALID', async () => {
    const { accessToken } = await anonymousTokens()
    const forged = await signJwt(decodeJwt(accessToken) as { iat: number; exp: number }, 'not-the-backend-secret-at-all')
    const res = await plansWith(forged)
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 'TOKEN_INVALID' })
  })

  test('alg "none" and garbage tokens are 401', async () => {
    const { accessToken } = await anonymousTokens()
    const [, payload] = accessToken.split('.')
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    expect((await plansWith(none)).status).toBe(401)
    expect((await plansWith('garbage')).status).toBe(401)
  })

  test("a token of another project (same secret) is 401 TOKEN_WRONG_PROJECT", async () => {
    const { accessToken } = await anonymousTokens()
    const claims = decodeJwt(accessToken) as { iat: number; exp: number }
    const otherProject = await signJwt({ ...claims, projectId: 'another-project' }, ts.backend.secret)
    const res = await plansWith(otherProject)
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 'TOKEN_WRONG_PROJECT' })
  })

  test('custom tokens live 60 s: an older one gives AUTH_FAILED through the SDK', async () => {
    const sdk = createSdk(PROJECT, ts.host)
    const email = 'slow.clicker@example.com'
    const account = await accountByEmail(sdk, email)
    await account.call({ method: 'sendOtp' })
    const outbox = await raw<Array<{ code: string }>>(ts.origin, 'GET', `/__dev/outbox?to=${encodeURIComponent(email)}`)
    const verified = await account.call<{ data: { customToken: string } }>({ method: 'verifyOtp', body: { code: outbox.body[0]?.code } })
    clockOffsetMs = 61 * 1000
    const status = await sdk.authenticateWithCustomToken(verified.data.data.customToken)
    expect(status.authStatus).toBe(RetterAuthStatus.AUTH_FAILED)
    expect(status.message).toMatchObject({ code: 'TOKEN_EXPIRED' })
    await disposeSdk(sdk, PROJECT)
  })

  test('the anonymous-token call answers 404 for another project', async () => {
    const res = await raw(ts.origin, 'GET', '/root/INSTANCE/ProjectUser?projectId=someone-elses')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: 'PROJECT_NOT_FOUND' })
  })
})
