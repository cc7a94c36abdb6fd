/**
 * A ceiling on the requests the classes send to Stripe, so a burst of charges (a thousand
 * deliveries falling final at one moment) stays within the account's rate limit instead of
 * meeting 429s: Stripe allows 25 requests a second in test mode (100 live), so that is the default.
 * Set by STRIPE_MAX_REQUESTS_PER_SECOND in the project environment. A token bucket of one request:
 * requests leave at least 1/ceiling s apart, in the order they asked, never more than the ceiling in a second.
 */
import Stripe from 'stripe'

/** Stripe's test-mode limit (requests per second). */
export const DEFAULT_STRIPE_MAX_REQUESTS_PER_SECOND = 25

type HttpClient = ReturnType<typeof Stripe.createNodeHttpClient>

/** Milliseconds on a clock that never jumps (a test clock moves Date, not this). */
function monotonicMs(): number {
  const t = process.hrtime()
  return t[0] * 1000 + t[1] / 1e6
}

/**
 * The ceiling the environment sets (STRIPE_MAX_REQUESTS_PER_SECOND), else the default.
 * Throws, naming the variable, for anything but a number above 0.
 */
export function maxRequestsPerSecond(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_STRIPE_MAX_REQUESTS_PER_SECOND
  const value = Number(raw)
  if (!isFinite(value) || value <= 0) throw new Error('STRIPE_MAX_REQUESTS_PER_SECOND must be a number of requests per second above 0 (Stripe allows 25 in test mode), got "' + raw + '"')
  return value
}

/**
 * Resolves when the next request may leave: at most `perSecond` a second, first come first served.
 * Each departure is timed from the previous one as it really happened, so a late timer delays the
 * queue but never lets requests bunch up.
 */
export function requestGate(perSecond: number, now?: () => number): () => Promise<void> {
  const clock = now || monotonicMs
  const spacingMs = 1000 / perSecond
  const waiting: Array<() => void> = []
  let lastAt = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  function pump(): void {
    timer = undefined
    while (waiting.length > 0) {
      const at = clock()
      if (at < lastAt + spacingMs) {
        timer = setTimeout(pump, lastAt + spacingMs - at)
        return
      }
      lastAt = at
      const next = waiting.shift()
      if (next) next()
    }
  }
  return function take(): Promise<void> {
    return new Promise(function (resolve) {
      waiting.push(resolve)
      if (timer === undefined) pump()
    })
  }
}

/** `inner`, with every request (retries included) waiting for `take` first. */
export function limitedHttpClient(inner: HttpClient, take: () => Promise<void>): HttpClient {
  return {
    getClientName: function () {
      return inner.getClientName()
    },
    makeRequest: function (host, port, path, method, headers, requestData, protocol, timeout) {
      return take().then(function () {
        return inner.makeRequest(host, port, path, method, headers, requestData, protocol, timeout)
      })
    },
  }
}
