import type { AppError } from '@/contexts/types'

export type CodeErrorKind = 'invalid' | 'expired' | 'locked' | 'no-code' | 'rate-limited' | 'other'

export interface DescribedError {
  kind: CodeErrorKind
  message: string
}

function isAppErrorLike(value: unknown): value is AppError {
  return typeof value === 'object' && value !== null && 'message' in value
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

/**
 * Which backend failure an error stands for. The auth layer reports a failed check as
 * `Invalid OTP` and carries the backend's reason (INVALID_CODE, CODE_EXPIRED,
 * TOO_MANY_ATTEMPTS, NO_CODE) in `code` or `reason`; the message text is the last resort so an
 * older or newer mapping still gets the specific wording.
 */
function kindOf(error: AppError): CodeErrorKind {
  const codes = [error.code, typeof error.reason === 'string' ? error.reason : '']
  const text = error.message.toLowerCase()
  if (codes.includes('RATE_LIMITED') || error.status === 429) return 'rate-limited'
  if (codes.includes('TOO_MANY_ATTEMPTS') || text.includes('too many attempts')) return 'locked'
  if (codes.includes('CODE_EXPIRED') || text.includes('expired')) return 'expired'
  if (codes.includes('NO_CODE') || text.includes('no cloud object')) return 'no-code'
  if (codes.includes('INVALID_CODE') || codes.includes('INVALID_OTP') || text.includes('invalid otp')) return 'invalid'
  return 'other'
}

/**
 * Turns any sign-in failure into one specific sentence for the person at the keyboard.
 * Wrong code: "Invalid OTP: …" with the attempts left; expired, locked-out and rate-limited
 * codes each get their own instruction (what to do next, how long to wait).
 */
export function describeSignInError(error: unknown): DescribedError {
  if (!isAppErrorLike(error)) return { kind: 'other', message: 'Something went wrong. Please try again.' }
  const kind = kindOf(error)
  switch (kind) {
    case 'invalid': {
      const left = error.attemptsLeft
      const tail = typeof left === 'number' ? ` ${plural(left, 'attempt', 'attempts')} left.` : ' Check the code and try again.'
      return { kind, message: `Invalid OTP: that code is not right.${tail}` }
    }
    case 'expired':
      return { kind, message: 'This code has expired. Send a new code to continue.' }
    case 'locked':
      return { kind, message: 'Too many attempts with this code. Send a new code to try again.' }
    case 'no-code':
      return { kind, message: 'There is no active code for this address. Send a new code.' }
    case 'rate-limited': {
      const wait = error.retryAfterSeconds
      const tail = typeof wait === 'number' && wait > 0 ? ` Please wait ${plural(Math.ceil(wait), 'second', 'seconds')} before trying again.` : ' Please wait a moment before trying again.'
      return { kind, message: `Too many requests.${tail}` }
    }
    default:
      return { kind, message: error.message || 'Something went wrong. Please try again.' }
  }
}
