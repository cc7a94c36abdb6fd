/**
 * Delayed calls (Retter tasks), one way for every class: `runIn`/`runAt` for this instance's own
 * methods, `callLater` for another instance's, and the ways a class keeps a single task pending
 * instead of one per change: by the earliest time something is due (`keepEarliestTask`), by a flag
 * that the task clears when it runs (`keepOneTask`), or by the delivery day it is for (`keepDayTask`).
 */
import type { Data } from '@retter/rdk'

type Payload = { [key: string]: unknown }

/** Whole seconds from `nowMs` until `atMs` (a task's `after`), never negative. */
export function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((atMs - nowMs) / 1000))
}

/** Calls `method` of another instance (this class's unless `classId` says) after `afterSeconds` (0: after this commit). */
export function callLater(data: Pick<Data, 'tasks'>, target: { classId?: string; instanceId?: string; method: string }, payload: unknown, afterSeconds?: number): void {
  if (!data.tasks) data.tasks = []
  const task: { classId?: string; instanceId?: string; method: string; after: number; payload: unknown } = {
    method: target.method, after: afterSeconds || 0, payload: payload,
  }
  if (target.classId !== undefined) task.classId = target.classId
  if (target.instanceId !== undefined) task.instanceId = target.instanceId
  data.tasks.push(task)
}

/** Runs this instance's `method` with `payload` in `afterSeconds`. */
export function runIn(data: Pick<Data, 'tasks'>, method: string, afterSeconds: number, payload?: Payload): void {
  callLater(data, { method: method }, payload || {}, Math.max(0, Math.ceil(afterSeconds)))
}

/** Runs this instance's `method` with `payload` at `atMs` (at once when that has passed). */
export function runAt(data: Pick<Data, 'tasks'>, method: string, atMs: number, nowMs: number, payload?: Payload): void {
  runIn(data, method, secondsUntil(atMs, nowMs), payload)
}

/**
 * Keeps the one task `method {at}` running by the earliest of `dueAt` (a time passed: now): a task
 * pending at or before it (`pendingAt`, not yet run) is kept; otherwise one more is scheduled, and
 * the later one, run with an `at` that is no longer the pending one, finds itself superseded.
 * @returns when the pending task runs (to store as the next `pendingAt`), or `pendingAt` when
 *   nothing is due
 */
export function keepEarliestTask(data: Pick<Data, 'tasks'>, method: string, pendingAt: number | undefined, dueAt: number[], nowMs: number): number | undefined {
  if (dueAt.length === 0) return pendingAt
  let earliest = Infinity
  for (const at of dueAt) earliest = Math.min(earliest, at)
  // Something already due is due now: a task pending now covers it.
  const at = Math.max(nowMs, earliest)
  if (pendingAt !== undefined && pendingAt <= at && pendingAt >= nowMs) return pendingAt
  runAt(data, method, at, nowMs, { at: at })
  return at
}

/**
 * Schedules `method` in `afterSeconds` unless one is pending already (`pending`, a flag the task
 * clears when it runs).
 * @returns true: a task is pending now
 */
export function keepOneTask(data: Pick<Data, 'tasks'>, pending: boolean | undefined, method: string, afterSeconds: number, payload?: Payload): true {
  if (!pending) runIn(data, method, afterSeconds, payload)
  return true
}

/**
 * Keeps one pending task for the delivery day it should be for (`target`; none when undefined): the
 * day is stored under `forKey` of `state`, and `schedule` runs only when the day changes, so a task
 * already pending for the same day is never scheduled twice. With no target the stored day goes.
 */
export function keepDayTask<K extends string>(state: { [P in K]?: string }, forKey: K, target: string | undefined, schedule: (date: string) => void): void {
  if (!target) {
    delete state[forKey]
    return
  }
  if (target === state[forKey]) return
  state[forKey] = target
  schedule(target)
}
