/**
 * Caps on code guessing and code sending, so nobody can scale guesses by resending or by spreading
 * them over addresses:
 * - per e-mail (in the Account's private state, exact rolling hour): at most 10 failed code checks
 *   across all codes, at most 5 codes sent;
 * - per source IP (in RDK project memory, shared by all instances): sendOtp and verifyOtp calls
 *   per clock hour, 30 and 60 by default (OTP_IP_SENDS_PER_HOUR, OTP_IP_CHECKS_PER_HOUR in the
 *   project environment raise them, e.g. for a load test from one machine).
 * Every refusal is a 429 with a code of its own, a message and retryAfterSeconds.
 */
import RDK, { Response } from '@retter/rdk'

export const LIMIT_WINDOW_MS = 60 * 60 * 1000
export const EMAIL_FAILED_CHECKS_PER_HOUR = 10
export const EMAIL_CODES_PER_HOUR = 5
export const IP_SENDS_PER_HOUR = 30
export const IP_CHECKS_PER_HOUR = 60

export type LimitCode = 'EMAIL_CHECK_LIMIT' | 'EMAIL_SEND_LIMIT' | 'IP_SEND_LIMIT' | 'IP_CHECK_LIMIT'

const LIMIT_MESSAGES: Record<LimitCode, string> = {
  EMAIL_CHECK_LIMIT: 'Too many wrong codes were entered for this e-mail. Sign-in is paused for it: try again in ',
  EMAIL_SEND_LIMIT: 'Too many codes were sent to this e-mail in the last hour. You can request a new one in ',
  IP_SEND_LIMIT: 'Too many codes were requested from your network. You can request a new one in ',
  IP_CHECK_LIMIT: 'Too many codes were checked from your network. Try again in ',
}

/** "42 seconds", "1 minute", "17 minutes" (rounded up to whole minutes past one minute). */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds + (seconds === 1 ? ' second' : ' seconds')
  const minutes = Math.ceil(seconds / 60)
  return minutes + (minutes === 1 ? ' minute' : ' minutes')
}

/** The 429 answer of a limit, with Retry-After. */
export function limitResponse(code: LimitCode, retryAfterSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return {
    statusCode: 429,
    body: { code: code, message: LIMIT_MESSAGES[code] + describeWait(seconds) + '.', retryAfterSeconds: seconds },
    headers: { 'retry-after': String(seconds) },
  }
}

/** The times (epoch ms) of `times` within the hour before `now`, oldest first. */
export function withinWindow(times: number[] | undefined, now: number): number[] {
  if (!times) return []
  return times.filter((t) => t > now - LIMIT_WINDOW_MS && t <= now).sort((a, b) => a - b)
}

/**
 * Seconds until one more event fits `max` per rolling hour, or 0 when it fits now.
 * @param recent times from withinWindow
 */
export function rollingWait(recent: number[], max: number, now: number): number {
  if (recent.length < max) return 0
  const oldestCounted = recent[recent.length - max] as number
  return Math.ceil((oldestCounted + LIMIT_WINDOW_MS - now) / 1000)
}

function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]
  const value = raw === undefined ? NaN : Number(raw)
  return Number.isInteger(value) && value > 0 ? value : fallback
}

/** Per-IP hourly budgets, from the project environment or the defaults. */
export function ipBudgets(): { sends: number; checks: number } {
  return {
    sends: positiveIntFromEnv('OTP_IP_SENDS_PER_HOUR', IP_SENDS_PER_HOUR),
    checks: positiveIntFromEnv('OTP_IP_CHECKS_PER_HOUR', IP_CHECKS_PER_HOUR),
  }
}

/**
 * Counts one call from `sourceIP` against its budget for the current clock hour in RDK memory,
 * and answers the seconds until the hour ends when the budget is spent (0 when the call may go
 * on). The key carries the hour, so an expiry only tidies up; a memory failure lets the call
 * through (the per-e-mail caps in state still hold) and is logged.
 */
export async function spendIpBudget(rdk: RDK, kind: 'send' | 'check', sourceIP: string, max: number, now: number): Promise<number> {
  const windowStart = Math.floor(now / LIMIT_WINDOW_MS) * LIMIT_WINDOW_MS
  const windowEnd = windowStart + LIMIT_WINDOW_MS
  const key = 'otp-limit:' + kind + ':' + (sourceIP || 'unknown') + ':' + windowStart
  try {
    const existing = await rdk.getMemory({ key: key })
    if (!existing || !existing.success || typeof existing.data !== 'number') {
      await rdk.setMemory({ key: key, value: 0, expireAt: windowEnd + 60 * 1000 })
    }
    const counted = await rdk.incrementMemory({ key: key, value: 1 })
    if (!counted || !counted.success || typeof counted.data !== 'number') {
      console.error('otp limits: incrementMemory failed', counted ? counted.error : 'no answer')
      return 0
    }
    return counted.data > max ? Math.ceil((windowEnd - now) / 1000) : 0
  } catch (err) {
    console.error('otp limits: memory unavailable', err instanceof Error ? err.message : String(err))
    return 0
  }
}
