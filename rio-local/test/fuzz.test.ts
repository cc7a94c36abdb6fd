/**
 * Fuzz: thousands of random (mostly malformed) requests, in-process and over loopback. No answer
 * may be a 5xx (570 aside, which is a protocol answer), every answer is JSON with {code, message}
 * on errors, and the backend still serves a full sign-in afterwards.
 */
import { createBackend, type Backend } from '../app'
import { silentLogger } from '../logger'
import type { BackendRequest } from '../runtime/wire-types'
import { startServer, type RunningServer } from '../runtime/http/server'
import { composeProject } from './projects'
import { sessions } from './in-process'
import { userIdFor } from './ids'
import { seededRandom } from '../../scripts/lib/seeded-random'

// These tests start servers and talk to the emulator; a machine busy with other suites can be slow.
jest.setTimeout(30_000)

const P = 'fuzz'
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)


function generator(rand: () => number, tokens: string[], ids: string[]) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T
  const chars = 'aZ09!@#$%^&*()_+-=[]{};:\'",.<>/?\\|`~ \u00e9\u4e2d\ud83d\ude00%2F%00%E0%A4%A'
  const junk = (max: number) => Array.from({ length: Math.floor(rand() * max) }, () => pick([...chars])).join('')
  const emails = ['a@b.co', 'first.last+tag@example.com', 'x%2By@example.com', 'UPPER@EXAMPLE.COM', 'no-at', '', '@', 'a@b', 'üñí@exämple.com']

  function value(depth: number): unknown {
    const kind = Math.floor(rand() * (depth > 4 ? 4 : 7))
    switch (kind) {
      case 0:
        return junk(20)
      case 1:
        return Math.floor(rand() * 2e6) - 1e6
      case 2:
        return pick([true, false, null])
      case 3:
        return pick(['123456', '000000', 'taster', 'barista', 'unknown-plan', ...emails])
      case 4:
        return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1))
      default:
        return Object.fromEntries(
          Array.from({ length: Math.floor(rand() * 4) }, () => [pick(['code', 'planId', 'email', 'holdMs', '__proto__', 'constructor', junk(6)]), value(depth + 1)]),
        )
    }
  }

  function body(): string | undefined {
    switch (Math.floor(rand() * 6)) {
      case 0:
        return undefined
      case 1:
        return junk(60)
      case 2:
        return '{"code": "12' // truncated JSON
      default:
        return JSON.stringify(value(0))
    }
  }

  function segment(): string {
    return pick([
      () => pick(ids),
      () => `email!${pick(emails)}`,
      () => `email!${encodeURIComponent(pick(emails))}`,
      () => `${junk(6)}!${junk(6)}`,
      () => encodeURIComponent(junk(12)),
      () => junk(12).replace(/[/?#]/g, ''),
      () => 'static',
      () => 'a'.repeat(300),
    ])()
  }

  return (): BackendRequest => {
    const project = rand() < 0.85 ? P : pick(['root', 'other', junk(8), '__dev', '__health'])
    const action = rand() < 0.85 ? pick(['INSTANCE', 'CALL', 'STATE', 'LIST']) : pick(['instance', 'DELETE', junk(5), 'ProjectUser'])
    const classId = rand() < 0.85 ? pick(['Account', 'AWS', 'Counter']) : pick(['ProjectUser', junk(6), ''])
    const method = pick(['sendOtp', 'verifyOtp', 'getSubscriptionPlans', 'selectPlan', 'describe', 'increment', 'incrementThenRefuse', 'peek', 'toString', '__proto__', junk(8)])
    let path: string
    if (project === 'root') {
      path = `/root/${pick(['INSTANCE/ProjectUser', `CALL/ProjectUser/${pick(['authWithCustomToken', 'refreshToken', 'signOut', junk(5)])}/${pick([`${P}_${junk(8)}`, junk(10)])}`])}`
    } else if (project === '__dev') {
      path = pick([`/__dev/outbox`, `/__dev/state/${pick(['Account', 'AWS', junk(4)])}/${segment()}`, `/__dev/${junk(6)}`])
    } else if (action === 'CALL') {
      path = `/${project}/CALL/${classId}/${method}${rand() < 0.8 ? `/${segment()}` : ''}${rand() < 0.1 ? `/${junk(5)}` : ''}`
    } else {
      path = `/${project}/${action}/${classId}${rand() < 0.7 ? `/${segment()}` : ''}`
    }
    const query = new URLSearchParams()
    const q = Math.floor(rand() * 5)
    if (q >= 1) query.set('_token', rand() < 0.7 ? pick(tokens) : junk(30))
    if (q >= 2) query.set('__culture', pick(['en-us', 'tr', junk(4)]))
    if (q >= 3) {
      query.set('data', rand() < 0.5 ? Buffer.from(JSON.stringify(value(0))).toString('base64') : junk(20))
      query.set('__isbase64', pick(['true', 'false', junk(3)]))
    }
    if (q >= 4) {
      for (const k of ['projectId', 'customToken', 'refreshToken', 'accessToken', 'to', 'limit']) if (rand() < 0.3) query.set(k, rand() < 0.5 ? pick(tokens) : junk(10))
    }
    const qs = query.toString()
    return {
      method: pick(['GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH']),
      url: qs ? `${path}?${qs}` : path,
      headers: { 'content-type': pick(['application/json', 'text/plain', '']) },
      body: body(),
    }
  }
}

function checkAnswer(req: BackendRequest, status: number, text: string) {
  const context = `seed ${SEED}: ${req.method} ${req.url.slice(0, 200)} -> ${status} ${text.slice(0, 200)}`
  if (status >= 500 && status !== 570) throw new Error(`5xx for ${context}`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`Non-JSON answer for ${context}`)
  }
  if (status >= 400) {
    const body = parsed as { code?: unknown; message?: unknown }
    if (typeof body.code !== 'string' || typeof body.message !== 'string') throw new Error(`Error without {code, message} for ${context}`)
  }
}

let backend: Backend
let server: RunningServer
let make: () => BackendRequest

const project = composeProject({ fixtureClasses: ['Counter'] })

beforeAll(async () => {
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, projectDir: project.dir })
  server = await startServer(backend, { port: 0, logger: silentLogger })
  const s = sessions(backend)
  const customer = await s.customer('fuzz.owner@example.com')
  const anon = await s.anonymous()
  const counter = JSON.parse((await backend.handle({ method: 'POST', url: `/${P}/INSTANCE/Counter`, headers: {} })).body) as { instanceId: string }
  make = generator(seededRandom(SEED), [customer.token, anon, customer.token.slice(0, -3) + 'AAA'], [customer.accountId, counter.instanceId, 'aws_000000000000000000000000', 'static'])
})
afterAll(async () => {
  await server.close()
  await backend.close()
})

test(`3000 random requests in-process: no 5xx, JSON errors (seed ${SEED})`, async () => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    const statuses = new Map<number, number>()
    for (let i = 0; i < 3000; i++) {
      const req = make()
      const res = await backend.handle(req)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      checkAnswer(req, res.status, res.body)
    }
    // The mix reached the handlers, not only the router's 404s.
    expect([...statuses.keys()].some((s) => s === 200)).toBe(true)
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(4)
  } finally {
    process.off('unhandledRejection', onUnhandled)
  }
  expect(unhandled).toEqual([])
}, 60_000)

test(`600 random requests over loopback, 20 at a time (seed ${SEED})`, async () => {
  const batch = async () => {
    const req = make()
    const res = await fetch(server.origin + req.url, {
      method: req.method,
      headers: req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {},
      body: req.method === 'GET' ? undefined : req.body,
    })
    checkAnswer(req, res.status, await res.text())
  }
  for (let round = 0; round < 30; round++) await Promise.all(Array.from({ length: 20 }, batch))
}, 60_000)

test('deeply nested and oversized JSON do not crash the process', async () => {
  const deep = '['.repeat(20_000) + ']'.repeat(20_000)
  for (const url of [`/${P}/INSTANCE/Account`, `/${P}/CALL/Account/verifyOtp/static`, `/__dev/state/Account/static`]) {
    const res = await backend.handle({ method: 'POST', url, headers: {}, body: deep })
    expect(res.status).toBeLessThan(500)
  }
})

test('the backend is healthy afterwards: health check and a full sign-in', async () => {
  const health = await fetch(`${server.origin}/__health`)
  expect(health.status).toBe(200)
  const { token, accountId } = await sessions(backend).customer('after.fuzz@example.com')
  const res = await backend.handle({ method: 'POST', url: `/${P}/STATE/Account/${accountId}?_token=${token}`, headers: {} })
  expect(res.status).toBe(200)
  expect(JSON.parse(res.body).user[userIdFor('after.fuzz@example.com')].email).toBe('after.fuzz@example.com')
})

afterAll(() => project.remove())
