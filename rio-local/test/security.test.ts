/**
 * Security regressions: each test is one attack on the running product (the local runtime running
 * the real classes), asserting what the attacker gets. Time is jest's fake `Date` (./clock), so the
 * hour-long limits are checked without waiting.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend } from '../app'
import { loadConfig } from '../config'
import { silentLogger } from '../logger'
import type { BackendResponse } from '../runtime/wire-types'
import { clientAddressHeaders } from '../runtime/http/client-address'
import { startServer, type RunningServer } from '../runtime/http/server'
import { fakeDate } from './clock'
import { accountIdFor } from './ids'

const P = 'security-tests'
const FIREBASE_KEY = 'local-dev-key'
const HOUR = 3600_000

interface Reply<T = Record<string, unknown>> {
  status: number
  body: T
  headers: Record<string, string>
}

let backend: Backend
let time: ReturnType<typeof fakeDate>

beforeEach(async () => {
  time = fakeDate(Date.parse('2026-03-01T09:00:00Z'))
  // These tests count sign-in codes per source over many addresses; how many Accounts one source
  // may create is creation-limit.test.ts's subject, so it is lifted here.
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, firebaseAuth: true, projectEnv: { ACCOUNT_CREATIONS_PER_HOUR: '1000000' } })
})
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})

function parse(res: BackendResponse): unknown {
  try {
    return JSON.parse(res.body)
  } catch {
    return res.body
  }
}

/** One request through `backend.handle`, from `ip` (the TCP peer the HTTP adapter would pass). */
async function send<T = Record<string, unknown>>(
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<Reply<T>> {
  const res = await backend.handle({
    method,
    url,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    remoteAddress: options.ip ?? '203.0.113.7',
  })
  return { status: res.status, body: parse(res) as T, headers: res.headers }
}

const dev = { 'x-rio-dev': '1' }

async function anonymousToken(ip?: string): Promise<string> {
  const res = await send<{ response: { accessToken: string } }>('GET', `/root/INSTANCE/ProjectUser?projectId=${P}`, { ip })
  return res.body.response.accessToken
}

async function accountFor(email: string, token: string, ip?: string): Promise<string> {
  const res = await send<{ instanceId: string }>('POST', `/${P}/INSTANCE/Account?_token=${token}`, { ip, body: { email } })
  expect(res.status).toBe(200)
  return res.body.instanceId
}

const sendOtp = (id: string, token: string, ip?: string) =>
  send<{ code?: string; message?: string; retryAfterSeconds?: number }>('POST', `/${P}/CALL/Account/sendOtp/${id}?_token=${token}`, { ip })
const verifyOtp = (id: string, token: string, code: string, ip?: string) =>
  send<{ success?: boolean; code?: string; message?: string; retryAfterSeconds?: number; error?: { code: string }; data?: { customToken: string } }>(
    'POST',
    `/${P}/CALL/Account/verifyOtp/${id}?_token=${token}`,
    { body: { code }, ip },
  )

async function newestCode(email: string): Promise<string> {
  const res = await send<Array<{ code: string }>>('GET', `/__dev/outbox?to=${encodeURIComponent(email)}`, { headers: dev })
  return res.body[0]?.code as string
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

interface Tokens {
  accessToken: string
  refreshToken: string
  firebase: { customToken: string }
}

/** A full OTP sign-in; answers the customer's token data. */
async function signIn(email: string): Promise<{ tokens: Tokens; userId: string }> {
  const anon = await anonymousToken()
  const id = await accountFor(email, anon)
  expect((await sendOtp(id, anon)).status).toBe(200)
  const verified = await verifyOtp(id, anon, await newestCode(email))
  const customToken = verified.body.data?.customToken as string
  const userId = JSON.parse(Buffer.from(customToken.split('.')[1] as string, 'base64url').toString()).userId as string
  const tokens = await send<Tokens>('GET', `/root/CALL/ProjectUser/authWithCustomToken/${P}_${userId}?customToken=${customToken}`)
  expect(tokens.status).toBe(200)
  return { tokens: tokens.body, userId }
}

function expectLimit(res: Reply<{ code?: string; message?: string; retryAfterSeconds?: number }>, code: string, retryAfterSeconds: number) {
  expect(res.status).toBe(429)
  expect(res.body).toEqual({ code, message: expect.any(String), retryAfterSeconds })
  expect(res.headers['retry-after']).toBe(String(retryAfterSeconds))
}

describe('code guessing is capped per e-mail and source, whatever the resends', () => {
  test('resending cannot buy more guesses: after 10 failed checks in an hour from one source even the right code is refused there', async () => {
    const anon = await anonymousToken()
    const id = await accountFor('victim@example.com', anon)
    let guesses = 0
    for (let round = 0; round < 2; round++) {
      expect((await sendOtp(id, anon)).status).toBe(200)
      const code = await newestCode('victim@example.com')
      for (let i = 0; i < 5; i++) {
        const res = await verifyOtp(id, anon, wrong(code))
        expect(res.status).toBe(200)
        guesses++
      }
      time.advance(30_000)
    }
    expect(guesses).toBe(10)
    expect((await sendOtp(id, anon)).status).toBe(200)
    const right = await newestCode('victim@example.com')
    const refused = await verifyOtp(id, anon, right)
    // The first failed check was 60 s ago: the rolling hour frees a check in 59 minutes.
    expectLimit(refused, 'EMAIL_CHECK_LIMIT', 3540)
    expect(refused.body.message).toBe('Too many wrong codes were entered for this e-mail from your network. Sign-in from it is paused: try again in 59 minutes.')
    // Still refused just before the oldest failure leaves the hour; a new code works once it has.
    time.advance(3540_000 - 1000)
    const later = await anonymousToken()
    expect((await verifyOtp(id, later, right)).status).toBe(429)
    time.advance(1000)
    expect((await sendOtp(id, later)).status).toBe(200)
    expect((await verifyOtp(id, later, await newestCode('victim@example.com'))).body).toMatchObject({ success: true })
  })

  test('once the oldest failures leave the rolling hour, checks are allowed again', async () => {
    const anon = await anonymousToken()
    const id = await accountFor('patient@example.com', anon)
    for (let round = 0; round < 2; round++) {
      await sendOtp(id, anon)
      const code = await newestCode('patient@example.com')
      for (let i = 0; i < 5; i++) await verifyOtp(id, anon, wrong(code))
      time.advance(30_000)
    }
    time.advance(HOUR)
    const later = await anonymousToken()
    expect((await sendOtp(id, later)).status).toBe(200)
    expect((await verifyOtp(id, later, await newestCode('patient@example.com'))).body).toMatchObject({ success: true })
  })

  test('at most 5 codes are sent to one e-mail per hour', async () => {
    const anon = await anonymousToken()
    const id = await accountFor('inbox@example.com', anon)
    for (let i = 0; i < 5; i++) {
      expect((await sendOtp(id, anon)).status).toBe(200)
      time.advance(30_000)
    }
    // The first code went out 150 s ago.
    expectLimit(await sendOtp(id, anon), 'EMAIL_SEND_LIMIT', 3450)
    const sent = await send<unknown[]>('GET', '/__dev/outbox?to=inbox%40example.com', { headers: dev })
    expect(sent.body).toHaveLength(5)
    time.advance(3450_000)
    expect((await sendOtp(id, await anonymousToken())).status).toBe(200)
  })
})

describe('wrong codes from elsewhere never lock the owner out cheaply', () => {
  const ATTACKER = '198.51.100.66'
  const OWNER = '203.0.113.50'

  /** `n` wrong checks of the current code from `ip`, a new code (from the attacker) every 5. */
  async function guess(id: string, _anon: string, email: string, ip: string, n: number): Promise<Array<Reply<{ code?: string }>>> {
    // Hours pass in these tests: a fresh anonymous session each time (access tokens last 15 minutes).
    const anon = await anonymousToken(ip)
    const answers: Array<Reply<{ code?: string }>> = []
    for (let i = 0; i < n; i++) {
      if (i % 5 === 0) {
        time.advance(30_000)
        await sendOtp(id, anon, ip)
      }
      answers.push(await verifyOtp(id, anon, wrong(await newestCode(email)), ip))
    }
    return answers
  }

  test('10 wrong codes from one source block that source only: the owner elsewhere signs in with the right code', async () => {
    const anon = await anonymousToken()
    const id = await accountFor('owner@example.com', anon)
    const answers = await guess(id, anon, 'owner@example.com', ATTACKER, 11)
    expect(answers.slice(0, 10).every((a) => a.status === 200)).toBe(true)
    expect(answers[10]?.status).toBe(429)
    expect(answers[10]?.body).toMatchObject({ code: 'EMAIL_CHECK_LIMIT' })
    time.advance(30_000)
    expect((await sendOtp(id, anon, OWNER)).status).toBe(200)
    expect((await verifyOtp(id, anon, await newestCode('owner@example.com'), OWNER)).body).toMatchObject({ success: true })
  })

  test("wrong codes from elsewhere do not use up the owner's code (5 tries per code count per source)", async () => {
    const anon = await anonymousToken()
    const id = await accountFor('voided@example.com', anon)
    expect((await sendOtp(id, anon, OWNER)).status).toBe(200)
    const code = await newestCode('voided@example.com')
    for (let i = 0; i < 6; i++) await verifyOtp(id, anon, wrong(code), ATTACKER)
    expect((await verifyOtp(id, anon, code, ATTACKER)).body).toMatchObject({ success: false })
    expect((await verifyOtp(id, anon, code, OWNER)).body).toMatchObject({ success: true })
  })

  test('another address in the same IPv6 /64, another 127.x address or the IPv4-mapped form is the same source', async () => {
    for (const [first, second] of [
      ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe'],
      ['127.0.0.1', '127.3.4.5'],
      ['198.51.100.77', '::ffff:198.51.100.77'],
      ['::1', '127.0.0.1'],
    ] as const) {
      const anon = await anonymousToken()
      const email = `same-source-${first.replace(/[^0-9a-f]/g, '')}@example.com`
      const id = await accountFor(email, anon)
      await guess(id, anon, email, first, 10)
      const refused = await verifyOtp(id, anon, '123456', second)
      expect([first, second, refused.status, refused.body.code]).toEqual([first, second, 429, 'EMAIL_CHECK_LIMIT'])
      time.advance(HOUR)
    }
    // The next /64 is another source.
    const anon = await anonymousToken()
    const id = await accountFor('next-net@example.com', anon)
    await guess(id, anon, 'next-net@example.com', '2001:db8:1:2::1', 10)
    expect((await verifyOtp(id, anon, '123456', '2001:db8:1:3::1')).status).toBe(200)
  })

  test('the per-IP budgets count an IPv6 /64 and 127.0.0.0/8 as one source', async () => {
    const anon = await anonymousToken()
    for (let i = 0; i < 30; i++) {
      const id = await accountFor(`v6spray${i}@example.com`, anon)
      expect((await sendOtp(id, anon, `2001:db8:9:9::${(i + 1).toString(16)}`)).status).toBe(200)
    }
    const next = await accountFor('v6spray30@example.com', anon)
    expect((await sendOtp(next, anon, '2001:db8:9:9:1:2:3:4')).body).toMatchObject({ code: 'IP_SEND_LIMIT' })
    expect((await sendOtp(next, anon, '2001:db8:9:a::1')).status).toBe(200)
  })

  test('per e-mail, at most 100 failed checks a day across all sources, at most 20 from any one: 5 sources to lock it, not 1', async () => {
    const id = await accountFor('target@example.com', await anonymousToken())
    // One source alone: 10 in an hour, then after the hour 10 more, then its day is spent.
    const source = (n: number) => `198.51.${100 + n}.1`
    await guess(id, '', 'target@example.com', source(0), 10)
    time.advance(HOUR)
    await guess(id, '', 'target@example.com', source(0), 10)
    time.advance(HOUR)
    expect((await verifyOtp(id, await anonymousToken(), '123456', source(0))).body).toMatchObject({ code: 'EMAIL_CHECK_LIMIT' })
    // The owner is not affected by it.
    const owner = await anonymousToken()
    expect((await sendOtp(id, owner, OWNER)).status).toBe(200)
    expect((await verifyOtp(id, owner, await newestCode('target@example.com'), OWNER)).body).toMatchObject({ success: true })
    // Four more sources with their whole day's budget reach 100: now every source waits.
    for (let n = 1; n <= 4; n++) {
      await guess(id, '', 'target@example.com', source(n), 10)
      time.advance(HOUR)
      await guess(id, '', 'target@example.com', source(n), 10)
    }
    // A network the owner never signed in from now waits...
    const locked = await verifyOtp(id, await anonymousToken(), '123456', '203.0.113.77')
    expect(locked.status).toBe(429)
    expect(locked.body).toMatchObject({ code: 'EMAIL_CHECK_LIMIT_ALL' })
    expect(locked.body.message).toMatch(/^Too many wrong codes were entered for this e-mail from several networks today\. Sign-in is paused for it: try again in \d+ hours\.$/)
    // ...but the owner's own network, where they signed in before, is not locked out from elsewhere.
    const home = await anonymousToken()
    time.advance(31_000)
    expect((await sendOtp(id, home, OWNER)).status).toBe(200)
    expect((await verifyOtp(id, home, await newestCode('target@example.com'), OWNER)).body).toMatchObject({ success: true })
    time.advance(24 * HOUR)
    const later = await anonymousToken()
    expect((await sendOtp(id, later, '203.0.113.77')).status).toBe(200)
    expect((await verifyOtp(id, later, await newestCode('target@example.com'), '203.0.113.77')).body).toMatchObject({ success: true })
  })
})

describe('per source IP limits (RDK memory)', () => {
  test('sendOtp: 30 an hour from one IP across any number of e-mails; other IPs are not affected', async () => {
    const anon = await anonymousToken()
    for (let i = 0; i < 30; i++) {
      const id = await accountFor(`spray${i}@example.com`, anon)
      expect((await sendOtp(id, anon, '198.51.100.1')).status).toBe(200)
    }
    const next = await accountFor('spray30@example.com', anon)
    const refused = await sendOtp(next, anon, '198.51.100.1')
    // The window is the clock hour: 09:00 -> 10:00.
    expectLimit(refused, 'IP_SEND_LIMIT', 3600)
    expect(refused.body.message).toBe('Too many codes were requested from your network. You can request a new one in 60 minutes.')
    expect((await sendOtp(next, anon, '198.51.100.2')).status).toBe(200)
    time.advance(HOUR)
    const fresh = await anonymousToken()
    const later = await accountFor('spray31@example.com', fresh)
    expect((await sendOtp(later, fresh, '198.51.100.1')).status).toBe(200)
  })

  test('verifyOtp: 60 checks an hour from one IP across any number of e-mails', async () => {
    const anon = await anonymousToken()
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push(await accountFor(`guess${i}@example.com`, anon))
    for (let i = 0; i < 60; i++) {
      const res = await verifyOtp(ids[i % 7] as string, anon, '123456', '198.51.100.9')
      expect(res.status).toBe(200)
    }
    time.advance(600_000)
    expectLimit(await verifyOtp(ids[0] as string, anon, '123456', '198.51.100.9'), 'IP_CHECK_LIMIT', 3000)
    expect((await verifyOtp(ids[0] as string, anon, '123456', '198.51.100.10')).status).toBe(200)
  })

  test('behind the local TLS front, the source is the address the front signed; anyone else writing the header is ignored', async () => {
    const frontSecret = 'front-secret-for-this-test-7Qx2mZ9kLp4Rv8Wc'
    const server = await startServer(backend, { port: 0, logger: silentLogger, frontSecret })
    try {
      const post = async (path: string, headers: Record<string, string>) => {
        const res = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } })
        return { status: res.status, body: (await res.json()) as { code?: string; instanceId?: string } }
      }
      const anon = await anonymousToken()
      const client = '198.51.100.200'
      const signed = clientAddressHeaders(frontSecret, client)
      for (let i = 0; i < 30; i++) {
        const id = await accountFor(`front${i}@example.com`, anon)
        expect((await post(`/${P}/CALL/Account/sendOtp/${id}?_token=${anon}`, signed)).status).toBe(200)
      }
      const id = await accountFor('front30@example.com', anon)
      // The client behind the front has spent its budget...
      expect((await post(`/${P}/CALL/Account/sendOtp/${id}?_token=${anon}`, signed)).body).toMatchObject({ code: 'IP_SEND_LIMIT' })
      // ...which a header without the front's signature neither spends nor claims: it is the TCP peer's.
      const forged = { 'x-rio-client-address': client, 'x-rio-client-address-signature': '0'.repeat(64) }
      expect((await post(`/${P}/CALL/Account/sendOtp/${id}?_token=${anon}`, forged)).status).toBe(200)
      expect(clientAddressHeaders('another-secret-of-the-same-length-0123456789', client)).not.toEqual(signed)
    } finally {
      await server.close()
    }
  })

  test('a forged X-Forwarded-For does not give a new budget: the TCP peer is the source IP', async () => {
    const anon = await anonymousToken()
    for (let i = 0; i < 30; i++) {
      const id = await accountFor(`xff${i}@example.com`, anon)
      const res = await send('POST', `/${P}/CALL/Account/sendOtp/${id}?_token=${anon}`, {
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
        ip: '198.51.100.20',
      })
      expect(res.status).toBe(200)
    }
    const id = await accountFor('xff30@example.com', anon)
    const res = await send('POST', `/${P}/CALL/Account/sendOtp/${id}?_token=${anon}`, { headers: { 'x-forwarded-for': '10.0.1.1' }, ip: '198.51.100.20' })
    expect(res.status).toBe(429)
    expect(res.body).toMatchObject({ code: 'IP_SEND_LIMIT' })
  })
})

describe('dev endpoints and CORS', () => {
  let server: RunningServer
  beforeEach(async () => {
    server = await startServer(backend, { port: 0, logger: silentLogger, allowedOrigins: ['https://localhost:3000'] })
  })
  afterEach(() => server.close())

  test('another origin cannot read answers: no CORS headers for it, on calls and pre-flights', async () => {
    const evil = { origin: 'https://evil.example' }
    const anon = await fetch(`${server.origin}/root/INSTANCE/ProjectUser?projectId=${P}`, { headers: evil })
    expect(anon.status).toBe(200)
    expect(anon.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${server.origin}/${P}/CALL/Account/sendOtp/x`, {
      method: 'OPTIONS',
      headers: { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    // The Firebase Auth emulation echoed any origin on its own.
    const firebase = await fetch(`${server.origin}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${FIREBASE_KEY}`, {
      method: 'POST',
      headers: { ...evil, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(firebase.headers.get('access-control-allow-origin')).toBeNull()
    // The app's own origin still works.
    const own = await fetch(`${server.origin}/root/INSTANCE/ProjectUser?projectId=${P}`, { headers: { origin: 'https://localhost:3000' } })
    expect(own.headers.get('access-control-allow-origin')).toBe('https://localhost:3000')
  })

  test('a web page cannot read the outbox: /__dev sends no CORS headers, even to the app origin, and needs X-Rio-Dev', async () => {
    const outbox = `${server.origin}/__dev/outbox?to=a%40example.com`
    const simple = await fetch(outbox, { headers: { origin: 'https://localhost:3000' } })
    expect(simple.status).toBe(403)
    expect(simple.headers.get('access-control-allow-origin')).toBeNull()
    expect(await simple.json()).toEqual({ code: 'DEV_HEADER_REQUIRED', message: 'Dev endpoints require the request header "X-Rio-Dev: 1"' })
    const preflight = await fetch(outbox, {
      method: 'OPTIONS',
      headers: { origin: 'https://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-rio-dev' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull()
    const tool = await fetch(outbox, { headers: { 'x-rio-dev': '1' } })
    expect(tool.status).toBe(200)
    expect(tool.headers.get('access-control-allow-origin')).toBeNull()
  })

  /** One request with the path sent exactly as written (fetch would resolve dot segments first). */
  function rawRequest(method: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
      })
      req.on('error', reject)
      req.end()
    })
  }

  test.each(['/./__dev/outbox', '/x/../__dev/outbox', '/%2e/__dev/outbox', '/x/%2E%2E/__dev/outbox', '/a/b/.%2e/../__dev/outbox',
    '/a/.b/../../__dev/outbox', '//__dev/outbox', '/__DEV/outbox', '/%5F%5fdev/outbox'])(
    '%s is routed as /__dev, so it gets no CORS headers for the app origin, on the pre-flight and on the call',
    async (path) => {
      const target = `${path}?to=a%40example.com`
      const preflight = await rawRequest('OPTIONS', target, {
        origin: 'https://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-rio-dev',
      })
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
      expect(preflight.headers['access-control-allow-headers']).toBeUndefined()
      const read = await rawRequest('GET', target, { origin: 'https://localhost:3000', 'x-rio-dev': '1' })
      expect(read.status).toBe(200)
      expect(read.headers['access-control-allow-origin']).toBeUndefined()
    },
  )

  test('/__dev through a proxy (X-Forwarded-* headers) is refused, reads and writes alike', async () => {
    for (const header of ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded']) {
      const read = await fetch(`${server.origin}/__dev/outbox?to=a%40example.com`, { headers: { 'x-rio-dev': '1', [header]: 'x' } })
      expect(read.status).toBe(404)
      const write = await fetch(`${server.origin}/__dev/state/Account/acct_1`, {
        method: 'POST',
        headers: { 'x-rio-dev': '1', 'content-type': 'application/json', [header]: 'x' },
        body: '{"a":1}',
      })
      expect(write.status).toBe(404)
    }
  })
})

describe('sessions', () => {
  const refresh = (userId: string, token: string) =>
    send<Tokens & { code?: string }>('GET', `/root/CALL/ProjectUser/refreshToken/${P}_${userId}?refreshToken=${token}`)
  const plans = (accessToken: string) => send('POST', `/${P}/CALL/Account/getSubscriptionPlans/static?_token=${accessToken}`)

  test('refresh tokens rotate; two tabs within 10 s both refresh; a reuse after that revokes the session', async () => {
    const { tokens, userId } = await signIn('rotate@example.com')
    const first = await refresh(userId, tokens.refreshToken)
    expect(first.status).toBe(200)
    expect(first.body.refreshToken).not.toBe(tokens.refreshToken)
    time.advance(9_000)
    const secondTab = await refresh(userId, tokens.refreshToken)
    expect(secondTab.status).toBe(200)
    time.advance(2_000)
    const stolen = await refresh(userId, tokens.refreshToken)
    expect(stolen.status).toBe(401)
    expect(stolen.body).toMatchObject({ code: 'TOKEN_REUSED' })
    // The whole session is gone: the newest tokens of both tabs are refused.
    expect((await plans(first.body.accessToken)).status).toBe(401)
    expect((await refresh(userId, first.body.refreshToken)).status).toBe(401)
    expect((await refresh(userId, secondTab.body.refreshToken)).status).toBe(401)
  })

  test('one refresh token redeemed 50 times within the reuse interval answers one successor pair: the session never forks', async () => {
    const { tokens, userId } = await signIn('fork@example.com')
    const answers = await Promise.all(Array.from({ length: 50 }, () => refresh(userId, tokens.refreshToken)))
    time.advance(9_000)
    answers.push(await refresh(userId, tokens.refreshToken))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(new Set(answers.map((a) => a.body.refreshToken)).size).toBe(1)
    expect(new Set(answers.map((a) => a.body.accessToken)).size).toBe(1)
    expect(new Set(answers.map((a) => a.body.firebase.customToken)).size).toBe(1)
    const [successor] = answers
    // Redeeming the successor, however many times, again gives one pair: one chain, not 51.
    const next = await Promise.all(Array.from({ length: 5 }, () => refresh(userId, successor?.body.refreshToken as string)))
    expect(new Set(next.map((a) => a.body.refreshToken)).size).toBe(1)
    expect(next[0]?.body.refreshToken).not.toBe(successor?.body.refreshToken)
    // After the interval a reuse of the first token still ends the whole session.
    time.advance(2_000)
    expect((await refresh(userId, tokens.refreshToken)).body).toMatchObject({ code: 'TOKEN_REUSED' })
    expect((await refresh(userId, next[0]?.body.refreshToken as string)).status).toBe(401)
  })

  test('ending the Retter session ends its Firebase session: custom token and refresh token are refused', async () => {
    const { tokens, userId } = await signIn('firebase@example.com')
    const firebaseSignIn = () =>
      send<{ refreshToken: string }>('POST', `/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=${FIREBASE_KEY}`, {
        body: { token: tokens.firebase.customToken, returnSecureToken: true },
      })
    const signedIn = await firebaseSignIn()
    expect(signedIn.status).toBe(200)
    const firebaseRefresh = () =>
      backend.handle({
        method: 'POST',
        url: `/securetoken.googleapis.com/v1/token?key=${FIREBASE_KEY}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=refresh_token&refresh_token=${signedIn.body.refreshToken}`,
      })
    expect((await firebaseRefresh()).status).toBe(200)
    const out = await send('GET', `/root/CALL/ProjectUser/signOut/${P}_${userId}?accessToken=${tokens.accessToken}`)
    expect(out.status).toBe(200)
    const refused = await firebaseRefresh()
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.body)).toMatchObject({ error: { message: expect.stringMatching(/^TOKEN_EXPIRED/) } })
    expect((await firebaseSignIn()).status).toBe(400)
  })
})

describe('ids', () => {
  test("INSTANCE by e-mail hands out the Account id only: the customer's userId is not the same HMAC with another prefix", async () => {
    const anon = await anonymousToken()
    const accountId = await accountFor('ids@example.com', anon)
    const { userId } = await signIn('ids@example.com')
    const accountHex = accountId.replace(/^acct_/, '')
    expect(userId).toMatch(/^usr_[0-9a-f]{24}$/)
    expect(userId).not.toContain(accountHex)
    expect(userId).not.toContain(accountHex.slice(0, 12))
  })
})

describe('e-mail input', () => {
  test('the NFC and NFD spellings of an address are the same customer', async () => {
    const anon = await anonymousToken()
    const nfc = 'jos\u00e9@example.com'
    const nfd = 'jose\u0301@example.com'
    const a = await accountFor(nfc, anon)
    const b = await accountFor(nfd, anon)
    expect(b).toBe(a)
    expect(a).toBe(accountIdFor(nfc))
    const body = await send<{ instanceId: string }>('POST', `/${P}/INSTANCE/Account?_token=${anon}`, { body: { email: 'JOSE\u0301@EXAMPLE.COM' } })
    expect(body.body.instanceId).toBe(a)
  })

  test.each([
    ['a zero-width space', 'ann\u200b@example.com'],
    ['a zero-width joiner', 'ann@exa\u200dmple.com'],
    ['a byte-order mark inside', 'an\ufeffn@example.com'],
    ['a control character', 'ann\u0001@example.com'],
    ['a tab', 'ann\t@example.com'],
    ['a right-to-left override', 'ann\u202e@example.com'],
  ])('an address with %s is refused with 400 and a clear message', async (_name, email) => {
    const anon = await anonymousToken()
    // A lookup key only finds (as on Retter): such an address has no Account to find.
    const byKey = await send('POST', `/${P}/INSTANCE/Account/email!${encodeURIComponent(email)}?_token=${anon}`)
    expect(byKey.status).toBe(404)
    const byBody = await send('POST', `/${P}/INSTANCE/Account?_token=${anon}`, { body: { email } })
    for (const res of [byBody]) {
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        code: 'INVALID_EMAIL',
        message: 'The e-mail address contains invisible or control characters (often from copy and paste). Type it again.',
      })
    }
  })
})

describe('secrets and the data folder', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rio-sec-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  test('a JWT secret file shorter than 32 characters stops the runtime with a message saying how to fix it', async () => {
    writeFileSync(join(dir, 'jwt-secret'), 'short-secret\n')
    await expect(createBackend({ projectId: P, storage: { dir } })).rejects.toThrow(
      /jwt-secret has 12 characters; at least 32 are required\. Delete the file .* or set RIO_JWT_SECRET/,
    )
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe('short-secret\n')
  })

  test.each([
    ['32 × "a"', 'a'.repeat(32)],
    ['a short pattern repeated', 'abc123'.repeat(6)],
    ['two letters', 'abababababababbbaabababaabababab'],
    ['a run of the alphabet', 'abcdefghijklmnopqrstuvwxyzABCDEF'],
  ])('a JWT secret of %s is refused wherever it comes from, saying why and what to do', async (_name, weak) => {
    expect(() => loadConfig({ RIO_JWT_SECRET: weak })).toThrow(/RIO_JWT_SECRET .*easy to guess|RIO_JWT_SECRET .*bits of entropy/)
    expect(() => loadConfig({ RIO_JWT_SECRET: weak })).toThrow(/openssl rand -base64 48/)
    writeFileSync(join(dir, 'jwt-secret'), `${weak}\n`)
    await expect(createBackend({ projectId: P, storage: { dir } })).rejects.toThrow(/The JWT secret in .*jwt-secret .*(easy to guess|bits of entropy)\. Delete the file/)
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(`${weak}\n`)
    await expect(createBackend({ projectId: P, storage: 'memory', secret: weak })).rejects.toThrow(/The JWT secret .*(easy to guess|bits of entropy)/)
  })

  test('the data folder is 0700 and its files 0600, also when they existed with looser modes', async () => {
    const data = join(dir, 'data')
    mkdirSync(data, { mode: 0o755 })
    chmodSync(data, 0o755)
    const first = await createBackend({ projectId: P, storage: { dir: data } })
    await first.close()
    chmodSync(join(data, 'backend.sqlite'), 0o644)
    chmodSync(join(data, 'jwt-secret'), 0o644)
    chmodSync(data, 0o755)
    const again = await createBackend({ projectId: P, storage: { dir: data } })
    try {
      // Write something so SQLite has its WAL files open.
      const anon = await again.handle({ method: 'GET', url: `/root/INSTANCE/ProjectUser?projectId=${P}`, headers: {} })
      const token = (JSON.parse(anon.body) as { response: { accessToken: string } }).response.accessToken
      await again.handle({ method: 'POST', url: `/${P}/INSTANCE/Account?_token=${token}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'perm@example.com' }) })
      expect(statSync(data).mode & 0o777).toBe(0o700)
      for (const file of ['backend.sqlite', 'backend.sqlite-wal', 'backend.sqlite-shm', 'jwt-secret']) {
        expect([file, statSync(join(data, file)).mode & 0o777]).toEqual([file, 0o600])
      }
    } finally {
      await again.close()
    }
  })
})
