/**
 * The contract between the web app and our cloud classes (`Account`, `AWS`).
 *
 * Types only, no runtime code: the browser bundle, the jest tests and the local backend
 * (`retter/classes/`) all import these, so the two sides cannot drift apart silently.
 * A real Retter project must deploy classes that honour the same shapes.
 */

/** Class ids of our cloud objects. */
export const ACCOUNT_CLASS = 'Account'
export const AWS_CLASS = 'AWS'
/** Instance id used for the STATIC `getSubscriptionPlans` call (the backend ignores it). */
export const STATIC_INSTANCE_ID = 'static'
/** Lookup-key name of an Account (its value is the normalised e-mail). */
export const ACCOUNT_LOOKUP_KEY = 'email'

export type PlanInterval = 'week' | 'month' | 'year'

/** A subscription plan, as `Account.getSubscriptionPlans` returns it (a JSON array of these). */
export interface SubscriptionPlan {
  id: string
  name: string
  description: string
  /** Price in minor units of `currency` (cents for EUR/USD), an integer. */
  amount: number
  /** ISO 4217 code, e.g. "EUR". */
  currency: string
  interval: PlanInterval
  features: string[]
  /** Ascending display order. */
  sortOrder: number
  /** Marked as the recommended plan in the UI; at most one plan has it. */
  recommended: boolean
}

/** Public state of an `Account` instance (what the app shows and subscribes to). */
export interface AccountPublicState {
  email: string
  /** Id of the chosen plan, or null before the customer chose one. */
  plan: string | null
  /** ISO 8601 date-time of the first successful sign-in. */
  memberSince: string
  /** ISO 8601 date-time of the latest successful sign-in. */
  lastSignInAt: string
  /** ISO 8601 date-time of the latest plan change, when there was one. */
  planChangedAt?: string
}

/**
 * Public state of an `AWS` instance. Its meaning is not specified by the product spec:
 * the app renders every public field generically, so the backend may add fields freely.
 */
export interface AwsPublicState {
  email: string
  status: string
  [field: string]: unknown
}

/** Body of `Account.verifyOtp`. `code` must be a string of exactly 6 digits (else 400 VALIDATION). */
export interface VerifyOtpInput {
  code: string
}

export type VerifyOtpErrorCode = 'INVALID_CODE' | 'CODE_EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'NO_CODE'

/** Response body of `Account.verifyOtp` (always HTTP 200). */
export type VerifyOtpResult =
  | { success: true; data: { customToken: string } }
  | {
      success: false
      error: { code: VerifyOtpErrorCode; message: string; attemptsLeft?: number }
    }

/** Response body of `Account.sendOtp` on success (HTTP 200). */
export interface SendOtpResult {
  /** Where the code went (the normalised e-mail). */
  sentTo: string
  /** Seconds until the code expires (300). */
  expiresInSeconds: number
  /** Seconds before another code may be requested (30). */
  resendAfterSeconds: number
}

/** Body of a 429 answer to `sendOtp` (a new code was requested too soon). */
export interface RateLimitedBody {
  code: 'RATE_LIMITED'
  message: string
  retryAfterSeconds: number
}

/** Body of `Account.selectPlan`. */
export interface SelectPlanInput {
  planId: string
}

/** Every error answer of the backend carries this JSON body (except 429 which adds retryAfterSeconds). */
export interface BackendErrorBody {
  code: string
  message: string
  issues?: unknown[]
  retryAfterSeconds?: number
}

/** One message of the local backend's dev outbox (`GET /__dev/outbox?to=EMAIL`, newest first). */
export interface OutboxMessage {
  to: string
  subject: string
  text: string
  code: string
  sentAt: string
}

/** Claims carried in the custom token (and then in the Retter access token's `claims`). */
export interface CustomTokenClaims {
  email: string
}
