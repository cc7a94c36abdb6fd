/**
 * The value the account provider exposes. Pages and components depend on it only, never on SDK
 * objects, so the SDK can change (or load later) without touching the UI.
 */
import type { AccountView, AwsView, SubscriptionPlan } from '@/lib/contract'
import type { AppError, LoadState } from '@/lib/types'
import type { CustomerObjects, StartDetails, SubscriptionChangeRequest } from '@/lib/customer/account-api'
import type { CustomerRun } from '@/lib/customer/customer-calls'

/** The signed-in customer's calls the provider offers with the request layer's own signatures (each rejects with an AppError). */
type PassedOn = 'startPaymentSetup' | 'savePaymentMethod' | 'retryPayment' | 'exportMyData' | 'requestAccountDeletion' | 'deleteMyAccount' | 'requestEmailChange' | 'confirmEmailChange'

export interface AccountContextValue extends Pick<CustomerObjects, PassedOn> {
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
  /** Opens the signed-in customer's objects again (after `accountError`, e.g. an outage). */
  retryAccount(): void
}

/** The plans, for everyone (`usePlanList()`). */
export type PlanList = Pick<AccountContextValue, 'plans' | 'plansStatus' | 'plansError' | 'reloadPlans'>

/**
 * The signed-in customer's one handle (`useCustomer()`): their objects' state, and `run`, which runs
 * one request on the opened objects (waiting while they open) and rejects only with a mapped error.
 * Each feature binds the calls it makes to `run` in its own hook (usePayments, usePrivacy, ...).
 */
export interface CustomerHandle extends Pick<AccountContextValue, 'account' | 'aws' | 'loading' | 'accountError' | 'liveUpdates' | 'retryAccount'> {
  run: CustomerRun
}
