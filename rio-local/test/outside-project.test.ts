/**
 * A Retter v1 project that is not the shop (fixtures/outside: nothing of the shop in it) on the
 * runtime: it starts with none of the shop's settings, and its events (Retter's "Events" page:
 * `data.events.push({name, payload})`, `subscriptions:` on READ and STATIC methods) reach their
 * subscribers once each, in the order published, filtered, with the payload as the request body,
 * and a failing subscriber is tried again.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createBackend, type Backend } from '../app'
import { call, sessions } from './in-process'
import { FIXTURES_DIR } from './projects'
import { recordingLogger } from './recording-logger'

const ROOT = join(__dirname, '../..')
const PROJECT = join(FIXTURES_DIR, 'outside')
const P = 'outside'

/** Every setting the shop reads, none of which the runtime may need for another project. */
const SHOP_SETTINGS = /^(STRIPE_|SELLER_|STAFF_EMAILS$|CUSTOMER_ID_SECRET$|MAIL_FROM$|APP_URL$|CHANGE_MAIL_DIGEST_SECONDS$|OTP_|ACCOUNT_CREATIONS_)/

interface Arrival {
  method: string
  instanceId: string | null
  body: { seq: number; auditId?: string; amount?: number; failTimes?: number; reason?: string }
  attempt: number
  refererClassId: string | null
  refererInstanceId: string | null
  refererMethodName: string | null
  identity: string
}

test('`rio-local/main.ts` starts another project with no shop setting at all, and runs its events on its own timers', async () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SHOP_SETTINGS.test(name)))
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['rio-local/main.ts'], {
    cwd: ROOT,
    env: { ...env, RIO_LOCAL_PORT: '0', RIO_LOCAL_STORAGE: 'memory', RIO_LOCAL_LIVE_STATE: '0', RIO_LOCAL_PROJECT_ID: P, RIO_LOCAL_PROJECT_DIR: PROJECT },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const url = /"msg":"local backend listening","url":"(http:\/\/[^"]+)"/.exec(out)?.[1]
        if (url) {
          clearInterval(timer)
          resolve(url)
        }
      }, 50)
      void exited.then((code) => {
        clearInterval(timer)
        reject(new Error(`the runtime exited (${String(code)}) instead of starting:\n${out}`))
      })
    })
    const anon = ((await (await fetch(`${origin}/root/INSTANCE/ProjectUser?projectId=${P}`)).json()) as { response: { accessToken: string } }).response.accessToken
    const post = (path: string, body?: unknown) => fetch(`${origin}/${P}/${path}?_token=${anon}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })
    expect((await post('INSTANCE/Orders/order-1')).status).toBe(200)
    expect((await post('INSTANCE/Audit/audit-1')).status).toBe(200)
    expect((await post('CALL/Orders/place/order-1', { events: [{ name: 'ORDER_PLACED', payload: { seq: 1, auditId: 'audit-1', amount: 5 } }] })).status).toBe(200)
    let arrivals: Arrival[] = []
    for (let i = 0; i < 100 && arrivals.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      arrivals = (await (await post('CALL/Orders/arrivals')).json()) as Arrival[]
    }
    expect(arrivals.map((a) => a.method).sort()).toEqual(['onAnyPlaced', 'onPlaced'])
    expect(out).not.toMatch(/STRIPE|Invalid backend configuration/)
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}, 60_000)

describe('events (in-process, delayed calls run when asked)', () => {
  let backend: Backend
  let logger: ReturnType<typeof recordingLogger>
  let token: string

  beforeEach(async () => {
    logger = recordingLogger()
    backend = await createBackend({ projectId: P, storage: 'memory', projectDir: PROJECT, logger, timers: false })
    token = await sessions(backend).anonymous()
    for (const path of ['INSTANCE/Orders/order-1', 'INSTANCE/Orders/order-2', 'INSTANCE/Audit/audit-1', 'INSTANCE/Audit/audit-2', 'INSTANCE/Audit/audit-main']) {
      expect((await call(backend, 'POST', `/${P}/${path}?_token=${token}`, {})).status).toBe(200)
    }
  })
  afterEach(() => backend.close())

  const place = (order: string, events: unknown) => call<{ code?: string; message?: string }>(backend, 'POST', `/${P}/CALL/Orders/place/${order}?_token=${token}`, { events })
  const arrivals = async () => (await call<Arrival[]>(backend, 'POST', `/${P}/CALL/Orders/arrivals?_token=${token}`)).body
  const placed = (seq: number, extra: Record<string, unknown> = {}) => ({ name: 'ORDER_PLACED', payload: { seq, auditId: 'audit-1', amount: 10, ...extra } })

  test('each subscriber gets each event once, with the payload as its body and the publisher as referer', async () => {
    expect((await place('order-1', [placed(1)])).status).toBe(200)
    await backend.runDueTasks()
    // Nothing is delivered twice.
    await backend.runDueTasks()
    const got = await arrivals()
    expect(got).toHaveLength(2)
    const read = got.find((a) => a.method === 'onPlaced')
    expect(read).toEqual({
      method: 'onPlaced', instanceId: 'audit-1', body: { seq: 1, auditId: 'audit-1', amount: 10 }, attempt: 1,
      refererClassId: 'Orders', refererInstanceId: 'order-1', refererMethodName: 'place', identity: 'developer',
    })
    expect(got.find((a) => a.method === 'onAnyPlaced')).toMatchObject({ instanceId: null, body: { seq: 1 } })
  })

  test('one publisher\'s events reach each subscriber in the order published, across calls', async () => {
    await place('order-1', [placed(1), placed(2), placed(3, { auditId: 'audit-2' })])
    await place('order-1', [placed(4), placed(5, { auditId: 'audit-2' })])
    await backend.runDueTasks()
    const got = await arrivals()
    const seqs = (method: string, instanceId: string | null) => got.filter((a) => a.method === method && a.instanceId === instanceId).map((a) => a.body.seq)
    expect(seqs('onPlaced', 'audit-1')).toEqual([1, 2, 4])
    expect(seqs('onPlaced', 'audit-2')).toEqual([3, 5])
    expect(seqs('onAnyPlaced', null)).toEqual([1, 2, 3, 4, 5])
  })

  test('filters and the instance path decide who gets an event; an event nobody subscribes to reaches nobody', async () => {
    await place('order-2', [
      placed(1, { amount: 0 }), // onPlaced wants $.amount GT 0
      { name: 'ORDER_CANCELLED', payload: { seq: 2 } }, // onCancelled wants $.reason
      { name: 'ORDER_CANCELLED', payload: { seq: 3, reason: 'moved' } },
      { name: 'SOMETHING_ELSE', payload: { seq: 4 } },
      placed(5, { auditId: undefined }), // no instance for onPlaced
    ])
    await backend.runDueTasks()
    const got = await arrivals()
    expect(got.map((a) => `${a.method}:${a.instanceId ?? '-'}:${a.body.seq}`)).toEqual(['onAnyPlaced:-:1', 'onCancelled:audit-main:3', 'onAnyPlaced:-:5'])
    expect(logger.lines.some((l) => l.level === 'warn' && l.msg.includes('not delivered to Audit.onPlaced'))).toBe(true)
  })

  test('a failing subscriber is tried again (3 more times, 50 ms apart times 1.5), before the same instance\'s next event', async () => {
    await place('order-1', [placed(1, { failTimes: 2 }), placed(2)])
    await backend.runDueTasks()
    const got = (await arrivals()).filter((a) => a.method === 'onPlaced')
    expect(got.map((a) => [a.body.seq, a.attempt])).toEqual([[1, 3], [2, 1]])
    // Four failures in a row: given up, logged, and the next event still comes.
    await place('order-1', [placed(3, { failTimes: 4 }), placed(4)])
    await backend.runDueTasks()
    expect((await arrivals()).filter((a) => a.method === 'onPlaced').map((a) => a.body.seq)).toEqual([1, 2, 4])
    expect(logger.lines.some((l) => l.level === 'warn' && l.msg.includes('event delivery failed 4 times'))).toBe(true)
  })

  test('a bad data.events entry fails the call with 500 INVALID_EVENTS and stores nothing of it', async () => {
    for (const [events, words] of [
      ['ORDER_PLACED', 'data.events must be an array'],
      [[{ name: 'ORDER_PLACED' }], 'data.events[0].payload must be an object'],
      [[{ name: '', payload: {} }], 'data.events[0].name'],
      [[{ name: 'X', payload: {}, after: 5 }], 'unknown field(s) "after"'],
    ] as Array<[unknown, string]>) {
      const res = await place('order-2', events)
      expect(res.status).toBe(500)
      expect(res.body.code).toBe('INVALID_EVENTS')
      expect(res.body.message).toContain(words)
    }
    const state = await call<{ public: { placed: number } }>(backend, 'POST', `/${P}/STATE/Orders/order-2?_token=${token}`)
    expect(state.body.public.placed).toBe(0)
    await backend.runDueTasks()
    expect(await arrivals()).toEqual([])
  })
})
