/**
 * The per-customer hourly caps of payment calls that reach Stripe (limits.ts's rolling hour): each
 * payment set-up started and each retry a customer starts costs a Stripe request, and a retry on a
 * declined card also an e-mail and a task, so neither may be repeated without end (a set-up is a
 * card-testing oracle). Past a cap: 429 with retryAfterSeconds, worded like every other 429.
 */
import { Data, Response } from '@retter/rdk'
import { waitWords } from 'BeanBloomIdentity'
import { privateOf } from '../customer'
import { rollingWait, withinWindow } from '../limits'

/** Payment set-ups one customer may start in any hour. */
export const SETUPS_PER_HOUR = 10
/** Payment retries one customer may start in any hour. */
export const RETRIES_PER_HOUR = 5

type PaymentLimit = 'SETUP_LIMIT' | 'RETRY_LIMIT'

const MESSAGES: Record<PaymentLimit, string> = {
  SETUP_LIMIT: 'You have started ' + SETUPS_PER_HOUR + ' payment set-ups in the last hour, the most we accept. Nothing was changed; you can start another in ',
  RETRY_LIMIT: 'You have retried payments ' + RETRIES_PER_HOUR + ' times in the last hour, the most we accept. Nothing was charged; you can retry again in ',
}

/**
 * Counts one more call at `now` against `max` an hour: the times to keep (this call included) when
 * it fits, or the 429 answer (times unchanged) when it does not.
 */
export function countCall(code: PaymentLimit, times: number[] | undefined, now: number): { times: number[] } | { refused: Response } {
  const recent = withinWindow(times, now)
  const wait = rollingWait(recent, code === 'SETUP_LIMIT' ? SETUPS_PER_HOUR : RETRIES_PER_HOUR, now)
  if (wait <= 0) return { times: recent.concat([now]) }
  const seconds = Math.max(1, wait)
  return {
    refused: {
      statusCode: 429,
      body: { code: code, message: MESSAGES[code] + waitWords(seconds) + '.', retryAfterSeconds: seconds },
      headers: { 'retry-after': String(seconds) },
    },
  }
}

/**
 * Counts one more call of the customer against the hourly cap `code` (kept in private state):
 * true when it fits, false with the 429 answered when it does not.
 */
export function withinCap(data: Data, code: PaymentLimit, nowMs: number): boolean {
  const priv = privateOf(data)
  const counted = countCall(code, code === 'SETUP_LIMIT' ? priv.setupsStartedAt : priv.retriesStartedAt, nowMs)
  if ('refused' in counted) {
    data.response = counted.refused
    return false
  }
  if (code === 'SETUP_LIMIT') priv.setupsStartedAt = counted.times
  else priv.retriesStartedAt = counted.times
  return true
}
