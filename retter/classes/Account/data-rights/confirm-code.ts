/**
 * Checking a code that confirms an owner's own request (deleting the account, changing its e-mail):
 * the owner's session is already signed in, so the code proves a fresh look into the mailbox. The
 * refusals end with what did not happen (`nothingDone`), so the customer knows nothing is lost.
 */
import { ConfirmLimitState, confirmLimit, noteFailedConfirmation } from '../limits'
import { OTP_RESEND_AFTER_MS, StoredOtp, attemptsLeft, countWrongTry, otpMatches } from '../sign-in/wrong-tries'

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
  /** True when the code given was wrong (a guess the confirmation limit counts). */
  wrong?: boolean
}

/**
 * The refusal while the Account is past its failed-confirmation caps (limits.ts), or null: checked
 * before any code, so even the right one is refused then.
 */
export function confirmLimitRefusal(limits: ConfirmLimitState, nowMs: number): CodeRefusal | null {
  const limited = confirmLimit(limits, nowMs)
  if (!limited) return null
  const body = limited.body as { code: string; message: string; retryAfterSeconds: number }
  return { statusCode: limited.statusCode, code: body.code, message: body.message, extra: { retryAfterSeconds: body.retryAfterSeconds } }
}

/**
 * Checks `code` against `stored` at `nowMs` (counting a wrong try on `stored`).
 * @param nothingDone the sentence that ends every refusal, e.g. "Nothing has been deleted."
 * @param limits the Account's private state: when given, the failed-confirmation caps apply
 *   (429 CONFIRM_LIMIT before anything else) and a wrong code counts against them
 */
export function checkConfirmationCode(stored: StoredOtp | undefined, code: unknown, nowMs: number, nothingDone: string, limits?: ConfirmLimitState): CodeCheck {
  if (limits) {
    const limited = confirmLimitRefusal(limits, nowMs)
    if (limited) return { refusal: limited, voided: false }
  }
  const checked = checkCode(stored, code, nowMs, nothingDone)
  if (limits && checked.wrong) noteFailedConfirmation(limits, nowMs)
  return checked
}

function checkCode(stored: StoredOtp | undefined, code: unknown, nowMs: number, nothingDone: string): CodeCheck {
  const refusal = (statusCode: number, name: string, message: string, extra?: Record<string, unknown>): CodeRefusal => ({ statusCode: statusCode, code: name, message: message, extra: extra })
  if (!stored || !stored.hash) return { refusal: refusal(409, 'NO_CODE', 'Ask for a code first. ' + nothingDone), voided: false }
  if (typeof code !== 'string' || !/^[0-9]{6}$/.test(code)) return { refusal: refusal(400, 'INVALID_CODE', 'The code is the 6 digits from the e-mail. ' + nothingDone), voided: false }
  if (nowMs > stored.expiresAt) return { refusal: refusal(400, 'CODE_EXPIRED', 'This code has expired. Ask for a new one: ' + lower(nothingDone)), voided: true }
  if (attemptsLeft(stored, OWNER_SOURCE) <= 0) return { refusal: refusal(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Ask for a new one: ' + lower(nothingDone)), voided: false }
  if (!otpMatches(stored, code)) {
    const left = countWrongTry(stored, OWNER_SOURCE)
    if (left <= 0) return { refusal: refusal(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes. Ask for a new one: ' + lower(nothingDone)), voided: true, wrong: true }
    return { refusal: refusal(400, 'INVALID_CODE', 'That code is not right (' + left + (left === 1 ? ' try' : ' tries') + ' left). ' + nothingDone, { attemptsLeft: left }), voided: false, wrong: true }
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
