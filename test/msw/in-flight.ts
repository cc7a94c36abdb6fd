/**
 * The requests the app tests' msw server has started and not finished handling, so a test's setup
 * can wait for the previous test's to end before it clears the browser's storage: an SDK whose page
 * has been unmounted still stores the token of a request already on its way, and the next test's
 * SDK would find it and never ask for its own.
 */
import { performance } from 'node:perf_hooks'
// Node's own timer and clock, not jsdom's or a test's fake ones: the wait passes in real time
// whatever a test left set.
import { setTimeout as nodeSetTimeout } from 'node:timers'
import { server } from './server'

const inFlight = new Set<string>()
let tracking = false

/** Starts counting the server's requests (once; the server lives as long as the test file). */
export function trackRequestsInFlight(): void {
  if (tracking) return
  tracking = true
  server.events.on('request:start', ({ requestId }) => { inFlight.add(requestId) })
  server.events.on('request:end', ({ requestId }) => { inFlight.delete(requestId) })
  server.events.on('unhandledException', ({ requestId }) => { inFlight.delete(requestId) })
}

/**
 * Resolves once no request has been in flight for two turns of the event loop (what answered
 * stores its result and may send the next), or after `maxMs`: a request a test left stalled on
 * purpose never ends, and is forgotten then.
 */
export async function requestsSettled(maxMs = 500): Promise<void> {
  const giveUpAt = performance.now() + maxMs
  let quietTurns = 0
  while (quietTurns < 2) {
    if (performance.now() >= giveUpAt) {
      inFlight.clear()
      return
    }
    await new Promise((resolve) => nodeSetTimeout(resolve, 0))
    quietTurns = inFlight.size === 0 ? quietTurns + 1 : 0
  }
}
