/**
 * The local runtime's dev outbox (on with RIO_LOCAL_DEV=1): the e-mails it sent, and the sign-in
 * code a script or journey types, read from what the runtime really sent.
 */
import type { OutboxMessage } from '../../lib/contract'
import { waitUntil } from './wait'

/** Messages the runtime at `origin` sent to `email`, newest first. */
export async function outbox(origin: string, email: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${origin}/__dev/outbox?to=${encodeURIComponent(email)}`, { headers: { 'X-Rio-Dev': '1' } })
  const text = await res.text()
  // A runtime without dev endpoints says so in the body.
  if (!res.ok) throw new Error(`GET /__dev/outbox answered ${res.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as OutboxMessage[]
}

/**
 * Waits until the runtime at `origin` has sent `email` more than `previousCount` sign-in codes, and
 * returns the newest with their count; polls every `intervalMs`, throws after `timeoutMs`.
 */
export async function waitForCode(
  origin: string,
  email: string,
  previousCount = 0,
  { timeoutMs = 10_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<{ code: string; count: number }> {
  let found: { code: string; count: number } | undefined
  await waitUntil(async () => {
    // Only sign-in code e-mails count: the subscription's own e-mails arrive in between.
    const codes = (await outbox(origin, email)).filter((message) => message.code)
    const newest = codes[0]
    if (codes.length > previousCount && newest?.code) found = { code: newest.code, count: codes.length }
    return found !== undefined
  }, { timeoutMs, intervalMs })
  if (!found) throw new Error(`No new code for ${email} in the outbox after ${timeoutMs} ms (had ${previousCount}).`)
  return found
}
