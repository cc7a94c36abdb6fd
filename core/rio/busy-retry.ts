/**
 * How every client of ours meets an instance busy with another write (HTTP 570), whose answer on
 * Retter is "retry". Work the backend does after a change (its e-mail, a charge, a board) holds
 * the customer's account for a moment, so rather than the SDK's default three tries within 190 ms,
 * a call tries 7 times: 150 ms after the first, then half as long again each time (about 3 s in
 * all) before "busy" reaches anyone. The page's SDK is configured with it (client.ts); the local
 * runtime's tests and the load scripts, which speak HTTP themselves, wait the same way.
 */

/** The SDK's retryConfig: the delay is multiplied by `rate` before each wait; `count` tries in all. */
export const BUSY_RETRY = { delay: 100, count: 7, rate: 1.5 } as const

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
