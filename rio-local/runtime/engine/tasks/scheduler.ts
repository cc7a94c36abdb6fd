/**
 * Calls STATIC methods with a `schedule:` at their times while the runtime runs, as EventBridge
 * does for Retter: times missed while it was stopped (or asleep) are not made up; a late wake-up
 * calls the method once and moves on to its next time after now. The call goes through the
 * engine's normal dispatch with identity `developer` and no referer (no invocation asked for it).
 */
import type { Logger } from '../../../logger'
import { DEVELOPER_CALLER, type CloudCall } from '../context'
import { HttpError } from '../../responses'
import type { BackendResponse } from '../../wire-types'
import type { ScheduleExpression } from './schedule-expression'
import type { LoadedClass } from '../types'
import { createWakeTimer } from './wake-timer'

export interface ScheduledRun {
  classId: string
  method: string
  /** The time it was due (ISO). */
  dueAt: string
  status: number
}

export interface ScheduledMethod {
  classId: string
  method: string
  schedule: string
  /** Next call (epoch ms), or null when the expression has no future time. */
  nextAt: number | null
}

export interface Scheduler {
  /** Calls every scheduled method whose time has come (on the engine's clock). */
  runDue(): Promise<ScheduledRun[]>
  list(): ScheduledMethod[]
  /** The earliest next call (epoch ms), or null when nothing is scheduled ahead. */
  nextAt(): number | null
  start(): void
  /** While held, the timer calls nothing (the test clock is moving and calls what falls due itself); released, it is armed anew. */
  hold(held: boolean): void
  /** Stops the timer and waits for calls in progress. */
  stop(): Promise<void>
}

export interface SchedulerOptions {
  classes: Map<string, LoadedClass>
  logger: Logger
  now: () => number
  dispatch(call: CloudCall): Promise<BackendResponse>
  timers: boolean
}

interface Entry {
  classId: string
  method: string
  expression: ScheduleExpression
  nextAt: number | null
}

/** Creates the scheduler of a project's scheduled STATIC methods; times count from its creation. */
export function createScheduler(opts: SchedulerOptions): Scheduler {
  const { logger, now } = opts
  const origin = now()
  const entries: Entry[] = []
  for (const cls of opts.classes.values()) {
    for (const m of cls.methods) {
      if (m.schedule) entries.push({ classId: cls.classId, method: m.method, expression: m.schedule, nextAt: m.schedule.next(origin, origin) })
    }
  }
  let chain: Promise<unknown> = Promise.resolve()
  let stopped = false
  let held = false
  let count = 0
  const timer = createWakeTimer(() => {
    if (held) return
    runDue().catch((err: unknown) => logger.error('scheduled methods: a run failed', { error: err instanceof Error ? err.stack : String(err) }))
  }, now)

  async function fire(entry: Entry, dueAt: number): Promise<ScheduledRun> {
    const call: CloudCall = {
      action: 'CALL',
      classId: entry.classId,
      rest: [entry.method],
      request: { method: 'POST', segments: [], query: {}, body: undefined, headers: {} },
      requestId: `schedule-${(count++).toString(36)}`,
      sourceIP: '127.0.0.1',
      internal: { caller: DEVELOPER_CALLER },
    }
    let status: number
    let message = ''
    try {
      const res = await opts.dispatch(call)
      status = res.status
      if (status < 200 || status >= 300) message = res.body.slice(0, 200)
    } catch (err) {
      status = err instanceof HttpError ? err.status : 500
      message = err instanceof Error ? err.message : String(err)
    }
    const fields = { classId: entry.classId, method: entry.method, schedule: entry.expression.source, status, message }
    if (status < 200 || status >= 300) logger.warn('scheduled method failed', fields)
    else logger.debug('scheduled method ran', fields)
    return { classId: entry.classId, method: entry.method, dueAt: new Date(dueAt).toISOString(), status }
  }

  function arm(): void {
    if (!opts.timers || stopped) return
    const times = entries.map((e) => e.nextAt).filter((t): t is number => t !== null)
    timer.at(times.length === 0 ? null : Math.min(...times))
  }

  function runDue(): Promise<ScheduledRun[]> {
    const run = chain.then(async () => {
      const at = now()
      const runs: ScheduledRun[] = []
      for (const entry of entries) {
        if (stopped || entry.nextAt === null || entry.nextAt > at) continue
        const dueAt = entry.nextAt
        // The next time after now, not after the missed one: nothing is made up.
        entry.nextAt = entry.expression.next(at, origin)
        runs.push(await fire(entry, dueAt))
      }
      arm()
      return runs
    })
    chain = run.catch(() => undefined)
    return run
  }

  return {
    runDue,
    nextAt() {
      const times = entries.map((e) => e.nextAt).filter((t): t is number => t !== null)
      return times.length === 0 ? null : Math.min(...times)
    },
    list: () => entries.map((e) => ({ classId: e.classId, method: e.method, schedule: e.expression.source, nextAt: e.nextAt })),
    start: arm,
    hold(on) {
      held = on
      if (!on) arm()
    },
    async stop() {
      stopped = true
      timer.stop()
      await chain
    },
  }
}
