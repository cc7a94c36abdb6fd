/**
 * The test clock in-process (`GET`/`POST /__dev/clock`), over the test-only Reminder class: time
 * moves forward only, class code's `Date` follows it, every delayed call and scheduled method due
 * in the window runs at its own moment (calls asked for within the window too), nothing runs
 * early, and bad input is refused with a message saying what is wrong.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend, type BackendOptions } from '../../../app'
import { call } from '../../../test/in-process'
import { composeProject } from '../../../test/projects'
import { MAX_ADVANCE_SECONDS } from '../clock'

const P = 'clock-tests'
const project = composeProject({ fixtureClasses: ['Reminder'] })
const MIN = 60_000
/** How far a step's "now" may trail its due moment: the wall clock runs on while a call runs. */
const SLACK_MS = 3000

interface ClockAnswer {
  now: string
  nowMs: number
  offsetMs: number
}
interface Moved extends ClockAnswer {
  ran: number
  tasks: Array<{ ranAt: string; method: string; status: number }>
  schedules: Array<{ method: string; dueAt: string; status: number }>
}

const open: Backend[] = []
async function start(options: Partial<BackendOptions> = {}): Promise<Backend> {
  const b = await createBackend({ projectId: P, storage: 'memory', dev: true, projectDir: project.dir, timers: false, shiftProcessDate: true, ...options })
  open.push(b)
  return b
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()))
})
afterAll(() => project.remove())

const advance = (b: Backend, body: unknown) => call<Moved & { code?: string; message?: string }>(b, 'POST', '/__dev/clock', body)
const readClock = (b: Backend) => call<ClockAnswer>(b, 'GET', '/__dev/clock').then((r) => r.body)
async function newReminder(b: Backend): Promise<string> {
  return (await call<{ instanceId: string }>(b, 'POST', `/${P}/INSTANCE/Reminder`, {})).body.instanceId
}
const plan = (b: Backend, id: string, tasks: unknown[]) => call(b, 'POST', `/${P}/CALL/Reminder/plan/${id}`, { tasks })
async function logOf(b: Backend, id: string): Promise<Array<Record<string, unknown>>> {
  return (await call<{ public: { log: unknown[] } }>(b, 'GET', `/${P}/STATE/Reminder/${id}`)).body.public.log.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
}
const near = (actual: number, expected: number) => expect([actual - expected >= 0, actual - expected < SLACK_MS]).toEqual([true, true])

test('GET answers business time (ISO and ms); it starts at the wall clock', async () => {
  const before = Date.now()
  const b = await start()
  const clock = await readClock(b)
  const after = Date.now()
  expect(clock.offsetMs).toBe(0)
  expect(Date.parse(clock.now)).toBe(clock.nowMs)
  // The wall clock at the moment it answered: between the two readings around the call (a start
  // slowed by a busy machine does not make it any less so).
  expect([clock.nowMs >= before, clock.nowMs <= after]).toEqual([true, true])
})

test('a move runs each delayed call at its own moment, those asked for within the window too; class code sees the moved Date', async () => {
  const b = await start()
  const t0 = (await readClock(b)).nowMs
  const id = await newReminder(b)
  await plan(b, id, [{ method: 'remindAgain', after: 7200, payload: { n: 1 } }, { method: 'record', after: 3600, payload: 'an hour' }])
  const moved = await advance(b, { advanceSeconds: 7200 + 150 })
  expect(moved.status).toBe(200)
  // remindAgain asks for itself a minute later: 1 at +120 min, 2 at +121, 3 at +122; 4 (+123) is after the window.
  expect(moved.body.tasks.map((t) => [t.method, t.status])).toEqual([['record', 200], ['remindAgain', 200], ['remindAgain', 200], ['remindAgain', 200]])
  const expected = [60, 120, 121, 122].map((m) => t0 + m * MIN)
  moved.body.tasks.forEach((t, i) => near(Date.parse(t.ranAt), expected[i] as number))
  // The class's own `new Date()` at the call.
  const recorded = (await logOf(b, id)).find((e) => e.method === 'record')
  near(Date.parse(recorded?.at as string), t0 + 60 * MIN)
  expect((await logOf(b, id)).filter((e) => 'remind' in e)).toEqual([{ remind: 1 }, { remind: 2 }, { remind: 3 }])
  // The clock stands at the target; this process's Date reads it too.
  near(moved.body.nowMs, t0 + (7200 + 150) * 1000)
  near(Date.now(), t0 + (7200 + 150) * 1000)
  near(new Date().getTime(), t0 + (7200 + 150) * 1000)
  expect((await call<Array<{ method: string; payload: unknown }>>(b, 'GET', '/__dev/tasks')).body).toEqual([expect.objectContaining({ method: 'remindAgain', payload: { n: 4 } })])
})

test('POST /__dev/tasks/run after a move runs only what is due by the moved clock', async () => {
  const b = await start()
  const id = await newReminder(b)
  await plan(b, id, [{ method: 'record', after: 600, payload: 'ten minutes' }, { method: 'record', after: 3600, payload: 'an hour' }])
  expect((await call(b, 'POST', '/__dev/tasks/run')).body).toEqual({ ran: 0, results: [] })
  expect((await advance(b, { advanceSeconds: 300 })).body.tasks).toEqual([])
  expect((await call(b, 'POST', '/__dev/tasks/run')).body).toEqual({ ran: 0, results: [] })
  expect((await advance(b, { advanceSeconds: 300 })).body.tasks.map((t) => t.method)).toEqual(['record'])
  expect((await call(b, 'POST', '/__dev/tasks/run')).body).toEqual({ ran: 0, results: [] })
  expect((await logOf(b, id)).filter((e) => e.method === 'record').map((e) => e.body)).toEqual(['ten minutes'])
})

test('scheduled methods run at every one of their times in the window, in due order', async () => {
  const b = await start()
  const t0 = (await readClock(b)).nowMs
  const moved = await advance(b, { advanceSeconds: 62 * 60 })
  const everyFive = moved.body.schedules.filter((s) => s.method === 'everyFiveMinutes')
  // A rate counts from the runtime's start: +5, +10 … +60 minutes.
  const first = Date.parse(everyFive[0]?.dueAt as string)
  expect(Math.abs(first - (t0 + 5 * MIN))).toBeLessThan(SLACK_MS)
  expect(everyFive.map((s) => Date.parse(s.dueAt) - first)).toEqual(Array.from({ length: 12 }, (_, i) => i * 5 * MIN))
  const dues = moved.body.schedules.map((s) => Date.parse(s.dueAt))
  expect(dues).toEqual([...dues].sort((x, y) => x - y))
  const counts = (await call<{ ticks: Record<string, number>; last: { everyFiveMinutes: { at: string } } }>(b, 'POST', `/${P}/CALL/Reminder/counts`)).body
  expect(counts.ticks.everyFiveMinutes).toBe(12)
  near(Date.parse(counts.last.everyFiveMinutes.at), first + 55 * MIN)
})

test('the clock never goes back, and moves only forward by whole seconds: bad input is a clear 400', async () => {
  const b = await start()
  const before = await readClock(b)
  const bad: Array<[unknown, RegExp]> = [
    [{ advanceSeconds: 0 }, /"advanceSeconds" must be positive, got 0/],
    [{ advanceSeconds: -3600 }, /must be positive, got -3600.*never goes back/],
    [{ advanceSeconds: 1.5 }, /must be a whole number, got 1\.5/],
    [{ advanceSeconds: '60' }, /must be a whole number, got "60"/],
    [{ advanceSeconds: MAX_ADVANCE_SECONDS + 1 }, new RegExp(`may be at most ${MAX_ADVANCE_SECONDS}`)],
    [{}, /"advanceSeconds" is missing/],
    [{ advanceSeconds: 60, to: '2030-01-01' }, /Unknown field "to"/],
    [[60], /must be a JSON object/],
    [undefined, /must be a JSON object/],
  ]
  for (const [body, message] of bad) {
    const res = await advance(b, body)
    expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'BAD_ADVANCE' })
    expect(res.body.message).toMatch(message)
  }
  expect((await readClock(b)).offsetMs).toBe(before.offsetMs)
  expect((await call(b, 'PUT', '/__dev/clock', { advanceSeconds: 1 })).status).toBe(405)
  // One second ahead of the reading before the move; the offset grows by that second less the
  // wall time the move itself took (the clock lands on a business time, not on an offset).
  const last = await readClock(b)
  const moved = (await advance(b, { advanceSeconds: 1 })).body
  expect(moved.nowMs).toBeGreaterThanOrEqual(last.nowMs + 1000)
  expect(moved.offsetMs).toBeGreaterThan(before.offsetMs)
})

test('dev mode, the header and a shiftable Date are required; the Date is given back at close', async () => {
  const prod = await createBackend({ projectId: P, storage: 'memory', projectDir: project.dir, timers: false })
  open.push(prod)
  expect((await prod.handle({ method: 'GET', url: '/__dev/clock', headers: { 'x-rio-dev': '1' } })).status).toBe(404)
  await expect(createBackend({ projectId: P, storage: 'memory', projectDir: project.dir, shiftProcessDate: true })).rejects.toThrow(/shiftProcessDate needs dev mode/)

  const fixed = await start({ shiftProcessDate: false })
  const refused = await advance(fixed, { advanceSeconds: 60 })
  expect(refused).toMatchObject({ status: 409, body: { code: 'CLOCK_FIXED' } })
  expect(refused.body.message).toMatch(/class code's Date would not follow it/)

  const NativeDate = Date
  const b = await start()
  expect((await b.handle({ method: 'GET', url: '/__dev/clock', headers: {} })).status).toBe(403)
  await expect(start()).rejects.toThrow(/already follows another backend's test clock/)
  await advance(b, { advanceSeconds: 86_400 })
  const shifted = new Date()
  expect(shifted).toBeInstanceOf(NativeDate)
  expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z')
  expect(Date.parse('2026-01-01T00:00:00Z')).toBe(1_767_225_600_000)
  await b.close()
  expect(Date).toBe(NativeDate)
  expect(Math.abs(Date.now() - (shifted.getTime() - 86_400_000))).toBeLessThan(60_000)
})

test('on disk, the moved clock survives a restart: time never goes back, and what it made due still runs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rio-clock-'))
  try {
    const first = await start({ storage: { dir } })
    const id = await newReminder(first)
    await plan(first, id, [{ method: 'record', after: 2 * 86_400, payload: 'in two days' }])
    const moved = (await advance(first, { advanceSeconds: 86_400 })).body
    await first.close()

    const second = await start({ storage: { dir } })
    const clock = await readClock(second)
    expect(clock.offsetMs).toBe(moved.offsetMs)
    expect(clock.nowMs).toBeGreaterThanOrEqual(moved.nowMs)
    expect((await advance(second, { advanceSeconds: 86_400 })).body.tasks.map((t) => t.method)).toEqual(['record'])
    await second.close()

    writeFileSync(join(dir, 'test-clock.json'), '{"offsetMs": -5}')
    await expect(start({ storage: { dir } })).rejects.toThrow(/test-clock\.json must hold \{"offsetMs": N\} with N a whole number ≥ 0/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('GET /__clock: the page reads the moved clock through a proxy, without the dev header; only in dev mode, read-only', async () => {
  const b = await start()
  await advance(b, { advanceSeconds: 10 * 86_400 })
  // As the app asks through its own origin: the TLS front forwards with X-Forwarded-* and no dev header.
  const read = await b.handle({ method: 'GET', url: '/__clock', headers: { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' } })
  expect(read.status).toBe(200)
  expect(read.headers['cache-control']).toBe('no-store')
  const body = JSON.parse(read.body) as ClockAnswer
  // The move itself takes wall time, which the offset gives back: about ten days, and the same as /__dev/clock says.
  expect(body.offsetMs).toBeGreaterThan(9 * 86_400_000)
  expect(body.offsetMs).toBe((await readClock(b)).offsetMs)
  expect(Date.parse(body.now)).toBe(body.nowMs)
  // It moves nothing: any other method is refused and the clock stays where it was.
  const moved = await b.handle({ method: 'POST', url: '/__clock', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: 60 }) })
  expect(JSON.parse(moved.body)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' })
  expect(moved.status).toBe(405)
  expect((await readClock(b)).offsetMs).toBe(body.offsetMs)

  // Outside dev mode (as on Retter) there is no such path.
  const prod = await createBackend({ projectId: P, storage: 'memory', projectDir: project.dir, timers: false })
  open.push(prod)
  expect((await prod.handle({ method: 'GET', url: '/__clock', headers: {} })).status).toBe(404)
})
