import { server } from './server'

/**
 * The requests msw has started and not finished handling, so a test's setup can wait for the
 * previous test's to end before it clears the browser's storage: an SDK whose page has been
 * unmounted still stores the token of a request already on its way, and the next test's SDK would
 * find it and never ask for its own.
 */
const inFlight = new Set<string>()
let tracking = false

// Node's timer, not a fake clock's or jsdom's: the wait must pass in real time whatever a test set.
const realSetTimeout = globalThis.setTimeout

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
  const giveUpAt = Date.now() + maxMs
  let quietTurns = 0
  while (quietTurns < 2) {
    if (Date.now() >= giveUpAt) {
      inFlight.clear()
      return
    }
    await new Promise((resolve) => realSetTimeout(resolve, 0))
    quietTurns = inFlight.size === 0 ? quietTurns + 1 : 0
  }
}
