/**
 * Moving the test clock: business time steps to each moment something falls due (a delayed call or
 * a scheduled method) up to the target, in due order, and runs it there, so a call that a call
 * schedules within the window runs at its own time with the right "now"; then the clock stands at
 * the target. Nothing runs before its time.
 */
import { HttpError } from '../../responses'
import type { RuntimeClock } from '../clock'
import type { TaskRunner, TaskRunResult } from './runner'
import type { ScheduledRun, Scheduler } from './scheduler'

/** More due moments than this in one move: a call that keeps re-scheduling itself at once, or a very frequent schedule. */
export const MAX_STEPS = 200_000

export interface ClockMove {
  /** Business time after the move (epoch ms). */
  now: number
  /** The delayed calls that ran, each with the time it ran at (ISO). */
  tasks: Array<TaskRunResult & { ranAt: string }>
  schedules: ScheduledRun[]
}

function earliest(a: number | null, b: number | null): number | null {
  if (a === null) return b
  if (b === null) return a
  return Math.min(a, b)
}

/**
 * Creates the mover of one backend's clock. Moves never overlap (a second waits for the first).
 * @throws HttpError 500 CLOCK_RUNAWAY after MAX_STEPS due moments in one move
 */
export function createClockMover(clock: RuntimeClock, tasks: TaskRunner, schedules: Scheduler) {
  let chain: Promise<unknown> = Promise.resolve()

  async function move(targetMs: number): Promise<ClockMove> {
    const ran: ClockMove['tasks'] = []
    const scheduled: ScheduledRun[] = []
    // The runtime's own timers would run the same calls meanwhile, outside this list and its order.
    tasks.hold(true)
    schedules.hold(true)
    try {
      for (let step = 0; ; step++) {
        const next = earliest(tasks.nextDueAt(), schedules.nextAt())
        if (next === null || next > targetMs) break
        if (step >= MAX_STEPS) {
          throw new HttpError(500, 'CLOCK_RUNAWAY', `More than ${MAX_STEPS} due moments before ${new Date(targetMs).toISOString()}: a delayed call keeps scheduling itself, or a schedule runs very often (move in smaller steps); the clock stopped at ${new Date(clock.now()).toISOString()}`)
        }
        clock.advanceTo(next)
        const ranAt = new Date(clock.now()).toISOString()
        const results = await tasks.runDue({ waitInPlace: true })
        const runs = await schedules.runDue()
        for (const r of results) ran.push({ ...r, ranAt })
        scheduled.push(...runs)
        // Still due after a run that ran nothing: the runtime is stopping.
        if (results.length === 0 && runs.length === 0 && (earliest(tasks.nextDueAt(), schedules.nextAt()) ?? Infinity) <= clock.now()) break
      }
      clock.advanceTo(targetMs)
    } finally {
      // Armed anew, from the new time.
      tasks.hold(false)
      schedules.hold(false)
    }
    return { now: clock.now(), tasks: ran, schedules: scheduled }
  }

  return {
    /** Moves business time forward by `seconds`, running what falls due on the way; resolves once all of it ran. */
    advance(seconds: number): Promise<ClockMove> {
      const run = chain.then(() => move(clock.now() + seconds * 1000))
      chain = run.catch(() => undefined)
      return run
    },
  }
}

export type ClockMover = ReturnType<typeof createClockMover>
