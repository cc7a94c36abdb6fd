/**
 * The failed-confirmation caps (limits.ts) as properties over any history of failures: a
 * confirmation is refused exactly when the last hour holds CONFIRM_FAILURES_PER_HOUR failures or
 * the last day CONFIRM_FAILURES_PER_DAY, and the wait it names is exactly how long that lasts.
 */
import fc from 'fast-check'
import { CONFIRM_FAILURES_PER_DAY, CONFIRM_FAILURES_PER_HOUR, confirmLimit, noteFailedConfirmation } from '../limits'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const NOW = Date.parse('2026-11-23T09:00:00Z')

/** Failures at any moment of the two days before NOW (older ones must not count). */
const history = fc.array(fc.integer({ min: NOW - 2 * DAY, max: NOW }), { maxLength: 40 })
/** Histories past a cap: a full hour or a full day, with any older failures besides. */
const fullHistory = fc.tuple(
  fc.oneof(
    fc.array(fc.integer({ min: NOW - HOUR + 1, max: NOW }), { minLength: CONFIRM_FAILURES_PER_HOUR, maxLength: CONFIRM_FAILURES_PER_HOUR + 3 }),
    fc.array(fc.integer({ min: NOW - DAY + 1, max: NOW }), { minLength: CONFIRM_FAILURES_PER_DAY, maxLength: CONFIRM_FAILURES_PER_DAY + 3 }),
  ),
  history,
).map(([full, rest]) => full.concat(rest))

function counted(failures: number[], at: number, window: number): number {
  return failures.filter((t) => t > at - window && t <= at).length
}
function refusedAt(failures: number[], at: number): boolean {
  return counted(failures, at, HOUR) >= CONFIRM_FAILURES_PER_HOUR || counted(failures, at, DAY) >= CONFIRM_FAILURES_PER_DAY
}

test('refused exactly when the hour or the day is full, with a 429 CONFIRM_LIMIT and retryAfterSeconds', () => {
  fc.assert(fc.property(history, (failures) => {
    const answer = confirmLimit({ failedConfirmations: failures.slice() }, NOW)
    expect(answer !== null).toBe(refusedAt(failures, NOW))
    if (answer) expect(answer).toMatchObject({ statusCode: 429, body: { code: 'CONFIRM_LIMIT', retryAfterSeconds: expect.any(Number) } })
  }))
})

test('the wait it names ends the refusal, and not a second earlier', () => {
  fc.assert(fc.property(fullHistory, (failures) => {
    const answer = confirmLimit({ failedConfirmations: failures.slice() }, NOW)
    expect(answer).not.toBeNull()
    const seconds = (answer?.body as { retryAfterSeconds: number }).retryAfterSeconds
    expect(confirmLimit({ failedConfirmations: failures.slice() }, NOW + seconds * 1000)).toBeNull()
    expect(refusedAt(failures, NOW + (seconds - 1) * 1000)).toBe(true)
  }))
})

test('counting a failure keeps every failure of the last day and only those', () => {
  fc.assert(fc.property(history, (failures) => {
    const state = { failedConfirmations: failures.slice() }
    noteFailedConfirmation(state, NOW)
    expect(state.failedConfirmations.slice().sort((a, b) => a - b)).toEqual(failures.filter((t) => t > NOW - DAY).concat(NOW).sort((a, b) => a - b))
  }))
})
