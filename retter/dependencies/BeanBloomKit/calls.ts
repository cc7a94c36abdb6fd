/**
 * Calls to another class that survive a busy instance: Retter answers 570 while the target runs
 * another write, so a call is tried again after a short, growing pause, a bounded number of times.
 * The Account sends deliveries to the Roastery's boards, the Roastery records shipments on
 * Accounts, and a staff action goes on the Shop's audit log with the same rule.
 */
import type { CloudObjectResponse } from '@retter/rdk'

/** Pauses before each further try (ms): about 1.5 s in all, then the call counts as failed. */
export const BUSY_RETRY_DELAYS_MS: ReadonlyArray<number> = [50, 100, 200, 400, 800]

/** Retter's status for "the instance is busy with another write". */
export const INSTANCE_BUSY = 570

function pause(ms: number): Promise<void> {
  return new Promise(function (resolve) {
    setTimeout(resolve, ms)
  })
}

/**
 * The answer of `call`, tried again while it answers 570; a throw counts as a 500 answer.
 * @param delays the pause before each further try (ms); their count bounds the tries
 */
export async function callUntilFree(
  call: () => Promise<CloudObjectResponse | undefined>,
  delays: ReadonlyArray<number> = BUSY_RETRY_DELAYS_MS,
): Promise<CloudObjectResponse> {
  for (let attempt = 0; ; attempt++) {
    let answer: CloudObjectResponse
    try {
      answer = (await call()) || { statusCode: 500, body: { message: 'no answer' } }
    } catch (err) {
      answer = { statusCode: 500, body: { message: err instanceof Error ? err.message : String(err) } }
    }
    const delay = delays[attempt]
    if (answer.statusCode !== INSTANCE_BUSY || delay === undefined) return answer
    await pause(delay)
  }
}

/**
 * The answer of `call` (busy instances waited out), where a 404 opens the instance with `open` and
 * asks again: the first caller of an instance nobody opened yet (a shard, a Mailer, the Shop) makes
 * it. When opening fails, its answer is the caller's.
 */
export async function callOpening(
  call: () => Promise<CloudObjectResponse | undefined>,
  open: () => Promise<CloudObjectResponse | undefined>,
): Promise<CloudObjectResponse> {
  const answer = await callUntilFree(call)
  if (answer.statusCode !== 404) return answer
  const opened = await callUntilFree(open)
  return succeeded(opened) ? callUntilFree(call) : opened
}

/** True for a 2xx answer. */
export function succeeded(answer: CloudObjectResponse): boolean {
  return answer.statusCode >= 200 && answer.statusCode < 300
}

/** A short description of a failed answer for the function log (never its whole body). */
export function describeFailure(answer: CloudObjectResponse): string {
  const body = answer.body as { code?: unknown; message?: unknown } | undefined
  const code = body && typeof body.code === 'string' ? ' ' + body.code : ''
  const message = body && typeof body.message === 'string' ? ': ' + body.message.slice(0, 200) : ''
  return answer.statusCode + code + message
}
