/**
 * Bad input over HTTP: each gets the right 4xx with a JSON {code, message}, nothing crashes,
 * nothing is written (no mirror publish, no outbox message).
 */
import { createBackend, type Backend } from '../app'
import { silentLogger } from '../logger'
import type { StateChange } from '../runtime/wire-types'
import { startServer, type RunningServer } from '../runtime/http/server'
import { accountIdFor, userIdFor } from './ids'
import { raw } from './harness'

// These tests start servers and talk to the emulator; a machine busy with other suites can be slow.
jest.setTimeout(30_000)

const P = 'bad-input'
const published: StateChange[] = []
let backend: Backend
let server: RunningServer
let anon: string
let customer: { token: string; accountId: string }

beforeAll(async () => {
  backend = await createBackend({
    projectId: P,
    storage: 'memory',
    dev: true,
    mirror: { publish: async (c) => void published.push(c), flush: async () => undefined, close: async () => undefined },
  })
  server = await startServer(backend, { port: 0, logger: silentLogger })
  const { sessions } = await import('./in-process')
  anon = await sessions(backend).anonymous()
  customer = await sessions(backend).customer('owner@example.com')
})
afterAll(async () => {
  await server.close()
  await backend.close()
})

let before: number
beforeEach(() => {
  before = published.length
})
afterEach(() => {
  // Every case below is refused: nothing may have been written.
  expect(published.length).toBe(before)
})

const req = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => raw<{ code: string; message: string }>(server.origin, method, path, body, headers)

function expectError(res: { status: number; body: { code: string; message: string } }, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(res.body).toEqual(expect.objectContaining({ code, message: expect.any(String) }))
  expect(res.body.message.length).toBeGreaterThan(5)
}

test('malformed JSON body: 400 BAD_JSON', async () => {
  expectError(await req('POST', `/${P}/INSTANCE/Account?_token=${anon}`, '{"email": "x@example.com"'), 400, 'BAD_JSON')
  expectError(await req('POST', `/${P}/CALL/Account/verifyOtp/${customer.accountId}?_token=${anon}`, 'code=123456'), 400, 'BAD_JSON')
})

test('malformed base64 data: 400 BAD_JSON', async () => {
  expectError(await req('GET', `/${P}/INSTANCE/Account?_token=${anon}&data=%%%%&__isbase64=true`), 400, 'BAD_JSON')
  const notJson = Buffer.from('not json').toString('base64')
  expectError(await req('GET', `/${P}/INSTANCE/Account?_token=${anon}&data=${notJson}&__isbase64=true`), 400, 'BAD_JSON')
})

test('unknown project, action, class and method: 404', async () => {
  expectError(await req('POST', `/other-project/INSTANCE/Account?_token=${anon}`), 404, 'PROJECT_NOT_FOUND')
  expectError(await req('POST', `/${P}/DELETE/Account/x?_token=${anon}`), 404, 'NOT_FOUND')
  expectError(await req('POST', `/${P}/INSTANCE/Nope?_token=${anon}`), 404, 'CLASS_NOT_FOUND')
  expectError(await req('POST', `/${P}/CALL/Account/dropTables/${customer.accountId}?_token=${anon}`), 404, 'METHOD_NOT_FOUND')
  expectError(await req('POST', `/${P}/CALL/Account/sendOtp/acct_000000000000000000000000?_token=${anon}`), 404, 'INSTANCE_NOT_FOUND')
  expectError(await req('GET', `/root/CALL/ProjectUser/deleteEverything/${P}_x`), 404, 'METHOD_NOT_FOUND')
  expectError(await req('GET', '/'), 404, 'PROJECT_NOT_FOUND')
})

test('bodies over 256 KB: 413, whether declared or streamed', async () => {
  const big = JSON.stringify({ email: 'x@example.com', pad: 'a'.repeat(256 * 1024) })
  expectError(await req('POST', `/${P}/INSTANCE/Account?_token=${anon}`, big), 413, 'PAYLOAD_TOO_LARGE')
  const chunks = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('a'.repeat(8 * 1024)))
      controller.close()
    },
  })
  const streamed = await fetch(`${server.origin}/${P}/INSTANCE/Account?_token=${anon}`, { method: 'POST', body: chunks, duplex: 'half' } as RequestInit)
  expect(streamed.status).toBe(413)
  expect(await streamed.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  // Exactly at the limit is read (and then refused for what it is, not for its size).
  const atLimit = JSON.stringify({ code: '1'.repeat(256 * 1024 - 11) })
  expect(Buffer.byteLength(atLimit)).toBe(256 * 1024)
  expectError(await req('POST', `/${P}/CALL/Account/verifyOtp/${customer.accountId}?_token=${anon}`, atLimit), 400, 'VALIDATION')
})

test('missing, forged and foreign tokens: 401 / 403', async () => {
  const state = (token?: string) => req('POST', `/${P}/STATE/Account/${customer.accountId}${token === undefined ? '' : `?_token=${encodeURIComponent(token)}`}`)
  expectError(await state(), 401, 'UNAUTHORIZED')
  const [h, p] = customer.token.split('.')
  expectError(await state(`${h}.${p}.${'A'.repeat(43)}`), 401, 'TOKEN_INVALID')
  expectError(await state('not.a.jwt'), 401, 'TOKEN_INVALID')
  expectError(await state(anon), 403, 'FORBIDDEN')
  expectError(await req('GET', `/root/CALL/ProjectUser/authWithCustomToken/${P}_usr_x?customToken=${customer.token}`), 401, 'TOKEN_INVALID')
  expectError(await req('GET', `/root/CALL/ProjectUser/refreshToken/other_usr_x?refreshToken=x`), 401, 'TOKEN_WRONG_PROJECT')
  expectError(await req('GET', `/root/CALL/ProjectUser/signOut/${P}_usr_x`), 401, 'TOKEN_MISSING')
})

test("another customer's instance: 403 on STATE, CALL and LIST shows none of it", async () => {
  const { sessions } = await import('./in-process')
  const intruder = await sessions(backend).customer('intruder@example.com')
  before = published.length
  expectError(await req('POST', `/${P}/STATE/Account/${customer.accountId}?_token=${intruder.token}`), 403, 'FORBIDDEN')
  expectError(await req('POST', `/${P}/CALL/Account/selectPlan/${customer.accountId}?_token=${intruder.token}`, { planId: 'taster' }), 403, 'FORBIDDEN')
  const list = await raw<{ instanceIds: string[] }>(server.origin, 'POST', `/${P}/LIST/Account?_token=${intruder.token}`)
  expect(list.body.instanceIds).toEqual([accountIdFor('intruder@example.com')])
})

test('lookup keys with +, . and percent-encoding resolve to one instance; unknown ones are 404 and create nothing; broken ones are 400', async () => {
  const { sessions } = await import('./in-process')
  const plus = await sessions(backend).customer('first.last+tag@example.com')
  before = published.length
  const id = accountIdFor('first.last+tag@example.com')
  expect(plus.accountId).toBe(id)
  for (const segment of ['first.last+tag@example.com', 'first.last%2Btag@example.com', 'first.last%2Btag%40example.com']) {
    const res = await raw<{ instanceId: string; newInstance: boolean }>(server.origin, 'POST', `/${P}/INSTANCE/Account/email!${segment}?_token=${anon}`)
    expect(res.body).toMatchObject({ instanceId: id, newInstance: false })
  }
  const state = await raw<{ user: Record<string, { email: string }> }>(server.origin, 'POST', `/${P}/STATE/Account/email!first.last%2Btag@example.com?_token=${plus.token}`)
  expect(state.body.user[userIdFor('first.last+tag@example.com')]?.email).toBe('first.last+tag@example.com')
  expectError(await req('POST', `/${P}/INSTANCE/Account/email!%E0%A4%A?_token=${anon}`), 400, 'BAD_PATH')
  // A lookup key value is matched exactly, as on Retter: another spelling of the address is unknown.
  // An unknown key only fails to find (Retter's documented way to learn that an instance is missing).
  for (const unknown of ['First.Last%2BTag%40Example.com', 'nobody@example.com', 'no-at-sign']) {
    expectError(await req('POST', `/${P}/INSTANCE/Account/email!${unknown}?_token=${anon}`), 404, 'INSTANCE_NOT_FOUND')
  }
  expectError(await req('POST', `/${P}/INSTANCE/Account/phone!123?_token=${anon}`), 404, 'INSTANCE_NOT_FOUND')
  expectError(await req('POST', `/${P}/STATE/Account/email!nobody@example.com?_token=${anon}`), 404, 'INSTANCE_NOT_FOUND')
  expectError(await req('POST', `/${P}/INSTANCE/Account/email!?_token=${anon}`), 400, 'BAD_LOOKUP_KEY')
  expectError(await req('POST', `/${P}/INSTANCE/Account/bad%23id?_token=${anon}`), 400, 'BAD_INSTANCE_ID')
  expectError(await req('POST', `/${P}/INSTANCE/Account/acct_ffffffffffffffffffffffff?_token=${anon}`, { email: 'someone@example.com' }), 400, 'INSTANCE_ID_MISMATCH')
})

test('dev endpoints refuse bad input', async () => {
  expectError(await req('POST', `/__dev/state/Account/${customer.accountId}`, '[1,2]'), 400, 'BAD_STATE')
  expectError(await req('POST', '/__dev/state/Account/acct_000000000000000000000000', { a: 1 }), 404, 'INSTANCE_NOT_FOUND')
  expectError(await req('GET', '/__dev/outbox?to=x@example.com&limit=0'), 400, 'BAD_LIMIT')
  expectError(await req('GET', '/__dev/nothing'), 404, 'NOT_FOUND')
})

test('dev endpoints are 404 when dev is off', async () => {
  const prod = await createBackend({ projectId: P, storage: 'memory' })
  const res = await prod.handle({ method: 'GET', url: '/__dev/outbox?to=owner@example.com', headers: {} })
  expect(res.status).toBe(404)
  expect(JSON.parse(res.body)).toMatchObject({ code: 'NOT_FOUND' })
  await prod.close()
})
