/**
 * The values the three providers expose. Pages and components depend on these only, never on
 * SDK objects, so the SDK can change (or load later) without touching the UI.
 */
import type { AccountView, AwsView, PaymentSetup, SubscriptionPlan } from '@/core/contract'
import type { CodeSent, StartDetails, SubscriptionChangeRequest } from '@/features/customer/api/account-api'
import type { RioAccessor, RioClient } from '@/core/rio/client'
import type { AppError, AuthStatus, LoadState } from '@/core/types'

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
  /** Calls Account.selectPlan (start, change from the next delivery, restart); rejects with an AppError. */
  choosePlan(planId: string, details?: StartDetails): Promise<void>
  /** Pauses, resumes, skips the next delivery or cancels; rejects with an AppError. */
  changeSubscription(change: SubscriptionChangeRequest): Promise<void>
  /** Calls Account.startPaymentSetup (a SetupIntent for Stripe.js to confirm); rejects with an AppError. */
  startPaymentSetup(type: PaymentSetup['type']): Promise<PaymentSetup>
  /** Calls Account.savePaymentMethod once Stripe.js confirmed the SetupIntent; rejects with an AppError. */
  savePaymentMethod(setupIntentId: string): Promise<void>
  /** Calls Account.retryPayment for the delivery on `date`; rejects with an AppError. */
  retryPayment(date: string): Promise<void>
  /** Calls Account.exportMyData (everything held about the customer); rejects with an AppError. */
  exportMyData(): Promise<Record<string, unknown>>
  /** E-mails a code that confirms deleting the account; rejects with an AppError. */
  requestAccountDeletion(): Promise<void>
  /** Deletes the account with the e-mailed code; rejects with an AppError. */
  deleteMyAccount(code: string): Promise<void>
  /** E-mails a code to `newEmail` that confirms moving the account there; rejects with an AppError. */
  requestEmailChange(newEmail: string): Promise<{ sentTo: string }>
  /** Moves the account to the new address with the code and signs in as it; rejects with an AppError. */
  confirmEmailChange(code: string): Promise<{ email: string; signedIn: boolean }>
  /** Opens the signed-in customer's objects again (after `accountError`, e.g. an outage). */
  retryAccount(): void
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
