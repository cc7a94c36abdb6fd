/**
 * Runs stored delayed calls when they are due: a CALL of the method through the engine's normal
 * dispatch (authorizer, input model, WRITE lock), as a class-to-class call: identity `developer`
 * and the `referer*` fields of the invocation that asked for it. Nobody gets the answer.
 *
 * A WRITE whose instance is busy waits for it (call.ts); a 570 the method answers itself (passing on
 * another instance's) runs again a second later; any other failure is logged and the entry is
 * dropped, as Retter does not retry. An entry is removed after it ran, so a crash mid-call runs it
 * again on the next start (at least once). Runs never overlap: one batch at a time.
 *
 * Within a batch, Retter's rule: only calls to the same instance are serialised. Each instance's
 * entries (one STATIC method's, for a class-level call) form a lane that runs one at a time in due
 * order; up to `concurrency` lanes run at once (./lanes.ts).
 */
import type { Logger } from '../../../logger'
import type { Storage, StoredTask } from '../../../storage/types'
import { DEVELOPER_CALLER, type CloudCall } from '../context'
import { HttpError } from '../../responses'
import type { BackendResponse } from '../../wire-types'
import { inLanes } from './lanes'
import { createWakeTimer } from './wake-timer'

/**
 * A failed delivery of a published event is tried again in place, so the subscriber's later events
 * still come after it: Retter documents retrying with a `RetryConfig {delay, count, rate}` (delay in
 * ms, multiplied by rate after each try) and its SDK's default is 50 ms, 3 times, 1.5.
 */
export const EVENT_RETRY = { delayMs: 50, count: 3, rate: 1.5 } as const

/** A busy instance is tried again after this long. */
export const BUSY_RETRY_MS = 1000
/** Lanes (instances) whose delayed calls run at once, unless the backend sets another bound. */
export const DEFAULT_TASK_CONCURRENCY = 16

/** After this many busy answers in a row (about five minutes), the entry is given up. */
export const MAX_BUSY_RETRIES = 300
/** The dev endpoint waits for a busy instance in place, this often and this long apart. */
const INLINE_BUSY_TRIES = 20
const INLINE_BUSY_WAIT_MS = 100

export interface TaskRunResult {
  id: number
  classId: string
  /** The target instance (or `name!value` of its lookup key); absent for a STATIC method. */
  instanceId?: string
  method: string
  status: number
}

export interface RunDueOptions {
  /** Dev endpoints: a busy instance is waited for briefly before the entry is put back. */
  waitInPlace?: boolean
  /** Only the due entries this accepts (default all). */
  only?: (task: StoredTask) => boolean
}

/** An entry its caller asked to run at once (`after: 0`): the work a call hands on past its commit. */
export function handedOnAtOnce(task: StoredTask): boolean {
  return task.dueAt <= task.createdAt
}

export interface TaskRunner {
  /**
   * Runs the entries due now (on the engine's clock), in due order; never one whose time has not
   * come. `waitInPlace` (dev endpoints): a busy instance is waited for briefly before it is put back.
   */
  runDue(options?: RunDueOptions): Promise<TaskRunResult[]>
  /** When the earliest pending entry is due (epoch ms), or null when none is pending. */
  nextDueAt(): number | null
  list(): StoredTask[]
  /** Entries were stored: look at the timer again. */
  wake(): void
  /** While held, the timer runs nothing (the test clock is moving and runs what falls due itself); released, it is armed anew. */
  hold(held: boolean): void
  /** Arms the timer for what storage already holds (a restart picks up every pending entry). */
  start(): void
  /** Stops the timer and waits for the batch in progress. */
  stop(): Promise<void>
}

export interface TaskRunnerOptions {
  projectId: string
  storage: Storage
  logger: Logger
  now: () => number
  dispatch(call: CloudCall): Promise<BackendResponse>
  /** Run due entries on a timer (false: only when asked, for tests that move the clock). */
  timers: boolean
  /** How many instances' delayed calls run at once (default DEFAULT_TASK_CONCURRENCY); one instance's never overlap. */
  concurrency?: number
}

function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as unknown
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') return parsed.message
  } catch {
    // Not JSON: the body itself says it.
  }
  return body.slice(0, 200)
}

const targetOf = (task: StoredTask): string | undefined =>
  task.lookupKey ? `${task.lookupKey.name}!${task.lookupKey.value}` : task.instanceId

/** The CALL a stored entry makes. */
function taskCall(task: StoredTask): CloudCall {
  const target = targetOf(task)
  return {
    action: 'CALL',
    classId: task.classId,
    rest: [task.method, ...(target === undefined ? [] : [target])],
    request: { method: 'POST', segments: [], query: {}, body: task.payload, headers: {} },
    requestId: `task-${task.id}`,
    sourceIP: task.sourceIP,
    internal: { caller: DEVELOPER_CALLER, referer: task.referer, waitIfBusy: true },
  }
}

/** Creates the runner of one project's delayed calls. */
export function createTaskRunner(opts: TaskRunnerOptions): TaskRunner {
  const { storage, logger, now } = opts
  const concurrency = opts.concurrency ?? DEFAULT_TASK_CONCURRENCY
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`The task concurrency must be a whole number of at least 1, got ${concurrency}`)
  let chain: Promise<unknown> = Promise.resolve()
  let stopped = false
  let held = false
  const timer = createWakeTimer(() => {
    if (held) return
    runDue().catch((err: unknown) => logger.error('delayed calls: a run failed', { error: err instanceof Error ? err.stack : String(err) }))
  }, now)

  /** One batch at a time, in call order. */
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = chain.then(fn)
    chain = run.catch(() => undefined)
    return run
  }

  async function call(task: StoredTask): Promise<{ status: number; message: string }> {
    try {
      const res = await opts.dispatch(taskCall(task))
      return { status: res.status, message: res.status >= 200 && res.status < 300 ? '' : messageOf(res.body) }
    } catch (err) {
      if (err instanceof HttpError) return { status: err.status, message: err.message }
      return { status: 500, message: err instanceof Error ? err.message : String(err) }
    }
  }

  const failed = (status: number) => status !== 570 && (status < 200 || status >= 300)

  async function runOne(task: StoredTask, waitInPlace: boolean): Promise<TaskRunResult> {
    let outcome = await call(task)
    for (let i = 0; waitInPlace && outcome.status === 570 && i < INLINE_BUSY_TRIES; i++) {
      await new Promise((resolve) => setTimeout(resolve, INLINE_BUSY_WAIT_MS))
      outcome = await call(task)
    }
    // An event's delivery: retried as EVENT_RETRY says, in its lane, before the instance's next call.
    let delayMs: number = EVENT_RETRY.delayMs
    for (let i = 0; task.referer.event !== undefined && failed(outcome.status) && i < EVENT_RETRY.count && !stopped; i++) {
      logger.debug('event delivery failed; trying again', { classId: task.classId, method: task.method, event: task.referer.event, status: outcome.status, inMs: delayMs })
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      delayMs *= EVENT_RETRY.rate
      outcome = await call(task)
    }
    const fields = { classId: task.classId, method: task.method, instanceId: targetOf(task), status: outcome.status, message: outcome.message, ...(task.referer.event === undefined ? {} : { event: task.referer.event }) }
    if (outcome.status === 570 && task.busyRetries + 1 < MAX_BUSY_RETRIES) {
      storage.commit({ retriedTasks: [{ id: task.id, dueAt: now() + BUSY_RETRY_MS, busyRetries: task.busyRetries + 1 }] })
      logger.debug('delayed call: instance busy, trying again shortly', fields)
    } else {
      if (outcome.status === 570) logger.warn(`delayed call dropped: the instance stayed busy through ${MAX_BUSY_RETRIES} tries`, fields)
      else if (failed(outcome.status) && task.referer.event !== undefined) logger.warn(`event delivery failed ${EVENT_RETRY.count + 1} times and is dropped`, fields)
      else if (failed(outcome.status)) logger.warn('delayed call failed and is dropped (Retter does not retry)', fields)
      else logger.debug('delayed call ran', fields)
      storage.commit({ removedTaskIds: [task.id] })
    }
    return { id: task.id, classId: task.classId, ...(targetOf(task) === undefined ? {} : { instanceId: targetOf(task) }), method: task.method, status: outcome.status }
  }

  /** The instance an entry calls (its lookup key resolved when it is bound), or its STATIC method: the unit Retter serialises. */
  function laneOf(task: StoredTask): string {
    if (task.lookupKey) {
      const found = storage.findLookupKey(opts.projectId, task.classId, task.lookupKey.name, task.lookupKey.value)
      return found === undefined ? `${task.classId}/${task.lookupKey.name}!${task.lookupKey.value}` : `${task.classId}/${found}`
    }
    return task.instanceId === undefined ? `${task.classId}.${task.method}` : `${task.classId}/${task.instanceId}`
  }

  async function runBatch(tasks: StoredTask[], waitInPlace: boolean): Promise<TaskRunResult[]> {
    const ran = await inLanes(tasks, laneOf, concurrency, (task) => runOne(task, waitInPlace), () => stopped)
    arm()
    return ran
  }

  function arm(): void {
    if (!opts.timers || stopped) return
    timer.at(storage.nextTaskDueAt(opts.projectId))
  }

  function runDue(options: RunDueOptions = {}): Promise<TaskRunResult[]> {
    // What is due is read when the batch starts (the clock may have moved while an earlier one ran).
    const only = options.only ?? (() => true)
    return exclusive(() => runBatch(storage.listTasks(opts.projectId, now()).filter(only), options.waitInPlace ?? false))
  }

  return {
    runDue,
    nextDueAt: () => storage.nextTaskDueAt(opts.projectId),
    list: () => storage.listTasks(opts.projectId),
    wake: arm,
    hold(on) {
      held = on
      if (!on) arm()
    },
    start: arm,
    async stop() {
      stopped = true
      timer.stop()
      await chain
    },
  }
}
