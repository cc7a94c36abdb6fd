/**
 * The runtime's one clock. Two readings:
 *
 * - `now()`, business time: what class code, delayed calls (`data.tasks`), scheduled methods, the
 *   project memory and the outbox see. It is the wall clock plus an offset that only the dev test
 *   clock (`POST /__dev/clock`) moves, and only forward, like Stripe's test clocks.
 * - `wallNow()`, the wall clock: what sessions live on (Retter and Firebase tokens, their
 *   bookkeeping). The browser's SDK judges a token's expiry on its own, real clock, and the
 *   Firestore emulator checks Firebase ID tokens on its own, real clock; tokens issued on a moved
 *   clock would look expired (or from the future) to both. So a customer who walks six weeks
 *   forward keeps the session they had, which is what a test of "six weeks later" wants.
 *
 * Class code reads time with `Date.now()` / `new Date()`, as on Retter, and runs in this process:
 * `shiftProcessDate` makes the process's global `Date` read `now()`. Only dev mode does this
 * (rio-local/main.ts with RIO_LOCAL_DEV=1, or a test that asks): a process that shares its `Date`
 * with one backend's test clock is a developer's local runtime, never a shared service.
 */

/** The furthest one `POST /__dev/clock` may move: a year and a day. */
export const MAX_ADVANCE_SECONDS = 366 * 24 * 3600

export interface RuntimeClock {
  /** Business time (epoch ms): the wall clock plus the test clock's offset. */
  now(): number
  /** The wall clock (epoch ms) the offset is added to; sessions live on it. */
  wallNow(): number
  /** How far the test clock has been moved (ms, never negative). */
  offsetMs(): number
  /** Moves business time forward to `atMs`; a time at or before `now()` changes nothing (never backward). */
  advanceTo(atMs: number): void
}

export interface RuntimeClockOptions {
  /** Where a previous run left the test clock (ms ≥ 0; default 0). */
  offsetMs?: number
  /** Called with the new offset before the clock reads it (to keep it across a restart). */
  onMove?(offsetMs: number): void
}

/**
 * A clock over `wallNow` (the backend's `now` option, else `Date.now`).
 * @param wallNow epoch ms of the wall clock (tests pass a fake one)
 */
export function createRuntimeClock(wallNow: () => number, options: RuntimeClockOptions = {}): RuntimeClock {
  let offset = options.offsetMs ?? 0
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`The test clock's offset must be a whole number of ms ≥ 0, got ${offset}`)
  const now = (): number => wallNow() + offset
  return {
    now,
    wallNow,
    offsetMs: () => offset,
    advanceTo(atMs) {
      if (!Number.isFinite(atMs)) throw new RangeError(`The clock cannot move to ${atMs}`)
      const gap = Math.ceil(atMs - now())
      if (gap <= 0) return
      options.onMove?.(offset + gap)
      offset += gap
    },
  }
}

/** Marks the Date constructor this module installed (so a second install, or a foreign one, is recognised). */
const SHIFTED = Symbol.for('rio-local.shiftedDate')

/**
 * Replaces the process's global `Date` with one whose `Date.now()`, `new Date()` and `Date()` read
 * `clock.now()`; every other use (`new Date(ms)`, `Date.parse`, `Date.UTC`, `instanceof Date`,
 * prototypes) is the original's. One backend per process may own it.
 * @returns undoes it (restores the `Date` it replaced, unless something replaced ours since)
 * @throws Error when another backend's clock already owns the process's `Date`
 */
export function shiftProcessDate(clock: RuntimeClock): () => void {
  const Base = globalThis.Date
  if ((Base as unknown as Record<symbol, unknown>)[SHIFTED]) {
    throw new Error("This process's Date already follows another backend's test clock: run one dev-mode backend per process")
  }
  // A function, not a class: its prototype IS Date.prototype, so dates made before and after the
  // swap are `instanceof` both constructors, as with jest's and sinon's fake Date.
  function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new Base(clock.now()).toString()
    return Reflect.construct(Base, args.length === 0 ? [clock.now()] : args, new.target) as Date
  }
  Object.setPrototypeOf(ShiftedDate, Base)
  ShiftedDate.prototype = Base.prototype
  Object.defineProperty(ShiftedDate, 'now', { value: () => clock.now(), writable: true, configurable: true })
  Object.defineProperty(ShiftedDate, SHIFTED, { value: true })
  const shifted = ShiftedDate as unknown as DateConstructor
  globalThis.Date = shifted
  return () => {
    if (globalThis.Date === shifted) globalThis.Date = Base
  }
}

/** Why a `POST /__dev/clock` body is refused, or the whole seconds to move. */
export function parseAdvance(body: unknown): { seconds: number } | { problem: string } {
  const usage = `Send {"advanceSeconds": N} with N a whole number of seconds from 1 to ${MAX_ADVANCE_SECONDS} (366 days); the clock never goes back`
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { problem: `The body must be a JSON object. ${usage}` }
  const extra = Object.keys(body).filter((key) => key !== 'advanceSeconds')
  if (extra.length > 0) return { problem: `Unknown field${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}. ${usage}` }
  const value = (body as { advanceSeconds?: unknown }).advanceSeconds
  if (value === undefined) return { problem: `"advanceSeconds" is missing. ${usage}` }
  if (typeof value !== 'number' || !Number.isInteger(value)) return { problem: `"advanceSeconds" must be a whole number, got ${JSON.stringify(value)}. ${usage}` }
  if (value < 1) return { problem: `"advanceSeconds" must be positive, got ${value}. ${usage}` }
  if (value > MAX_ADVANCE_SECONDS) return { problem: `"advanceSeconds" may be at most ${MAX_ADVANCE_SECONDS}, got ${value}. ${usage}` }
  return { seconds: value }
}
