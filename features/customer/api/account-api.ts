/**
 * Requests of the `Account` and `AWS` classes: the one-time-code sign-in, the plans, and the
 * signed-in customer's objects. The providers call these and keep only React state; every failure
 * leaves here as an `AppError` made by `./errors`.
 */
import {
  ACCOUNT_CLASS, AWS_CLASS, STATIC_INSTANCE_ID,
  type AccountView, type AwsView, type CoffeePreferences, type DeliveryAddress, type PaymentSetup, type SendOtpResult,
  type SubscriptionPlan, type VerifyOtpResult,
} from '@/core/contract'
import { normaliseEmail, validateEmail } from '@/core/format/email'
import { normalizeOtp } from '@/core/format/otp'
import { rejectOnSdkFirebaseError, type RioAccessor, type RioClient, type RioCloudObject } from '../../../core/rio/client'
import { RioAppError } from '../../../core/rio/errors/app-error'
import { authFailedError, guarded, invalidEmailError, invalidOtpError, signInTimeoutError } from '../../../core/rio/errors/map'
import { sortPlans } from '../../../core/rio/plans'
import { rememberSignInMoment } from '../../../core/rio/session-start'
import { readCustomerState, SNAPSHOT_FALLBACK_MS, subscribeCustomerState, type LiveStateHandlers } from '../../../core/rio/state'


/** What a start carries besides the plan: only what the customer changed in the start dialog. */
export interface StartDetails {
  delivery?: DeliveryAddress & { version?: number }
  preferences?: CoffeePreferences
}

/** A sign-in that has not settled by then fails (SDK 0.4.0 never settles if Firebase sign-in hangs). */
export const SIGN_IN_TIMEOUT_MS = 15_000

/** What `sendOtp` tells the customer: where the code went and how long to wait. */
export interface CodeSent {
  sentTo: string
  resendAfterSeconds: number
  expiresInSeconds: number
}

/** The Account object a code was requested for; `verifyCode` checks codes against it. */
export interface OtpChallenge {
  readonly email: string
  readonly object: RioCloudObject
}

/**
 * The address as the backend keys accounts, or the app's one e-mail message as an AppError.
 * @throws RioAppError INVALID_EMAIL before any request is made
 */
export function checkedEmail(raw: string): string {
  const problem = validateEmail(raw)
  if (problem) throw invalidEmailError(problem)
  return normaliseEmail(raw)
}


/**
 * The Account object of an address, without sending anything (a code already in the inbox): the
 * existing one, or a new customer's. On Retter a lookup key only finds (an unknown one answers 404
 * and creates nothing), so the Account is opened with body `{email}`: the class's `getInstanceId`
 * derives the id from it, and Retter answers the existing instance for an id it has (its `init`
 * runs once per id) and creates it otherwise. One request either way, and no 404 for a new
 * customer, which a browser would log as a console error.
 * @param email an address that passed `checkedEmail`
 */
export function openChallenge(rio: RioAccessor, email: string): Promise<OtpChallenge> {
  return guarded(async () => {
    const client = await rio()
    const object = await client.getCloudObject({ classId: ACCOUNT_CLASS, body: { email } })
    return { email, object }
  })
}

/** Asks the backend to e-mail a new code to the challenge's address. Rejects with an AppError. */
export function sendCode(challenge: OtpChallenge): Promise<CodeSent> {
  return guarded(async () => {
    const result = (await challenge.object.call<SendOtpResult>({ method: 'sendOtp' })).data
    return {
      sentTo: result?.sentTo || challenge.email,
      resendAfterSeconds: result?.resendAfterSeconds ?? 30,
      expiresInSeconds: result?.expiresInSeconds ?? 300,
    }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms)
    promise.then(
      (value) => { clearTimeout(timer); resolve(value) },
      (error: unknown) => { clearTimeout(timer); reject(error) },
    )
  })
}

/** Firebase sign-in failed inside the SDK; its auth pipeline is dead until the page reloads. */
function liveSignInError(error: unknown): Error {
  const code = (error as { code?: unknown }).code
  return new RioAppError({
    code: 'FIREBASE_AUTH',
    message: `Sign-in could not connect live updates${typeof code === 'string' ? ` (${code})` : ''}. Reload the page and try again.`,
  })
}

/**
 * Signs the SDK in with a custom token, failing after `SIGN_IN_TIMEOUT_MS` or at once when the SDK
 * throws a Firebase error out of its pipeline (both would otherwise leave the promise pending).
 * @returns the signed-in user's id
 */
export async function signInWithToken(client: RioClient, customToken: string): Promise<string | null> {
  const event = await guarded(() => withTimeout(
    rejectOnSdkFirebaseError(client.authenticateWithCustomToken(customToken), liveSignInError),
    SIGN_IN_TIMEOUT_MS,
    () => signInTimeoutError(SIGN_IN_TIMEOUT_MS / 1000),
  ))
  if (event.authStatus === 'AUTH_FAILED') throw authFailedError(event.message)
  rememberSignInMoment()
  return event.uid ?? null
}

/**
 * Checks a typed or pasted code ("12 34 56", "123-456") and, when it is right, signs in.
 * @returns the signed-in user's id
 * @throws RioAppError INVALID_OTP with the backend's reason when the code is not accepted
 */
export async function verifyCode(rio: RioAccessor, challenge: OtpChallenge, rawCode: string): Promise<string | null> {
  const client = await guarded(rio)
  const code = normalizeOtp(rawCode)
  const result = await guarded(async () => (await challenge.object.call<VerifyOtpResult>({ method: 'verifyOtp', body: { code } })).data)
  if (!result || result.success !== true) {
    throw invalidOtpError(result && result.success === false ? result.error : undefined)
  }
  return signInWithToken(client, result.data.customToken)
}

/** The subscription plans, sorted for display. Rejects with an AppError. */
export function loadPlans(rio: RioAccessor): Promise<SubscriptionPlan[]> {
  return guarded(async () => {
    const client = await rio()
    const object = await client.getCloudObject({ classId: ACCOUNT_CLASS, instanceId: STATIC_INSTANCE_ID, useLocal: true })
    const response = await object.call<SubscriptionPlan[]>({ method: 'getSubscriptionPlans' })
    if (!Array.isArray(response.data)) {
      throw new RioAppError({ code: 'BAD_RESPONSE', message: 'The plans could not be read from the server answer.' })
    }
    return sortPlans(response.data)
  })
}

/** A change to the subscription or the delivery details, other than choosing a plan. */
export type SubscriptionChangeRequest =
  | { kind: 'pause'; weeks: number }
  /** `restoreSkipped`: the deliveries the pause skipped come back in the same step. */
  | { kind: 'resume'; restoreSkipped?: boolean }
  | { kind: 'skip' }
  | { kind: 'skipDate'; date: string }
  | { kind: 'unskip'; date: string }
  | { kind: 'cancel'; reason?: string }
  /**
   * `version`: the address version (`deliveryVersion`) the customer's view showed when they began
   * editing; the class refuses the change with 409 ADDRESS_CHANGED when it has changed since.
   */
  | { kind: 'address'; address: DeliveryAddress; version?: number }
  | { kind: 'preferences'; preferences: CoffeePreferences }

function subscriptionCall(change: SubscriptionChangeRequest): { method: string; body: object } {
  switch (change.kind) {
    case 'pause': return { method: 'pauseSubscription', body: { weeks: change.weeks } }
    case 'resume': return { method: 'resumeSubscription', body: change.restoreSkipped ? { restoreSkipped: true } : {} }
    case 'skip': return { method: 'skipNextDelivery', body: {} }
    case 'skipDate': return { method: 'skipDelivery', body: { date: change.date } }
    case 'unskip': return { method: 'unskipDelivery', body: { date: change.date } }
    case 'address': return { method: 'setDeliveryAddress', body: change.version === undefined ? change.address : { ...change.address, version: change.version } }
    case 'preferences': return { method: 'setPreferences', body: change.preferences }
    case 'cancel': {
      const reason = change.reason?.trim()
      return { method: 'cancelSubscription', body: reason ? { reason } : {} }
    }
  }
}

/** The signed-in customer's Account and AWS objects. */
export interface CustomerObjects {
  /**
   * Live state of both, each the public state merged with the customer's own user state (where
   * the fields only they may see live); returns a function that stops every subscription.
   */
  watch(handlers: {
    account: LiveStateHandlers<AccountView>
    aws: LiveStateHandlers<AwsView>
  }): () => void
  /**
   * Calls Account.selectPlan; a start may carry the address (with the version it was edited on) and
   * the coffee confirmed with it, so the start is one change. Rejects with an AppError.
   */
  choosePlan(planId: string, details?: StartDetails): Promise<void>
  /**
   * Calls one of the Account's other subscription methods (pause, resume, skip, cancel). Rejects
   * with an AppError (a refused transition: status 409 and the class's code and message).
   */
  changeSubscription(change: SubscriptionChangeRequest): Promise<void>
  /** Reads the Account's public and user state once, merged (when live updates are off). */
  readAccount(): Promise<AccountView>
  /**
   * Calls Account.startPaymentSetup: a SetupIntent for a card or a SEPA bank account, for Stripe.js
   * to confirm. Rejects with an AppError (502 when Stripe cannot be reached).
   */
  startPaymentSetup(type: PaymentSetup['type']): Promise<PaymentSetup>
  /**
   * Calls Account.savePaymentMethod once Stripe.js has confirmed the SetupIntent. Rejects with an
   * AppError (400 PAYMENT_SETUP_INCOMPLETE with what is missing).
   */
  savePaymentMethod(setupIntentId: string): Promise<void>
  /** Calls Account.retryPayment for the delivery on `date`. Rejects with an AppError (409 with why there is nothing to pay). */
  retryPayment(date: string): Promise<void>
  /** Calls Account.exportMyData: everything the Account holds about the customer. Rejects with an AppError. */
  exportMyData(): Promise<Record<string, unknown>>
  /** Calls Account.requestAccountDeletion, which e-mails a code. Rejects with an AppError (429 within 30 s of the last). */
  requestAccountDeletion(): Promise<void>
  /** Calls Account.deleteMyAccount with the e-mailed code. Rejects with an AppError (400 wrong or expired code). */
  deleteMyAccount(code: string): Promise<void>
  /**
   * Calls Account.requestEmailChange, which e-mails a code to the new address only. Rejects with an
   * AppError (400 invalid or the same address, 409 taken or a delivery being packed, 429 within 30 s).
   */
  requestEmailChange(newEmail: string): Promise<{ sentTo: string }>
  /**
   * Calls Account.confirmEmailChange with the code (the customer moves to the new address), then
   * signs this browser in as the new address. `signedIn` is false when that sign-in failed: the
   * customer then signs in with the new address. Rejects with an AppError when nothing moved.
   */
  confirmEmailChange(code: string): Promise<{ email: string; signedIn: boolean }>
}

function isPaymentSetup(value: unknown): value is PaymentSetup {
  const setup = value as Partial<PaymentSetup> | null | undefined
  return typeof setup?.clientSecret === 'string' && typeof setup.setupIntentId === 'string' && (setup.type === 'card' || setup.type === 'sepa_debit')
}

/**
 * How long a change waits for the Account's live state to be set up at most: its first state
 * arrives within the snapshot fallback (live, or read once), so this only bounds a broken promise.
 */
const LIVE_READY_WAIT_MS = SNAPSHOT_FALLBACK_MS + 1000

/** Opens the customer's two objects, both keyed by the e-mail in the session's claims. */
export function openCustomerObjects(rio: RioAccessor, email: string): Promise<CustomerObjects> {
  return guarded(async () => {
    const client = await rio()
    const [awsObject, accountObject] = await Promise.all([
      client.getCloudObject({ classId: AWS_CLASS, body: { email } }),
      client.getCloudObject({ classId: ACCOUNT_CLASS, body: { email } }),
    ])
    // Set once the Account is watched; settles with its first state (live or read once) or error.
    let accountReady: Promise<void> | null = null
    /**
     * A change goes only once the Account's listeners have their first snapshot: the Firestore
     * emulator corrupts a listener's stream when a write to its document lands while that first
     * snapshot is being sent, and Firebase then waits 30-60 s before it listens again, so the
     * change would not show. Unwatched objects (no listener) send at once.
     */
    const whenLive = async () => {
      if (!accountReady) return
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([accountReady, new Promise((resolve) => { timer = setTimeout(resolve, LIVE_READY_WAIT_MS) })])
      clearTimeout(timer)
    }
    return {
      watch(handlers) {
        let ready: () => void = () => undefined
        accountReady = new Promise<void>((resolve) => { ready = resolve })
        const account: LiveStateHandlers<AccountView> = {
          onState: (state, live) => { ready(); handlers.account.onState(state, live) },
          onError: (error) => { ready(); handlers.account.onError(error) },
        }
        const stops = [
          subscribeCustomerState(accountObject, account),
          subscribeCustomerState(awsObject, handlers.aws),
        ]
        return () => stops.forEach((stop) => stop())
      },
      async choosePlan(planId, details) {
        if (!planId) throw new RioAppError({ code: 'VALIDATION', message: 'Choose one of the plans.' })
        await whenLive()
        await guarded(() => accountObject.call({ method: 'selectPlan', body: { planId, ...details } }))
      },
      async changeSubscription(change) {
        const { method, body } = subscriptionCall(change)
        await whenLive()
        await guarded(() => accountObject.call({ method, body }))
      },
      readAccount: () => guarded(() => readCustomerState<AccountView>(accountObject)),
      async startPaymentSetup(type) {
        await whenLive()
        const setup = (await guarded(() => accountObject.call<PaymentSetup>({ method: 'startPaymentSetup', body: { type } }))).data
        if (!isPaymentSetup(setup)) {
          throw new RioAppError({ code: 'BAD_RESPONSE', message: 'The payment setup could not be read from the server answer. Nothing was saved; please try again.' })
        }
        return setup
      },
      async savePaymentMethod(setupIntentId) {
        await whenLive()
        await guarded(() => accountObject.call({ method: 'savePaymentMethod', body: { setupIntentId } }))
      },
      async retryPayment(date) {
        await whenLive()
        await guarded(() => accountObject.call({ method: 'retryPayment', body: { date } }))
      },
      async exportMyData() {
        const exported = (await guarded(() => accountObject.call<Record<string, unknown>>({ method: 'exportMyData' }))).data
        if (!exported || typeof exported !== 'object') {
          throw new RioAppError({ code: 'BAD_RESPONSE', message: 'Your data could not be read from the server answer. Please try again.' })
        }
        return exported
      },
      async requestAccountDeletion() {
        await guarded(() => accountObject.call({ method: 'requestAccountDeletion', body: {} }))
      },
      async deleteMyAccount(code) {
        await guarded(() => accountObject.call({ method: 'deleteMyAccount', body: { code: code.replace(/\s+/g, '') } }))
      },
      async requestEmailChange(newEmail) {
        const email = checkedEmail(newEmail)
        const sent = (await guarded(() => accountObject.call<{ sentTo?: string }>({ method: 'requestEmailChange', body: { newEmail: email } }))).data
        return { sentTo: sent?.sentTo ?? email }
      },
      async confirmEmailChange(code) {
        const moved = (await guarded(() => accountObject.call<{ email?: string; customToken?: string }>({ method: 'confirmEmailChange', body: { code: normalizeOtp(code) } }))).data
        const email = moved?.email ?? ''
        if (!moved?.customToken) return { email, signedIn: false }
        // The old address's session now owns an empty account: go on as the new address.
        const signedIn = await signInWithToken(client, moved.customToken).then(() => true, () => false)
        return { email, signedIn }
      },
    }
  })
}
