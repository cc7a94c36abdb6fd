/**
 * Checking a code that confirms an owner's own request (deleting the account, changing its e-mail):
 * the owner's session is already signed in, so the code proves a fresh look into the mailbox. The
 * refusals end with what did not happen (`nothingDone`), so the customer knows nothing is lost.
 */
import { OTP_RESEND_AFTER_MS, StoredOtp, attemptsLeft, countWrongTry, otpMatches } from './otp'

/** Whose wrong tries are counted: the owner's own session (one budget per code). */
const OWNER_SOURCE = 'owner'

/** A refusal to answer: status, code, message and extra fields for the body. */
export interface CodeRefusal {
  statusCode: number
  code: string
  message: string
  extra?: Record<string, unknown>
}

/** The result of a check: the refusal, and whether the stored code is now void. */
export interface CodeCheck {
  refusal: CodeRefusal | null
  /** True when the stored code must be forgotten (expired or out of tries). */
  voided: boolean
}

/**
 * Checks `code` against `stored` at `nowMs` (counting a wrong try on `stored`).
 * @param nothingDone the sentence that ends every refusal, e.g. "Nothing has been deleted."
 */
export function checkConfirmationCode(stored: StoredOtp | undefined, code: unknown, nowMs: number, nothingDone: string): CodeCheck {
  const refusal = (statusCode: number, name: string, message: string, extra?: Record<string, unknown>): CodeRefusal => ({ statusCode: statusCode, code: name, message: message, extra: extra })
  if (!stored || !stored.hash) return { refusal: refusal(409, 'NO_CODE', 'Ask for a code first. ' + nothingDone), voided: false }
  if (typeof code !== 'string' || !/^[0-9]{6}$/.test(code)) return { refusal: refusal(400, 'INVALID_CODE', 'The code is the 6 digits from the e-mail. ' + nothingDone), voided: false }
  if (nowMs > stored.expiresAt) return { refusal: refusal(400, 'CODE_EXPIRED', 'This code has expired. Ask for a new one: ' + lower(nothingDone)), voided: true }
  if (attemptsLeft(stored, OWNER_SOURCE) <= 0) return { refusal: refusal(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Ask for a new one: ' + lower(nothingDone)), voided: false }
  if (!otpMatches(stored, code)) {
    const left = countWrongTry(stored, OWNER_SOURCE)
    if (left <= 0) return { refusal: refusal(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Ask for a new one: ' + lower(nothingDone)), voided: true }
    return { refusal: refusal(400, 'INVALID_CODE', 'That code is not right (' + left + (left === 1 ? ' try' : ' tries') + ' left). ' + nothingDone, { attemptsLeft: left }), voided: false }
  }
  return { refusal: null, voided: false }
}

/** Seconds until another code may be sent after one sent at `sentAt`, or 0 when it may go now. */
export function resendWaitSeconds(sentAt: number | undefined, nowMs: number): number {
  if (sentAt === undefined || nowMs - sentAt >= OTP_RESEND_AFTER_MS) return 0
  return Math.ceil((sentAt + OTP_RESEND_AFTER_MS - nowMs) / 1000)
}

function lower(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1)
}
