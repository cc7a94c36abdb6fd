/**
 * Local mode only: reads the local backend's test clock (`GET /__clock`, served in its dev mode
 * only) and sets the app's clock offset (./now.ts) to how far it stands from this browser's clock, so the page's "today" follows a clock a test or
 * a developer moved forward. Never called on Retter, where the app's time is the browser's.
 */
import type { RioPublicConfig } from '@/lib/rio/config'
import { setAppClockOffset } from './now'

/** The path of the local backend's read of its test clock, after the app's `/rio` route. */
export const BACKEND_CLOCK_PATH = '/__clock'
/** How long the SDK's start waits for the answer; the loopback backend answers in milliseconds. */
export const BACKEND_CLOCK_WAIT_MS = 3000

/** The backend's time in an answer (`nowMs`), or undefined when it is not the clock's answer. */
function backendNowOf(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const nowMs = (body as { nowMs?: unknown }).nowMs
  return typeof nowMs === 'number' && Number.isFinite(nowMs) ? nowMs : undefined
}

/**
 * Sets the app's clock to the local backend's (local mode with a backend url only; otherwise does
 * nothing). Never rejects: without an answer the page keeps the browser's time, and says so once
 * on the console.
 * @returns whether the backend's clock was read
 */
export async function followBackendClock(config: RioPublicConfig, fetchImpl: typeof fetch = fetch, waitMs: number = BACKEND_CLOCK_WAIT_MS): Promise<boolean> {
  if (!config.local || !config.url) return false
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), waitMs)
  try {
    const sentAt = Date.now()
    const res = await fetchImpl(`https://${config.url}${BACKEND_CLOCK_PATH}`, { cache: 'no-store', signal: controller.signal })
    const backendNow = res.ok ? backendNowOf(await res.json()) : undefined
    if (backendNow === undefined) {
      console.warn(`The local backend's clock could not be read (GET ${BACKEND_CLOCK_PATH} answered ${res.status}); the page uses the browser's time.`)
      return false
    }
    // The backend's time against this browser's clock (read halfway through the request), not the
    // answer's offset from the machine's clock: a browser whose own clock is off, or was set to
    // business time by a test, still lands on the backend's "now".
    setAppClockOffset(Math.round(backendNow - (sentAt + Date.now()) / 2))
    return true
  } catch (error) {
    console.warn(`The local backend's clock could not be read (${error instanceof Error ? error.message : String(error)}); the page uses the browser's time.`)
    return false
  } finally {
    clearTimeout(timer)
  }
}
