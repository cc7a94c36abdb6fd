/**
 * Class code reads time with `Date.now()`, as on Retter. Tests move it with jest's fake `Date`
 * only: timers stay real, so sockets (SMTP), locks and the mirror keep working.
 */
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const

/** Fakes `Date` from `startMs`; returns `advance(ms)`. Undo with `jest.useRealTimers()`. */
export function fakeDate(startMs: number): { advance(ms: number): void; now(): number } {
  let clock = startMs
  jest.useFakeTimers({ now: startMs, doNotFake: [...REAL_TIMERS] })
  return {
    advance(ms) {
      clock += ms
      jest.setSystemTime(clock)
    },
    now: () => clock,
  }
}
