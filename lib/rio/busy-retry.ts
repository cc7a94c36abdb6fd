/**
 * How every client of ours meets an instance busy with another write (HTTP 570), whose answer on
 * Retter is "retry": the specification's constant, 3 retries, 50 ms initial delay, multiplied by
 * 1.5 (the SDK's own default: three tries in all, 75 ms then about 113 ms apart). It is enough
 * because the backend holds a customer's Account only for its own state: the e-mail a change sends
 * goes out from the customer's Mailer instance, never while the Account is held. The page's SDK is
 * configured with it (client.ts); the local runtime's tests and the load scripts, which speak HTTP
 * themselves, wait the same way.
 */

/** The SDK's retryConfig: the delay is multiplied by `rate` before each wait; `count` tries in all. */
export const BUSY_RETRY = { delay: 50, count: 3, rate: 1.5 } as const

/**
 * Sends again while the answer is 570, on BUSY_RETRY's schedule; resolves with the last answer.
 * @param send one attempt
 */
export async function retryWhileBusy<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
  let delay: number = BUSY_RETRY.delay
  for (let tries = 1; ; tries++) {
    const answer = await send()
    if (answer.status !== 570 || tries >= BUSY_RETRY.count) return answer
    delay *= BUSY_RETRY.rate
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}
