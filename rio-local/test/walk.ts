/**
 * Moving a test's fake clock through a backend's delayed calls: each due call runs at its own
 * time, in order, as the platform would run them, until `iso`.
 */
import type { Backend } from '../app'
import { call } from './in-process'

/** A fake clock as `fakeDate` makes it. */
export interface TestClock {
  advance(ms: number): void
  now(): number
}

/**
 * Runs every delayed call due by `iso` at its time (at most 500 steps), then sets the clock to `iso`.
 * @param backend the in-process backend (dev endpoints on)
 */
export async function walkTo(backend: Backend, time: TestClock, iso: string): Promise<void> {
  const target = Date.parse(iso)
  for (let guard = 0; guard < 500; guard++) {
    const pending = (await call<Array<{ dueAt: string }>>(backend, 'GET', '/__dev/tasks')).body
    const next = pending.map((t) => Date.parse(t.dueAt)).filter((at) => at <= target).sort((a, b) => a - b)[0]
    if (next === undefined) break
    if (next > time.now()) time.advance(next - time.now())
    await backend.runDueTasks()
  }
  if (target > time.now()) time.advance(target - time.now())
}
