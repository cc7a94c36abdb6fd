/**
 * Delayed calls (`data.tasks`, `data.schedule`) end to end in-process: stored with the state that
 * asked for them, run at their time on a moved clock through the normal dispatch (authorizer,
 * input model, WRITE lock), busy instances retried, failures logged and dropped, limits enforced,
 * the dev endpoints, timers, and a SQLite restart that keeps pending entries.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend, type BackendOptions } from '../../../app'
import { fakeDate } from '../../../test/clock'
import { call, type Reply } from '../../../test/in-process'
import { composeProject } from '../../../test/projects'
import { recordingLogger } from '../../../test/recording-logger'

const P = 'tasks-tests'
const project = composeProject({ fixtureClasses: ['Reminder'] })
const START = Date.parse('2026-12-01T09:00:00.000Z')
const DAY_S = 86_400

interface PendingView {
  id: number
  classId: string
  instanceId?: string
  lookupKey?: { name: string; value: string }
  method: string
  dueAt: string
  payload?: unknown
}
interface LogEntry {
  method: string
  body: unknown
  identity: string
  userId: string | null
  refererClassId: string | null
  refererInstanceId: string | null
  refererMethodName: string | null
}

let time: ReturnType<typeof fakeDate>
let logger: ReturnType<typeof recordingLogger>
let backend: Backend
const open: Backend[] = []

async function start(options: Partial<BackendOptions> = {}): Promise<Backend> {
  const b = await createBackend({ projectId: P, storage: 'memory', dev: true, projectDir: project.dir, timers: false, logger, now: () => Date.now(), ...options })
  open.push(b)
  return b
}

beforeEach(async () => {
  time = fakeDate(START)
  logger = recordingLogger()
  backend = await start()
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()))
  jest.useRealTimers()
})
afterAll(() => project.remove())

async function newReminder(body: Record<string, unknown> = {}, on: Backend = backend): Promise<string> {
  const res = await call<{ instanceId: string }>(on, 'POST', `/${P}/INSTANCE/Reminder`, body)
  expect(res.status).toBe(200)
  return res.body.instanceId
}
const plan = (id: string, body: unknown, on: Backend = backend) => call(on, 'POST', `/${P}/CALL/Reminder/plan/${id}`, body)
const pending = (on: Backend = backend) => call<PendingView[]>(on, 'GET', '/__dev/tasks').then((r) => r.body)
async function logOf(id: string, on: Backend = backend): Promise<unknown[]> {
  const res = await call<{ public: { log: unknown[] } }>(on, 'GET', `/${P}/STATE/Reminder/${id}`)
  return res.body.public.log
}
const records = async (id: string, on: Backend = backend) => (await logOf(id, on)).filter((e): e is LogEntry => typeof e === 'object' && e !== null && 'method' in e)

describe('a WRITE method asks for a delayed call', () => {
  test('it is stored with the state, runs once its time has come, with the payload as body, as a call from the instance', async () => {
    const id = await newReminder()
    const res = await plan(id, { tasks: [{ method: 'record', after: DAY_S, payload: { date: '2026-12-02T00:00:00.000Z' } }] })
    expect(res.status).toBe(200)
    expect(await logOf(id)).toEqual(['planned'])
    expect(await pending()).toEqual([
      { id: expect.any(Number), classId: 'Reminder', instanceId: id, method: 'record', dueAt: '2026-12-02T09:00:00.000Z', payload: { date: '2026-12-02T00:00:00.000Z' } },
    ])

    time.advance(DAY_S * 1000 - 1)
    expect(await backend.runDueTasks()).toEqual([])
    time.advance(1)
    expect(await backend.runDueTasks()).toEqual([{ id: expect.any(Number), classId: 'Reminder', instanceId: id, method: 'record', status: 200 }])
    expect(await records(id)).toEqual([
      expect.objectContaining({
        method: 'record',
        body: { date: '2026-12-02T00:00:00.000Z' },
        identity: 'developer',
        userId: null,
        refererClassId: 'Reminder',
        refererInstanceId: id,
        refererMethodName: 'plan',
      }),
    ])
    expect(await pending()).toEqual([])
    expect(await backend.runDueTasks()).toEqual([])
  })

  test('data.schedule entries run like data.tasks, and so do the lists of a Data the handler returns instead', async () => {
    const id = await newReminder()
    await plan(id, { schedule: [{ method: 'record', after: 10, payload: { from: 'schedule' } }] })
    const returned = await call(backend, 'POST', `/${P}/CALL/Reminder/planAndReturnNew/${id}`, { tasks: [{ method: 'record', after: 5, payload: { from: 'returned' } }] })
    expect(returned.status).toBe(200)
    time.advance(10_000)
    expect((await backend.runDueTasks()).map((r) => r.status)).toEqual([200, 200])
    // Due order: the 5 s one (asked for later) before the 10 s one.
    expect((await records(id)).map((r) => r.body)).toEqual([{ from: 'returned' }, { from: 'schedule' }])
  })

  test('classId, instanceId and lookupKey name another target; without a payload the body is empty', async () => {
    const caller = await newReminder()
    const byId = await newReminder()
    const byKey = await newReminder({ name: 'bob' })
    await plan(caller, {
      tasks: [
        { method: 'record', after: 0, classId: 'Reminder', instanceId: byId },
        { method: 'record', after: 0, lookupKey: { name: 'name', value: 'bob' }, payload: 'by key' },
      ],
    })
    expect((await pending()).map((t) => [t.instanceId, t.lookupKey])).toEqual([[byId, undefined], [undefined, { name: 'name', value: 'bob' }]])
    const ran = await backend.runDueTasks()
    expect(ran.map((r) => [r.instanceId, r.status])).toEqual([[byId, 200], ['name!bob', 200]])
    expect(await records(byId)).toEqual([expect.objectContaining({ body: null, refererInstanceId: caller })])
    expect(await records(byKey)).toEqual([expect.objectContaining({ body: 'by key', refererInstanceId: caller })])
    expect(await records(caller)).toEqual([])
  })

  test('a delayed call goes through the authorizer (as developer, referer the class) and the input model', async () => {
    const id = await newReminder()
    expect((await call(backend, 'POST', `/${P}/CALL/Reminder/internalOnly/${id}`)).status).toBe(403)
    await plan(id, { tasks: [{ method: 'internalOnly', after: 0 }, { method: 'note', after: 0, payload: { note: '' } }] })
    expect((await backend.runDueTasks()).map((r) => [r.method, r.status])).toEqual([['internalOnly', 200], ['note', 400]])
    expect((await records(id)).map((r) => r.method)).toEqual(['internalOnly'])
    expect(logger.at('warn')).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ classId: 'Reminder', method: 'note', instanceId: id, status: 400, message: 'Model validation has been failed.' }) }),
    ])
  })
})

describe('other handlers that ask for delayed calls', () => {
  test('INIT: stored with the new instance and run on it', async () => {
    const id = await newReminder({ tasks: [{ method: 'record', after: 30, payload: { welcome: true } }] })
    expect(await pending()).toEqual([expect.objectContaining({ instanceId: id, method: 'record' })])
    time.advance(30_000)
    await backend.runDueTasks()
    expect(await records(id)).toEqual([expect.objectContaining({ body: { welcome: true }, refererMethodName: 'INIT' })])
  })

  test('READ and STATIC methods: stored on their own (a STATIC target needs no instance)', async () => {
    const id = await newReminder()
    expect((await call(backend, 'POST', `/${P}/CALL/Reminder/planFromRead/${id}`, { tasks: [{ method: 'record', after: 1 }] })).status).toBe(200)
    expect((await call(backend, 'POST', `/${P}/CALL/Reminder/planFromStatic`, { tasks: [{ method: 'staticRecord', after: 1, payload: { x: 1 } }] })).status).toBe(200)
    expect((await pending()).map((t) => [t.method, t.instanceId])).toEqual([['record', id], ['staticRecord', undefined]])
    time.advance(1000)
    expect((await backend.runDueTasks()).map((r) => r.status)).toEqual([200, 200])
    expect(await records(id)).toEqual([expect.objectContaining({ refererMethodName: 'planFromRead' })])
    const counts = await call<{ staticRecord: unknown }>(backend, 'POST', `/${P}/CALL/Reminder/counts`)
    expect(counts.body.staticRecord).toEqual({ body: { x: 1 }, referer: 'planFromStatic' })
  })
})

describe('bad entries and limits fail the call (500 INVALID_TASKS) and store nothing of it', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['after below 0', [{ method: 'record', after: -1 }], /data\.tasks\[0\]\.after must be a number of seconds from 0 to 31536000, got -1/],
    ['after above a year', [{ method: 'record', after: 31_536_001 }], /after must be a number of seconds from 0 to 31536000, got 31536001/],
    ['after as text', [{ method: 'record', after: '60' }], /after must be a number .*got "60"/],
    ['no method', [{ after: 1 }], /data\.tasks\[0\]\.method must be a method name/],
    ['an unknown method', [{ method: 'nope', after: 1 }], /class Reminder has no method "nope"/],
    ['an unknown class', [{ method: 'record', after: 1, classId: 'Nope' }], /there is no class "Nope"/],
    ['an unknown field', [{ method: 'record', after: 1, retryConfig: { count: 3 } }], /unknown field\(s\) "retryConfig"/],
    ['instanceId and lookupKey', [{ method: 'record', after: 1, instanceId: 'a', lookupKey: { name: 'n', value: 'v' } }], /names both instanceId and lookupKey/],
    ['a list that is no array', { method: 'record', after: 1 }, /data\.tasks must be an array/],
    ['251 entries', Array.from({ length: 251 }, () => ({ method: 'record', after: 1 })), /251 delayed calls .* at most 250 per call/],
    ['more than 250 KB of payload', [{ method: 'record', after: 1, payload: 'x'.repeat(150_000) }, { method: 'record', after: 1, payload: 'y'.repeat(110_000) }], /exceed 256000 bytes \(250 KB\)/],
  ]
  test.each(cases)('%s', async (_name, tasks, message) => {
    const id = await newReminder()
    const res = (await plan(id, { tasks })) as Reply<{ code: string; message: string }>
    expect(res.status).toBe(500)
    expect(res.body.code).toBe('INVALID_TASKS')
    expect(res.body.message).toMatch(/^Reminder\.plan: /)
    expect(res.body.message).toMatch(message)
    expect(logger.at('error').map((l) => l.msg)).toEqual([res.body.message])
    expect(await logOf(id)).toEqual([])
    expect(await pending()).toEqual([])
  })

  test('the limits themselves are allowed: 250 entries, after 0 and one year, 250 KB of payload', async () => {
    const id = await newReminder()
    const tasks = [
      { method: 'record', after: 0, payload: 'x'.repeat(256_000 - 2) },
      { method: 'record', after: 31_536_000 },
      ...Array.from({ length: 248 }, () => ({ method: 'record', after: 1.5 })),
    ]
    expect((await plan(id, { tasks })).status).toBe(200)
    const stored = await pending()
    expect(stored).toHaveLength(250)
    expect(stored[stored.length - 1]?.dueAt).toBe(new Date(START + 31_536_000_000).toISOString())
    expect(stored[1]?.dueAt).toBe(new Date(START + 1500).toISOString())
  })

  test('a STATIC method must name the instance of an instance method', async () => {
    const res = (await call(backend, 'POST', `/${P}/CALL/Reminder/planFromStatic`, { tasks: [{ method: 'record', after: 1 }] })) as Reply<{ message: string }>
    expect(res.status).toBe(500)
    expect(res.body.message).toMatch(/calls Reminder\.record \(WRITE\) but names no instanceId or lookupKey/)
  })
})

describe('running', () => {
  test('a delayed call whose instance is busy waits for the write in progress, then runs on the state it left (no 570)', async () => {
    const id = await newReminder()
    await plan(id, { tasks: [{ method: 'record', after: 0, payload: 'while busy' }] })
    const slow = call(backend, 'POST', `/${P}/CALL/Reminder/slow/${id}`, { holdMs: 300 })
    await new Promise((r) => setTimeout(r, 50))
    const ran = backend.runDueTasks()
    // The write in progress finishes first; the delayed call runs after it, not beside it.
    expect((await slow).status).toBe(200)
    expect((await ran).map((r) => r.status)).toEqual([200])
    expect(await pending()).toEqual([])
    expect((await records(id)).map((r) => r.body)).toEqual(['while busy'])
    expect(logger.at('warn')).toEqual([])
  })

  test('any other failure is logged (class, method, instance, status, message) and dropped, not retried', async () => {
    const id = await newReminder()
    await plan(id, { tasks: [{ method: 'explode', after: 0 }] })
    expect((await backend.runDueTasks()).map((r) => r.status)).toEqual([500])
    expect(logger.at('warn')).toEqual([
      expect.objectContaining({
        msg: expect.stringContaining('dropped'),
        fields: expect.objectContaining({ classId: 'Reminder', method: 'explode', instanceId: id, status: 500, message: expect.stringContaining('failed') }),
      }),
    ])
    expect(await pending()).toEqual([])
    time.advance(60_000)
    expect(await backend.runDueTasks()).toEqual([])
  })

  test('a call whose instance is gone answers 404: logged and dropped', async () => {
    const id = await newReminder()
    await plan(id, { tasks: [{ method: 'record', after: 0, instanceId: 'no-such-reminder' }] })
    expect((await backend.runDueTasks()).map((r) => r.status)).toEqual([404])
    expect(logger.at('warn')[0]?.fields).toMatchObject({ instanceId: 'no-such-reminder', status: 404 })
    expect(await pending()).toEqual([])
  })

  test('with timers on, due calls run by themselves', async () => {
    jest.useRealTimers()
    const live = await start({ timers: true, now: Date.now })
    const id = await newReminder({}, live)
    await plan(id, { tasks: [{ method: 'record', after: 0, payload: 1 }, { method: 'record', after: 0.2, payload: 2 }] }, live)
    const deadline = Date.now() + 5000
    while ((await records(id, live)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
    expect((await records(id, live)).map((r) => r.body)).toEqual([1, 2])
    expect(await pending(live)).toEqual([])
  })
})

describe('dev endpoints', () => {
  test('POST /__dev/tasks/run runs only what is due now, in due order; a later call waits for its time', async () => {
    const id = await newReminder()
    await plan(id, { tasks: [{ method: 'remindAgain', after: 7200, payload: { n: 1 } }, { method: 'record', after: 3600, payload: 'first' }, { method: 'record', after: 0, payload: 'now' }] })
    const run = await call<{ ran: number; results: unknown[] }>(backend, 'POST', '/__dev/tasks/run')
    expect(run.status).toBe(200)
    expect(run.body).toEqual({ ran: 1, results: [{ classId: 'Reminder', instanceId: id, method: 'record', status: 200 }] })
    expect((await pending()).map((t) => [t.method, t.dueAt])).toEqual([
      ['record', new Date(START + 3_600_000).toISOString()],
      ['remindAgain', new Date(START + 7_200_000).toISOString()],
    ])
    time.advance(3_600_000 - 1)
    expect((await call(backend, 'POST', '/__dev/tasks/run')).body).toEqual({ ran: 0, results: [] })
    time.advance(1)
    expect((await call(backend, 'POST', '/__dev/tasks/run')).body).toEqual({ ran: 1, results: [expect.objectContaining({ method: 'record' })] })
    time.advance(3_600_000)
    expect((await call(backend, 'POST', '/__dev/tasks/run')).body).toEqual({ ran: 1, results: [expect.objectContaining({ method: 'remindAgain' })] })
    // The call it asked for is a minute later: not run by the same request, nor the next one.
    expect(await pending()).toEqual([expect.objectContaining({ method: 'remindAgain', payload: { n: 2 }, dueAt: new Date(START + 7_260_000).toISOString() })])
    expect((await call(backend, 'POST', '/__dev/tasks/run')).body).toEqual({ ran: 0, results: [] })
    expect((await records(id)).map((r) => r.body)).toEqual(['now', 'first'])
    expect((await logOf(id)).filter((e) => typeof e === 'object' && e !== null && 'remind' in e)).toEqual([{ remind: 1 }])
  })

  test('they need dev mode and the X-Rio-Dev header, and refuse other methods', async () => {
    expect((await backend.handle({ method: 'POST', url: '/__dev/tasks/run', headers: {} })).status).toBe(403)
    expect((await call(backend, 'GET', '/__dev/tasks/run')).status).toBe(405)
    expect((await call(backend, 'POST', '/__dev/tasks')).status).toBe(405)
    const prod = await start({ dev: false })
    expect((await prod.handle({ method: 'GET', url: '/__dev/tasks', headers: { 'x-rio-dev': '1' } })).status).toBe(404)
  })
})

describe('SQLite', () => {
  test('a restart keeps pending calls (payload included) and runs them when due; nothing runs twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rio-tasks-'))
    try {
      const first = await start({ storage: { dir } })
      const id = await newReminder({}, first)
      await plan(id, { tasks: [{ method: 'record', after: 3600, payload: { keep: [1, null, 'x'] } }, { method: 'staticRecord', after: 60 }] }, first)
      await first.close()

      time.advance(3_600_000)
      const second = await start({ storage: { dir } })
      expect((await pending(second)).map((t) => t.method)).toEqual(['staticRecord', 'record'])
      expect((await second.runDueTasks()).map((r) => [r.method, r.status])).toEqual([['staticRecord', 200], ['record', 200]])
      expect(await records(id, second)).toEqual([expect.objectContaining({ body: { keep: [1, null, 'x'] }, refererMethodName: 'plan' })])
      await second.close()

      const third = await start({ storage: { dir } })
      expect(await pending(third)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('with timers on, a restart runs what fell due while it was stopped', async () => {
    jest.useRealTimers()
    const dir = mkdtempSync(join(tmpdir(), 'rio-tasks-'))
    try {
      let clock = Date.now()
      const first = await start({ storage: { dir }, timers: true, now: () => clock })
      const id = await newReminder({}, first)
      await plan(id, { tasks: [{ method: 'record', after: 600, payload: 'after restart' }] }, first)
      await first.close()
      clock += 600_000
      const second = await start({ storage: { dir }, timers: true, now: () => clock })
      const deadline = Date.now() + 5000
      while ((await records(id, second)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
      expect((await records(id, second)).map((r) => r.body)).toEqual(['after restart'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
