/**
 * Requests of the `Account` and `AWS` classes for the signed-in customer: the plans, and the
 * customer's objects (subscription, payments, data rights). The account provider calls these and
 * keeps only React state; every failure leaves here as an `AppError` made by lib/rio/errors. The
 * sign-in itself is lib/rio/sign-in-api.ts.
 */
import {
  ACCOUNT_CLASS, AWS_CLASS, STATIC_INSTANCE_ID,
  type AccountView, type AwsView, type CoffeePreferences, type DeliveryAddress, type PaymentSetup,
  type SubscriptionPlan,
} from '@/lib/contract'
import { normalizeOtp } from '@/lib/format/otp'
import type { RioAccessor } from '@/lib/rio/client'
import type { CancelReason } from '@retter-shared/BeanBloomSubscription/cancel-reasons'
import type { Weekday } from '@retter-shared/BeanBloomSubscription/schedule'
import type { GiftOrder } from '@retter-shared/BeanBloomSubscription/gifts'
import { RioAppError } from '@/lib/rio/errors/app-error'
import { guarded } from '@/lib/rio/errors/map'
import { sortPlans } from '@/lib/rio/plans'
import { checkedEmail, signInWithToken } from '@/lib/rio/sign-in-api'
import { readCustomerState, subscribeCustomerState, type LiveStateHandlers } from '@/lib/rio/state'
import { saveLocale } from '@/lib/account/language'
import type { Locale } from '@retter-shared/BeanBloomKit/i18n/locales'

/** What a start carries besides the plan: only what the customer changed in the start dialog. */
export interface StartDetails {
  delivery?: DeliveryAddress & { version?: number }
  preferences?: CoffeePreferences
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
  /** `reason`: why (CancelReason); `note`: the customer's words (required for `other`). */
  | { kind: 'cancel'; reason: CancelReason; note?: string }
  /**
   * `version`: the address version (`deliveryVersion`) the customer's view showed when they began
   * editing; the class refuses the change with 409 ADDRESS_CHANGED when it has changed since.
   */
  | { kind: 'address'; address: DeliveryAddress; version?: number }
  | { kind: 'preferences'; preferences: CoffeePreferences }
  /** Another coffee for the delivery of `date`; `coffeeId` empty: back to the usual one. */
  | { kind: 'coffee'; date: string; coffeeId: string }
  /** The weekday the deliveries arrive on, from the first that may still change. */
  | { kind: 'day'; weekday: Weekday }
  /** The delivery of `date` arrives on `to` instead (inside its window). */
  | { kind: 'move'; date: string; to: string }
  /** The next delivery that may still change leaves as soon as the roastery can. */
  | { kind: 'sendNow' }
  /** `quantity` of the extra `itemId` on the delivery of `date` (a second time for the same extra: its new quantity). */
  | { kind: 'addExtra'; date: string; itemId: string; quantity: number }
  /** The extra `itemId` taken off the delivery of `date`. */
  | { kind: 'removeExtra'; date: string; itemId: string }

function subscriptionCall(change: SubscriptionChangeRequest): { method: string; body: object } {
  switch (change.kind) {
    case 'pause': return { method: 'pauseSubscription', body: { weeks: change.weeks } }
    case 'resume': return { method: 'resumeSubscription', body: change.restoreSkipped ? { restoreSkipped: true } : {} }
    case 'skip': return { method: 'skipNextDelivery', body: {} }
    case 'skipDate': return { method: 'skipDelivery', body: { date: change.date } }
    case 'unskip': return { method: 'unskipDelivery', body: { date: change.date } }
    case 'address': return { method: 'setDeliveryAddress', body: change.version === undefined ? change.address : { ...change.address, version: change.version } }
    case 'preferences': return { method: 'setPreferences', body: change.preferences }
    case 'coffee': return { method: 'chooseCoffee', body: { date: change.date.slice(0, 10), coffeeId: change.coffeeId } }
    case 'day': return { method: 'setDeliveryDay', body: { weekday: change.weekday } }
    case 'move': return { method: 'moveDelivery', body: { date: change.date.slice(0, 10), to: change.to.slice(0, 10) } }
    case 'sendNow': return { method: 'sendNow', body: {} }
    case 'addExtra': return { method: 'addExtra', body: { date: change.date.slice(0, 10), itemId: change.itemId, quantity: change.quantity } }
    case 'removeExtra': return { method: 'removeExtra', body: { date: change.date.slice(0, 10), itemId: change.itemId } }
    case 'cancel': {
      const note = change.note?.trim()
      return { method: 'cancelSubscription', body: note ? { reason: change.reason, note } : { reason: change.reason } }
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
  /** Calls Account.setLocale: the language of the customer's e-mails and receipts. Rejects with an AppError (400 UNKNOWN_LOCALE). */
  setLocale(locale: Locale): Promise<void>
  /** Calls Account.requestAccountDeletion, which e-mails a code. Rejects with an AppError (429 within 30 s of the last). */
  requestAccountDeletion(): Promise<void>
  /** Calls Account.deleteMyAccount with the e-mailed code. Rejects with an AppError (400 wrong or expired code). */
  deleteMyAccount(code: string): Promise<void>
  /**
   * Calls Account.requestEmailChange, which e-mails one code to the new address (`sentTo`) and
   * another to the current one (`currentCodeSentTo`). Rejects with an AppError (400 invalid or the
   * same address, 409 taken or a delivery being packed, 429 within 30 s or past an hourly cap).
   */
  requestEmailChange(newEmail: string): Promise<{ sentTo: string; currentCodeSentTo?: string }>
  /**
   * Calls Account.confirmEmailChange with both codes: `code` from the new address, `currentCode`
   * from the current one (the customer moves to the new address), then signs this browser in as
   * the new address. `signedIn` is false when that sign-in failed: the customer then signs in with
   * the new address. Rejects with an AppError when nothing moved (its `field` names a wrong code).
   */
  confirmEmailChange(code: string, currentCode: string): Promise<{ email: string; signedIn: boolean }>
  /**
   * Calls Account.buyGift: `deliveries` of a plan for `recipientEmail`, paid at once with the saved
   * method; resolves with the gift's id. Rejects with an AppError (400 naming the field, 402 the
   * bank refused, 409 no payment method, 429 five gifts a day).
   */
  buyGift(order: GiftOrder): Promise<{ giftId: string; clientSecret?: string; settling: boolean }>
  /** Calls Account.confirmGift once the giver's bank check is done: reads the payment's outcome. Rejects with an AppError (402 not paid). */
  confirmGift(giftId: string): Promise<void>
  /** Calls Account.cancelGift: a gift not started yet, refunded in full. Rejects with an AppError (409 started already). */
  cancelGift(giftId: string): Promise<void>
  /** Calls Account.redeemGift: starts a gift offered to the customer. Rejects with an AppError (409 no delivery address, 410 withdrawn). */
  redeemGift(giftId: string): Promise<void>
}

function isPaymentSetup(value: unknown): value is PaymentSetup {
  const setup = value as Partial<PaymentSetup> | null | undefined
  return typeof setup?.clientSecret === 'string' && typeof setup.setupIntentId === 'string' && (setup.type === 'card' || setup.type === 'sepa_debit')
}

/** Opens the customer's two objects, both keyed by the e-mail in the session's claims. */
export function openCustomerObjects(rio: RioAccessor, email: string): Promise<CustomerObjects> {
  return guarded(async () => {
    const client = await rio()
    const [awsObject, accountObject] = await Promise.all([
      client.getCloudObject({ classId: AWS_CLASS, body: { email } }),
      client.getCloudObject({ classId: ACCOUNT_CLASS, body: { email } }),
    ])
    return {
      watch(handlers) {
        const stops = [
          subscribeCustomerState(accountObject, handlers.account),
          subscribeCustomerState(awsObject, handlers.aws),
        ]
        return () => stops.forEach((stop) => stop())
      },
      async choosePlan(planId, details) {
        if (!planId) throw new RioAppError({ code: 'VALIDATION', message: 'Choose one of the plans.' })
        await guarded(() => accountObject.call({ method: 'selectPlan', body: { planId, ...details } }))
      },
      async changeSubscription(change) {
        const { method, body } = subscriptionCall(change)
        await guarded(() => accountObject.call({ method, body }))
      },
      readAccount: () => guarded(() => readCustomerState<AccountView>(accountObject)),
      async startPaymentSetup(type) {
        const setup = (await guarded(() => accountObject.call<PaymentSetup>({ method: 'startPaymentSetup', body: { type } }))).data
        if (!isPaymentSetup(setup)) {
          throw new RioAppError({ code: 'BAD_RESPONSE', message: 'The payment setup could not be read from the server answer. Nothing was saved; please try again.' })
        }
        return setup
      },
      async savePaymentMethod(setupIntentId) {
        await guarded(() => accountObject.call({ method: 'savePaymentMethod', body: { setupIntentId } }))
      },
      async retryPayment(date) {
        await guarded(() => accountObject.call({ method: 'retryPayment', body: { date } }))
      },
      setLocale: (locale) => saveLocale(accountObject, locale),
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
        const sent = (await guarded(() => accountObject.call<{ sentTo?: string; currentCodeSentTo?: string }>({ method: 'requestEmailChange', body: { newEmail: email } }))).data
        return { sentTo: sent?.sentTo ?? email, currentCodeSentTo: sent?.currentCodeSentTo }
      },
      async buyGift(order) {
        const bought = (await guarded(() => accountObject.call<{ giftId?: string; clientSecret?: string; gift?: { status?: string } }>({ method: 'buyGift', body: order }))).data
        if (!bought?.giftId) throw new RioAppError({ code: 'BAD_RESPONSE', message: 'The gift could not be read from the server answer. Look at your gifts before trying again.' })
        // A debit still settling is not paid yet: the page says so.
        const settling = bought.gift?.status === 'paying' && !bought.clientSecret
        return { giftId: bought.giftId, settling, ...(bought.clientSecret ? { clientSecret: bought.clientSecret } : {}) }
      },
      async confirmGift(giftId) {
        await guarded(() => accountObject.call({ method: 'confirmGift', body: { giftId } }))
      },
      async cancelGift(giftId) {
        await guarded(() => accountObject.call({ method: 'cancelGift', body: { giftId } }))
      },
      async redeemGift(giftId) {
        await guarded(() => accountObject.call({ method: 'redeemGift', body: { giftId } }))
      },
      async confirmEmailChange(code, currentCode) {
        const body = { code: normalizeOtp(code), currentCode: normalizeOtp(currentCode) }
        const moved = (await guarded(() => accountObject.call<{ email?: string; customToken?: string }>({ method: 'confirmEmailChange', body }))).data
        const email = moved?.email ?? ''
        if (!moved?.customToken) return { email, signedIn: false }
        // The old address's session now owns an empty account: go on as the new address.
        const signedIn = await signInWithToken(client, moved.customToken).then(() => true, () => false)
        return { email, signedIn }
      },
    }
  })
}
