/** Dev-only endpoints (RIO_LOCAL_DEV=1): the outbox, public-state merges, delayed calls and the test clock, for demos and tests. */
import type { Storage } from '../../storage/types'
import { parseAdvance, type RuntimeClock } from '../engine/clock'
import type { Engine } from '../engine/engine'
import type { BackendResponse } from '../wire-types'
import { HttpError, json } from '../responses'
import type { ParsedRequest } from '../wire-types'
import type { ClockMover } from '../engine/tasks/advance'
import { handedOnAtOnce, type TaskRunner } from '../engine/tasks/runner'

/** The first path segment of the browser's read of the test clock (dev mode only). */
export const CLOCK_READ_SEGMENT = '__clock'

/** The test clock as the dev endpoints see it; `mover` is null when class code's Date cannot follow it. */
export interface DevClock {
  clock: RuntimeClock
  mover: ClockMover | null
}

/**
 * The outbox query both the outbox endpoint and the inbox page read: `limit` (default 50) and the
 * address `to`, trimmed and lower-cased (undefined when absent; it may be empty).
 * @throws HttpError 400 BAD_LIMIT unless `limit` is an integer from 1 to 500
 */
export function outboxQuery(query: ParsedRequest['query']): { to: string | undefined; limit: number } {
  const limit = query.limit === undefined ? 50 : Number(query.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new HttpError(400, 'BAD_LIMIT', '"limit" must be an integer from 1 to 500')
  return { to: query.to === undefined ? undefined : query.to.trim().toLowerCase(), limit }
}

/** The most batches of delayed calls one outbox read runs (each outbox run sends one e-mail). */
export const OUTBOX_SETTLE_BATCHES = 50

/**
 * Runs the delayed calls that calls handed on at once (`after: 0`) and that are due, again while
 * those hand on more: classes send e-mail from such a call after their commit (one message per
 * run), so an outbox read shows every e-mail of the calls answered before it, with timers or
 * without. Work scheduled for a later time (a reminder, a charge, a retry) waits for its time.
 */
async function settleHandedOn(tasks: TaskRunner, now: () => number): Promise<void> {
  for (let batch = 0; batch < OUTBOX_SETTLE_BATCHES; batch++) {
    const waiting = tasks.list().some((task) => handedOnAtOnce(task) && task.dueAt <= now())
    if (!waiting) return
    await tasks.runDue({ waitInPlace: true, only: handedOnAtOnce })
  }
}

/** `GET tasks` lists pending delayed calls; `POST tasks/run` runs those due now (never one whose time has not come). */
async function handleDevTasks(rest: string[], req: ParsedRequest, tasks: TaskRunner): Promise<BackendResponse> {
  if (rest.length === 0) {
    if (req.method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use GET to list delayed calls (POST /__dev/tasks/run runs them)')
    return json(
      200,
      tasks.list().map((t) => ({
        id: t.id,
        classId: t.classId,
        ...(t.instanceId === undefined ? {} : { instanceId: t.instanceId }),
        ...(t.lookupKey === undefined ? {} : { lookupKey: t.lookupKey }),
        method: t.method,
        dueAt: new Date(t.dueAt).toISOString(),
        ...(t.payload === undefined ? {} : { payload: t.payload }),
      })),
    )
  }
  if (rest.length === 1 && rest[0] === 'run') {
    if (req.method !== 'POST') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use POST to run the delayed calls due now')
    // Only what is due: a later call waits for its time (POST /__dev/clock brings it).
    const results = await tasks.runDue({ waitInPlace: true })
    return json(200, {
      ran: results.length,
      results: results.map((r) => ({ classId: r.classId, ...(r.instanceId === undefined ? {} : { instanceId: r.instanceId }), method: r.method, status: r.status })),
    })
  }
  throw new HttpError(404, 'NOT_FOUND', 'Unknown dev endpoint; use GET /__dev/tasks or POST /__dev/tasks/run')
}

const clockAnswer = (clock: RuntimeClock) => {
  const now = clock.now()
  return { now: new Date(now).toISOString(), nowMs: now, offsetMs: clock.offsetMs() }
}

/**
 * `GET /__clock` (dev mode only, outside `/__dev`): the test clock's reading for the app in the
 * browser, which shows "today" as class code sees it. Read-only and without the dev header, so the
 * page can ask through the app's own origin; it moves nothing and tells nothing but the time.
 */
export function handleClockRead(req: ParsedRequest, clock: RuntimeClock): BackendResponse {
  if (req.method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use GET to read the clock (POST /__dev/clock moves it)')
  return json(200, clockAnswer(clock), { 'cache-control': 'no-store' })
}

/**
 * `GET clock` answers business time; `POST clock {advanceSeconds}` moves it forward and answers once
 * every delayed call and scheduled method due by then has run, each at its own time.
 */
async function handleDevClock(req: ParsedRequest, devClock: DevClock): Promise<BackendResponse> {
  if (req.method === 'GET') return json(200, clockAnswer(devClock.clock))
  if (req.method !== 'POST') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use GET to read the test clock and POST {"advanceSeconds": N} to move it')
  const parsed = parseAdvance(req.body)
  if ('problem' in parsed) throw new HttpError(400, 'BAD_ADVANCE', parsed.problem)
  if (!devClock.mover) {
    throw new HttpError(409, 'CLOCK_FIXED', "This backend's clock cannot be moved: class code's Date would not follow it (the runtime started with RIO_LOCAL_DEV=1 moves the process's Date; in-process, createBackend({shiftProcessDate: true}))")
  }
  const moved = await devClock.mover.advance(parsed.seconds)
  return json(200, {
    ...clockAnswer(devClock.clock),
    ran: moved.tasks.length + moved.schedules.length,
    tasks: moved.tasks.map((r) => ({ ranAt: r.ranAt, classId: r.classId, ...(r.instanceId === undefined ? {} : { instanceId: r.instanceId }), method: r.method, status: r.status })),
    schedules: moved.schedules,
  })
}

/**
 * Serves `/__dev/...` (segments after `__dev`).
 * `GET outbox?to=EMAIL` lists messages newest first, once the calls handed on at once have run; `POST state/{classId}/{instanceId}` merges a JSON object;
 * `GET tasks` and `POST tasks/run` show and run delayed calls; `GET clock` and `POST clock` read and move the test clock.
 */
export async function handleDev(rest: string[], req: ParsedRequest, storage: Storage, engine: Engine, devClock: DevClock): Promise<BackendResponse> {
  const [area, classId, instanceId, ...extra] = rest
  if (area === 'outbox' && classId === undefined) {
    if (req.method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use GET for the outbox')
    const { to, limit } = outboxQuery(req.query)
    await settleHandedOn(engine.tasks, () => devClock.clock.now())
    return json(200, storage.listOutbox(to, limit))
  }
  if (area === 'state' && classId !== undefined && instanceId !== undefined && extra.length === 0) {
    if (req.method !== 'POST') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use POST to merge state')
    const patch = req.body
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      throw new HttpError(400, 'BAD_STATE', 'The body must be a JSON object to merge into the public state')
    }
    const state = await engine.mergePublicState(classId, instanceId, patch as Record<string, unknown>)
    return json(200, { public: state.public })
  }
  if (area === 'tasks') return handleDevTasks(rest.slice(1), req, engine.tasks)
  if (area === 'clock' && classId === undefined) return handleDevClock(req, devClock)
  throw new HttpError(404, 'NOT_FOUND', 'Unknown dev endpoint')
}
