/**
 * The classes' ceiling on requests to Stripe (STRIPE_MAX_REQUESTS_PER_SECOND, default 25: Stripe's
 * test-mode limit): never more in any second, first come first served, and the real client keeps
 * it against localstripe (the test run's, STRIPE_API_URL).
 */
import { DEFAULT_STRIPE_MAX_REQUESTS_PER_SECOND, maxRequestsPerSecond, requestGate } from './stripe-rate'
import { stripe } from './stripe'

/** The most requests leaving within any second (a half-open window starting at each request). */
function busiestSecond(times: number[]): number {
  return Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1000).length))
}

test('the ceiling: 25 a second unless STRIPE_MAX_REQUESTS_PER_SECOND says otherwise; anything but a positive number is refused, naming it', () => {
  expect(maxRequestsPerSecond(undefined)).toBe(25)
  expect(maxRequestsPerSecond(' ')).toBe(DEFAULT_STRIPE_MAX_REQUESTS_PER_SECOND)
  expect(maxRequestsPerSecond('100')).toBe(100)
  expect(maxRequestsPerSecond('2.5')).toBe(2.5)
  for (const bad of ['0', '-3', 'fast', 'Infinity']) expect(() => maxRequestsPerSecond(bad)).toThrow(`STRIPE_MAX_REQUESTS_PER_SECOND must be a number of requests per second above 0 (Stripe allows 25 in test mode), got "${bad}"`)
})

test('a burst of 60 requests leaves at most 25 in any second, in the order asked, and no later than the ceiling needs', async () => {
  // A fake clock, so the spacing is the gate's own and not the machine's load.
  jest.useFakeTimers({ now: 0 })
  try {
    const take = requestGate(25, () => Date.now())
    const left: Array<{ i: number; at: number }> = []
    const all = Promise.all(Array.from({ length: 60 }, (_, i) => take().then(() => left.push({ i, at: Date.now() }))))
    await jest.advanceTimersByTimeAsync(5000)
    await all
    expect(left.map((l) => l.i)).toEqual(Array.from({ length: 60 }, (_, i) => i))
    expect(busiestSecond(left.map((l) => l.at))).toBeLessThanOrEqual(25)
    // 59 gaps of 40 ms: the last leaves at 2,360 ms, not later.
    expect(left[59]?.at).toBe(2360)
  } finally {
    jest.useRealTimers()
  }
})

test('a late timer delays the queue but never lets requests bunch up', async () => {
  jest.useFakeTimers({ now: 0 })
  try {
    let lag = 0
    const take = requestGate(10, () => Date.now() + lag)
    const at: number[] = []
    const all = Promise.all(Array.from({ length: 5 }, () => take().then(() => at.push(Date.now() + lag))))
    await jest.advanceTimersByTimeAsync(0)
    lag = 250 // the machine stalls for a quarter second after the first request
    await jest.advanceTimersByTimeAsync(2000)
    await all
    for (let k = 1; k < at.length; k++) expect((at[k] as number) - (at[k - 1] as number)).toBeGreaterThanOrEqual(100)
  } finally {
    jest.useRealTimers()
  }
})

test('the classes\' Stripe client keeps the ceiling against a Stripe server (localstripe)', async () => {
  const before = process.env.STRIPE_MAX_REQUESTS_PER_SECOND
  process.env.STRIPE_MAX_REQUESTS_PER_SECOND = '5'
  try {
    const client = stripe()
    const started = Date.now()
    const at: number[] = []
    await Promise.all(Array.from({ length: 10 }, () => client.customers.list({ limit: 1 }).then(() => at.push(Date.now() - started))))
    // Ten requests at five a second: the last leaves 1.8 s after the first.
    expect(Math.max(...at)).toBeGreaterThanOrEqual(1800)
  } finally {
    if (before === undefined) delete process.env.STRIPE_MAX_REQUESTS_PER_SECOND
    else process.env.STRIPE_MAX_REQUESTS_PER_SECOND = before
  }
}, 30_000)
