/**
 * One timer for "wake me at this time": re-armed for the earliest due entry rather than polling.
 * Capped at an hour (setTimeout's own cap is 24.8 days, and the engine's clock may be moved), after
 * which the owner simply looks again. Unref'd: pending delayed work never keeps a process alive.
 */

/** The longest single wait; a later time is reached in steps. */
export const MAX_WAIT_MS = 3_600_000

export interface WakeTimer {
  /** Wakes at `dueAt` (epoch ms on `now`'s clock), replacing any earlier arming; null disarms. */
  at(dueAt: number | null): void
  stop(): void
}

/**
 * @param onWake called when the time comes (the owner runs what is due and arms again)
 * @param now the engine's clock
 */
export function createWakeTimer(onWake: () => void, now: () => number): WakeTimer {
  let handle: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const clear = () => {
    if (handle !== undefined) clearTimeout(handle)
    handle = undefined
  }
  return {
    at(dueAt) {
      clear()
      if (stopped || dueAt === null) return
      const wait = Math.min(Math.max(0, dueAt - now()), MAX_WAIT_MS)
      handle = setTimeout(() => {
        handle = undefined
        onWake()
      }, wait)
      // jsdom's timers (the app's in-process backend) return numbers, without unref.
      if (typeof handle === 'object' && typeof handle.unref === 'function') handle.unref()
    },
    stop() {
      stopped = true
      clear()
    },
  }
}
