/** One-time codes: generation from a CSPRNG, salted hashing, constant-time comparison. */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'crypto'

/** What private state keeps of a code: never the code itself. */
export interface StoredOtp {
  /** hex HMAC-SHA256(salt, code); empty once the code is voided. */
  hash: string
  salt: string
  /** Epoch ms. */
  expiresAt: number
  /**
   * Wrong tries per source (limits.ts sourceKey): each source gets OTP_MAX_ATTEMPTS, so wrong
   * codes from elsewhere cannot use up the code the owner is about to type.
   */
  failedBySource?: Record<string, number>
}

export const OTP_TTL_MS = 5 * 60 * 1000
export const OTP_RESEND_AFTER_MS = 30 * 1000
export const OTP_MAX_ATTEMPTS = 5

const hashCode = (code: string, salt: string) => createHmac('sha256', salt).update(code).digest('hex')

/**
 * A fresh 6-digit code and what to store of it.
 * @param now epoch ms
 */
export function issueOtp(now: number): { code: string; stored: StoredOtp } {
  const code = randomInt(0, 1000000).toString().padStart(6, '0')
  const salt = randomBytes(16).toString('hex')
  return { code, stored: { hash: hashCode(code, salt), salt, expiresAt: now + OTP_TTL_MS } }
}

/** How many wrong tries `source` has left on this code. */
export function attemptsLeft(stored: StoredOtp, source: string): number {
  const used = stored.failedBySource ? stored.failedBySource[source] || 0 : 0
  return Math.max(0, OTP_MAX_ATTEMPTS - used)
}

/** Counts one wrong try from `source`; answers the tries it has left. */
export function countWrongTry(stored: StoredOtp, source: string): number {
  const bySource = stored.failedBySource || (stored.failedBySource = {})
  bySource[source] = (bySource[source] || 0) + 1
  return attemptsLeft(stored, source)
}

/** Whether `code` is the one `stored` was issued for. */
export function otpMatches(stored: StoredOtp, code: string): boolean {
  if (!stored.hash) return false
  const given = Buffer.from(hashCode(code, stored.salt), 'hex')
  const expected = Buffer.from(stored.hash, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
