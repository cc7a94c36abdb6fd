/**
 * The values the three providers expose. Pages and components depend on these only,
 * never on SDK objects (CONVENTIONS.md rule 3).
 */
import type { AccountView, AwsView, SubscriptionPlan } from '@/lib/contract'

/** A failure as the UI sees it: a stable code and a human message (CONVENTIONS.md rule 6). */
export interface AppError {
  code: string
  message: string
  status?: number
  /** Seconds to wait before retrying (rate limits). */
  retryAfterSeconds?: number
  /** Wrong-code attempts left, when the backend said. */
  attemptsLeft?: number
  /** For INVALID_OTP: the backend's reason (INVALID_CODE, CODE_EXPIRED, TOO_MANY_ATTEMPTS, NO_CODE). */
  reason?: string
}

export type AuthStatus = 'SIGNED_IN' | 'SIGNED_IN_ANONYM' | 'SIGNED_OUT' | 'AUTH_FAILED'

export interface AuthContextValue {
  /** Raw SDK status; 'unknown' until the SDK has reported once. */
  authStatus: AuthStatus | 'unknown'
  /** True only for SIGNED_IN (an anonymous session is not signed in). */
  isSignedIn: boolean
  /** True until the first auth status has arrived. */
  isInitializing: boolean
  uid: string | null
  identity: string | null
  /** The signed-in customer's e-mail (from the token claims), else null. */
  email: string | null
  /** Requests a code for the e-mail. Rejects with an AppError. */
  sendOtp(email: string): Promise<{ sentTo: string; resendAfterSeconds: number; expiresInSeconds: number }>
  /** Verifies the code for the e-mail of the last sendOtp and signs in. Rejects with an AppError. */
  verifyOtp(code: string): Promise<void>
  signOut(): Promise<void>
}

export type LoadState = 'idle' | 'loading' | 'success' | 'error'

export interface AccountContextValue {
  plans: SubscriptionPlan[]
  plansStatus: LoadState
  plansError: AppError | null
  reloadPlans(): void
  account: AccountView | null
  aws: AwsView | null
  /** True while the signed-in user's objects are being loaded and subscribed. */
  loading: boolean
  accountError: AppError | null
  /** False when no live snapshot arrived in 5 s and the state was read once instead. */
  liveUpdates: boolean
  /** Calls Account.selectPlan; rejects with an AppError. */
  choosePlan(planId: string): Promise<void>
}

/** The value of `useRio`: the page's SDK instance once it has loaded. Only providers use it. */
export interface RioContextValue {
  /** Null until the SDK chunk has loaded (the shell renders without it) or when loading failed. */
  client: import('@/lib/rio/client').RioClient | null
  status: 'loading' | 'ready' | 'error'
  /** Why the SDK could not be created (bad configuration names the variable). */
  error: AppError | null
  /** The Retter project id the client talks to (also the cross-tab channel name). */
  projectId: string | null
}
