/**
 * When the page starts the SDK: after load, once the browser is idle. Apart from ./client.ts, which
 * loads with the SDK, because every page's first load needs this.
 */

/** How long the idle wait lasts at the longest, on a page that never goes idle. */
export const SDK_START_TIMEOUT_MS = 3000
/**
 * How long after load a visitor's page (no customer session stored) waits before starting the SDK:
 * the plans are already in the HTML, so its script work waits until the visitor has had time to read
 * and the load is long over. Any request starts it at once.
 */
export const VISITOR_SDK_DELAY_MS = 5000

/**
 * Runs `task` once the browser is idle after the page's load and `delayMs` more (the idle wait
 * lasting `SDK_START_TIMEOUT_MS` at most), so the SDK's download and evaluation never compete with
 * first paint and hydration.
 * @returns a function that cancels the task if it has not run
 */
export function whenIdle(task: () => void, delayMs = 0): () => void {
  if (typeof window === 'undefined') return () => undefined
  let cancelIdle: (() => void) | null = null
  const schedule = () => {
    if (delayMs > 0) {
      const id = window.setTimeout(idle, delayMs)
      cancelIdle = () => window.clearTimeout(id)
    } else {
      idle()
    }
  }
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: SDK_START_TIMEOUT_MS })
      cancelIdle = () => window.cancelIdleCallback(id)
    } else {
      const id = window.setTimeout(task, 0)
      cancelIdle = () => window.clearTimeout(id)
    }
  }
  if (document.readyState === 'complete') {
    schedule()
    return () => cancelIdle?.()
  }
  window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    cancelIdle?.()
  }
}
