/**
 * The value the account provider exposes. Pages and components depend on it only, never on SDK
 * objects, so the SDK can change (or load later) without touching the UI.
 */
import type { AccountView, AwsView, PaymentSetup, SubscriptionPlan } from '@/core/contract'
import type { AppError, LoadState } from '@/core/types'
import type { StartDetails, SubscriptionChangeRequest } from '../api/account-api'

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
