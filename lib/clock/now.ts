/**
 * The app's one answer to "what time is it" wherever a page decides today, this week or what can
 * still change. On Retter it is the browser's clock. Locally the backend has a test clock that
 * moves forward (`POST /__dev/clock`); the page learns its offset once when the SDK starts
 * (./backend-clock.ts) and adds it here, so the page's "today" is class code's.
 */

let offsetMs = 0
const listeners = new Set<() => void>()

/** Epoch milliseconds as the backend sees them: the browser's clock plus the test clock's offset (0 on Retter). */
export function appNow(): number {
  return Date.now() + offsetMs
}

/** How far the app's time stands ahead of the browser's clock (0 unless the local test clock moved). */
export function appClockOffsetMs(): number {
  return offsetMs
}

/**
 * Sets the offset the backend's clock stands at, and tells the subscribed components.
 * @throws RangeError when `ms` is not a finite number (a broken answer must not make every date NaN)
 */
export function setAppClockOffset(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError(`The clock offset must be a finite number of milliseconds (got ${String(ms)})`)
  if (ms === offsetMs) return
  offsetMs = ms
  for (const listener of [...listeners]) listener()
}

/** Calls `listener` whenever the offset changes; returns the unsubscribe. */
export function subscribeAppClock(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
