/**
 * Scheduled STATIC methods: the loader checks `schedule:` (ProjectError naming class, method and
 * problem), the runtime calls the methods at their times on a moved clock (as `developer`, missed
 * times not made up), and the scheduler's timer fires on its own and stops with it.
 */
import type { Data } from '@retter/rdk'
import { createBackend, type Backend } from '../../../app'
import { silentLogger } from '../../../logger'
import { loadProject, ProjectError } from '../../../project/load'
import { fakeDate } from '../../../test/clock'
import { call } from '../../../test/in-process'
import { composeProject } from '../../../test/projects'
import type { CloudCall } from '../context'
import { json } from '../../responses'
import type { LoadedClass } from '../types'
import { parseScheduleExpression } from './schedule-expression'
import { createScheduler } from './scheduler'
import { MAX_WAIT_MS } from './wake-timer'

describe('the loader', () => {
  const project = composeProject()
  afterAll(() => project.remove())

  function templateWith(method: string): void {
    project.write('classes/Clock/index.ts', 'export async function tick(data: unknown) { return data }\n')
    project.write('classes/Clock/template.yml', `methods:\n${method}`)
  }

  test.each([
    ['a schedule on a WRITE method', '  - method: tick\n    type: WRITE\n    handler: index.tick\n    schedule: rate(5 minutes)\n', /Clock\/template\.yml methods\[0\]: only STATIC methods may have a schedule; "tick" is WRITE/],
    ['a schedule on a method without a type (WRITE)', '  - method: tick\n    handler: index.tick\n    schedule: rate(5 minutes)\n', /only STATIC methods may have a schedule; "tick" is WRITE/],
    ['a cron with five fields', '  - method: tick\n    type: STATIC\n    handler: index.tick\n    schedule: cron(0 18 * * MON-FRI)\n', /Clock\/template\.yml methods\[0\]\.schedule of "tick": "cron\(0 18 \* \* MON-FRI\)": a cron expression has six fields/],
    ['a rate in weeks', '  - method: tick\n    type: STATIC\n    handler: index.tick\n    schedule: rate(2 weeks)\n', /methods\[0\]\.schedule of "tick": "rate\(2 weeks\)": a rate is/],
    ['a schedule that is no string', '  - method: tick\n    type: STATIC\n    handler: index.tick\n    schedule: 5\n', /methods\[0\]\.schedule: a schedule is a string/],
  ])('refuses %s', (_name, method, message) => {
    templateWith(method)
    expect(() => loadProject(project.dir)).toThrow(ProjectError)
    expect(() => loadProject(project.dir)).toThrow(message)
  })

  test('keeps a valid one on the method', () => {
    templateWith('  - method: tick\n    type: STATIC\n    handler: index.tick\n    schedule: cron(0 18 ? * MON-FRI *)\n')
    const tick = loadProject(project.dir).classes.get('Clock')?.methods[0]
    expect(tick?.schedule?.source).toBe('cron(0 18 ? * MON-FRI *)')
  })
})

describe('a running backend', () => {
  const P = 'schedule-tests'
  const project = composeProject({ fixtureClasses: ['Reminder'] })
  let backend: Backend
  let time: ReturnType<typeof fakeDate>
  afterAll(() => project.remove())
  afterEach(async () => {
    await backend.close()
    jest.useRealTimers()
  })

  interface Counts {
    ticks: Record<string, number>
    last: Record<string, { at: string; identity: string } | null>
  }
  const counts = async () => (await call<Counts>(backend, 'POST', `/${P}/CALL/Reminder/counts`)).body

  test('calls each scheduled method at its times, as developer, without making up missed times', async () => {
    // A Friday, two minutes before 18:00 UTC.
    time = fakeDate(Date.parse('2026-03-06T17:58:00.000Z'))
    backend = await createBackend({ projectId: P, storage: 'memory', projectDir: project.dir, timers: false, logger: silentLogger, now: () => Date.now() })
    // The fixture's schedules (the shop's classes beside it have their own, e.g. the boards' daily purge).
    const remindersDue = async () => (await backend.runDueSchedules()).filter((r) => r.classId === 'Reminder')
    expect(await remindersDue()).toEqual([])

    time.advance(120_000)
    expect(await remindersDue()).toEqual([{ classId: 'Reminder', method: 'weekdayEvenings', dueAt: '2026-03-06T18:00:00.000Z', status: 200 }])
    expect(await counts()).toMatchObject({ ticks: { weekdayEvenings: 1 }, last: { weekdayEvenings: { at: '2026-03-06T18:00:00.000Z', identity: 'developer' } } })
    expect(await remindersDue()).toEqual([])

    // Every five minutes from start: 18:03.
    time.advance(180_000)
    expect(await remindersDue()).toEqual([{ classId: 'Reminder', method: 'everyFiveMinutes', dueAt: '2026-03-06T18:03:00.000Z', status: 200 }])

    // A day later (Saturday): the 288 five-minute times missed in between run once, the weekday one not at all.
    time.advance(86_400_000 - 180_000)
    expect((await remindersDue()).map((r) => r.method)).toEqual(['everyFiveMinutes'])
    expect((await counts()).ticks).toEqual({ weekdayEvenings: 1, everyFiveMinutes: 2 })

    // Monday 18:00.
    time.advance(2 * 86_400_000)
    expect((await remindersDue()).map((r) => [r.method, r.dueAt])).toEqual([
      ['everyFiveMinutes', '2026-03-07T18:03:00.000Z'],
      ['weekdayEvenings', '2026-03-09T18:00:00.000Z'],
    ])
    expect((await counts()).ticks).toEqual({ weekdayEvenings: 2, everyFiveMinutes: 3 })
  })
})

describe('the timer', () => {
  function classWith(schedule: string): Map<string, LoadedClass> {
    const handler = (d: Data) => d
    return new Map([['Clock', { classId: 'Clock', methods: [{ method: 'tick', type: 'STATIC', handler, schedule: parseScheduleExpression(schedule) }] }]])
  }
  const calls: string[] = []
  const dispatch = async (c: CloudCall) => {
    calls.push(`${c.classId}.${c.rest[0]} as ${c.internal?.caller.identity} at ${new Date(Date.now()).toISOString()}`)
    return json(200, null)
  }
  beforeEach(() => {
    calls.length = 0
    jest.useFakeTimers({ now: Date.parse('2026-03-06T17:00:00.000Z') })
  })
  afterEach(() => jest.useRealTimers())

  test('fires at each time by itself, and not after stop()', async () => {
    const scheduler = createScheduler({ classes: classWith('rate(5 minutes)'), logger: silentLogger, now: () => Date.now(), dispatch, timers: true })
    scheduler.start()
    await jest.advanceTimersByTimeAsync(5 * 60_000 - 1)
    expect(calls).toEqual([])
    await jest.advanceTimersByTimeAsync(1)
    expect(calls).toEqual(['Clock.tick as developer at 2026-03-06T17:05:00.000Z'])
    await jest.advanceTimersByTimeAsync(5 * 60_000)
    expect(calls).toHaveLength(2)
    await scheduler.stop()
    await jest.advanceTimersByTimeAsync(60 * 60_000)
    expect(calls).toHaveLength(2)
  })

  test('a time beyond the longest wait is reached in steps of at most an hour', async () => {
    const scheduler = createScheduler({ classes: classWith('cron(0 12 1 JAN ? *)'), logger: silentLogger, now: () => Date.now(), dispatch, timers: true })
    scheduler.start()
    expect(jest.getTimerCount()).toBe(1)
    await jest.advanceTimersByTimeAsync(MAX_WAIT_MS)
    expect(calls).toEqual([])
    expect(jest.getTimerCount()).toBe(1)
    expect(scheduler.list()).toEqual([{ classId: 'Clock', method: 'tick', schedule: 'cron(0 12 1 JAN ? *)', nextAt: Date.parse('2027-01-01T12:00:00.000Z') }])
    await scheduler.stop()
    expect(jest.getTimerCount()).toBe(0)
  })
})
