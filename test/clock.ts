/**
 * Moving time in an app test: the page, the SDK and the in-process backend (class code, its delayed
 * calls, its sessions) all read this process's `Date`, so only `Date` is faked (timers stay real for
 * msw, React and user-event) and the backend is made again on it. Undo with `jest.useRealTimers()`.
 */
import { backendHandle, resetBackend } from './backend'

export const DAY_MS = 24 * 60 * 60 * 1000

const REAL = [
  'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
  'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval',
  'setTimeout', 'clearTimeout',
] as const

/** Fakes `Date` from now and makes a fresh backend on it. Call before anyone signs in. */
export async function movableClock(): Promise<void> {
  jest.useFakeTimers({ now: Date.now(), doNotFake: [...REAL] })
  await resetBackend()
}

function dev(method: 'GET' | 'POST', url: string) {
  return backendHandle({ method, url, headers: { 'x-rio-dev': '1' } })
}

/**
 * Moves the clock to `targetMs` as time would pass: each delayed call of the backend runs at its own
 * due time, in order, including the ones those runs add (charges, retries, the end of a day).
 */
export async function walkTo(targetMs: number): Promise<void> {
  for (let round = 0; round < 500; round++) {
    const pending = JSON.parse((await dev('GET', '/__dev/tasks')).body) as Array<{ dueAt: string }>
    const next = pending.map((task) => Date.parse(task.dueAt)).filter((at) => at <= targetMs).sort((a, b) => a - b)[0]
    if (next === undefined) break
    if (next > Date.now()) jest.setSystemTime(next)
    const ran = await dev('POST', '/__dev/tasks/run')
    if (ran.status !== 200) throw new Error(`Running the delayed calls answered ${ran.status}: ${ran.body}`)
  }
  if (targetMs > Date.now()) jest.setSystemTime(targetMs)
}

/** 09:00 UTC `days` days from today (tomorrow: a new subscription's first delivery has been charged). */
export function daysAhead(days: number): number {
  return Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS + 9 * 60 * 60 * 1000
}
