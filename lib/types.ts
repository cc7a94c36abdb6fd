/**
 * Value types shared by every layer of the app. They live in `lib` so that `lib` never has to
 * import from `contexts` or `components` to describe what it returns.
 */

/**
 * A failure as the UI sees it: a stable `code` to branch on and a human `message` to show.
 * Made only in `lib/rio/errors/`; no code reads `message` to decide anything.
 */
export interface AppError {
  code: string
  message: string
  status?: number
  /** Seconds to wait before retrying (rate limits). */
  retryAfterSeconds?: number
  /** Wrong-code attempts left, when the backend said. */
  attemptsLeft?: number
  /** INVALID_OTP: the backend's reason (INVALID_CODE, CODE_EXPIRED, TOO_MANY_ATTEMPTS, NO_CODE); RATE_LIMITED: which limit (EMAIL_CHECK_LIMIT, EMAIL_CHECK_LIMIT_ALL, EMAIL_SEND_LIMIT, IP_SEND_LIMIT, IP_CHECK_LIMIT; CODE_RECENTLY_SENT: a code was sent moments ago). */
  reason?: string
  /** A 400 about one input: which one (the backend's `field`, e.g. "postalCode"). */
  field?: string
}

/** Where an asynchronous load stands. */
export type LoadState = 'idle' | 'loading' | 'success' | 'error'

/** The SDK's auth status, as the app exposes it. */
export type AuthStatus = 'SIGNED_IN' | 'SIGNED_IN_ANONYM' | 'SIGNED_OUT' | 'AUTH_FAILED'
