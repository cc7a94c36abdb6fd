/**
 * The values the two session providers expose (the account provider's: contexts/account-types.ts). Pages and components depend on these only, never on
 * SDK objects, so the SDK can change (or load later) without touching the UI.
 */
import type { CodeSent } from '@/lib/rio/sign-in-api'
import type { RioAccessor, RioClient } from '@/lib/rio/client'
import type { AppError, AuthStatus } from '@/lib/types'

export interface AuthContextValue {
  /** Raw SDK status; 'unknown' until the SDK has reported once. */
  authStatus: AuthStatus | 'unknown'
  /** True only for SIGNED_IN (an anonymous session is not signed in). */
  isSignedIn: boolean
  /** True until the first auth status has arrived. */
  isInitializing: boolean
  /**
   * True while this browser holds a customer's stored session the SDK has not reported yet: a page
   * that would show a signed-out form waits; a visitor without one sees the form at first paint.
   */
  restoringSession: boolean
  uid: string | null
  identity: string | null
  /** The signed-in customer's e-mail (from the token claims), else null. */
  email: string | null
  /** True when this tab was signed out because another tab signed out (until the next sign-in). */
  signedOutElsewhere: boolean
  /** Requests a code for the e-mail. Rejects with an AppError. */
  sendOtp(email: string): Promise<CodeSent>
  /**
   * Verifies the code and signs in. The code is checked for `email` when given (a sign-in resumed
   * after a reload), else for the e-mail of the last sendOtp. Rejects with an AppError.
   */
  verifyOtp(code: string, email?: string): Promise<void>
  signOut(): Promise<void>
}

/** The value of `useRio`: the page's SDK instance once it has loaded. Only providers use it. */
export interface RioContextValue {
  /** Null until the SDK chunk has loaded (the shell renders without it) or when loading failed. */
  client: RioClient | null
  /** The request layer's way to the SDK: waits for it (starting it early if need be); rejects with "Retter SDK not initialized." when it could not be created. */
  rio: RioAccessor
  status: 'loading' | 'ready' | 'error'
  /** Why the SDK could not be created (bad configuration names the variable). */
  error: AppError | null
  /** The Retter project id the client talks to (also the cross-tab channel name). */
  projectId: string | null
}
