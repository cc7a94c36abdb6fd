/**
 * Paying for deliveries: one lifecycle per delivery, pure rules over plain values (the Account
 * class charges with them, the web app shows them with this very module).
 *
 * scheduled → (skipped) → final → paid → shipped
 *                              → payment failed / authentication needed → paid
 *                              → not shipped (not paid by the end of its day)
 *
 * - A delivery becomes final when no change can reach it any more: the start of the day after its
 *   last changeable day (LEAD_DAYS − 1 days before it, at midnight UTC). At that moment it is
 *   charged once, off-session, at the price of that delivery's plan.
 * - Stripe is the record of money: a payment's status is read from Stripe's PaymentIntent.
 * - A delivery ships only when it is paid, or when a SEPA Direct Debit is still settling from a
 *   bank account that has paid us before (`processing`). The first debit of a new mandate is
 *   `settling`: it ships once it succeeds.
 * - A delivery that left and whose money did not arrive (a debit failing late, a dispute, a
 *   reversal) is `owed`: the subscription is on hold at once, until it is paid.
 * - A delivery not paid by the end of its day is not shipped; UNPAID_IN_A_ROW of them in a row (owed
 *   ones count) put the subscription on hold until the customer saves a working payment method.
 */
import type { MessageKey } from 'BeanBloomKit/i18n/messages'
import type { PaymentRefund, Receipt } from './receipts'
import type { ExtraLine } from './extras'
import { DAY_MS, LEAD_DAYS, startOfUtcDay } from './schedule'

/** Where one delivery's payment stands. */
export type PaymentStatus =
  /** Being charged: a PaymentIntent is made and about to be confirmed. */
  | 'charging'
  /** A SEPA Direct Debit settling (days) from a bank account that has paid us before: it may ship. */
  | 'processing'
  /** The first debit of a new SEPA mandate, settling: it ships only once it succeeds. */
  | 'settling'
  | 'paid'
  /** Declined or failed: the customer may retry or save another method; retried once a day. */
  | 'failed'
  /** The bank asked the customer to authenticate (3-D Secure). */
  | 'requires_action'
  /** Not paid by the end of its day: not shipped, and never charged any more. */
  | 'unpaid'

/** What we keep of a saved payment method: never the number, only Stripe's summary. */
export interface PaymentMethodSummary {
  type: 'card' | 'sepa_debit'
  /** Card brand ("visa", "mastercard"…). */
  brand?: string
  last4: string
  expMonth?: number
  expYear?: number
  /** SEPA: the bank's code and country, and the mandate's reference. */
  bankCode?: string
  country?: string
  mandateReference?: string
  /** ISO instant it was saved. */
  savedAt: string
}

/** The payment of one delivery (the customer's user state keeps the latest PAYMENTS_KEPT). */
export interface DeliveryPayment {
  /** The delivery (ISO day). */
  date: string
  /** The delivery's id (also the PaymentIntent's metadata and idempotency key). */
  deliveryId: string
  /** The plan of that delivery, whose price is charged. */
  plan: string
  /** Integer cents: the plan's price plus the extras'. */
  amountCents: number
  /** The extras charged with the delivery, as they were when it was charged (their receipt lines). */
  extras?: ExtraLine[]
  /** Set when a gift paid the delivery (gifts.ts): never charged, its receipt is the giver's. */
  giftId?: string
  currency: 'eur'
  status: PaymentStatus
  /** Charges tried (1 for the first). */
  attempts: number
  /** Stripe's PaymentIntent of the latest attempt. */
  paymentIntentId?: string
  /** For `requires_action`: what Stripe.js needs to let the customer authenticate. */
  clientSecret?: string
  /** What was charged: "Visa •••• 4242" or "SEPA Direct Debit •••• 3000". */
  method?: string
  /** For `failed` and `unpaid`: why, in English words for the customer (Stripe's own words for a rare decline). */
  failure?: string
  /** Which `failure` it is, so each language words it (`payments.failure.<code>` in the catalogue). */
  failureCode?: PaymentFailure
  /** ISO instants. */
  chargedAt?: string
  paidAt?: string
  updatedAt: string
  /** The receipt, issued once the payment succeeded (receipts.ts). */
  receipt?: Receipt
  /** Refunds by staff, oldest first, each with its credit note. */
  refunds?: PaymentRefund[]
  /**
   * ISO instant the delivery was found to have left without its money (its debit failed after it
   * shipped or after its day, or the payment was disputed or reversed): the customer still owes it
   * and may pay it whenever, and the subscription is on hold until they do.
   */
  owedSince?: string
  /** The day (`YYYY-MM-DD`) the customer was last e-mailed that this payment failed: at most one such e-mail a day. */
  failureMailedOn?: string
  /** The PaymentIntent whose money went back (a dispute, a refund we did not make): never read as paid again. */
  reversedIntentId?: string
}

/**
 * Why a payment failed, as the customer is told it: a card declined, expired or short of funds, no
 * payment method, another decline, money a bank took back or returned, or a delivery not paid by its day.
 */
export type PaymentFailure = 'cardDeclined' | 'expiredCard' | 'insufficientFunds' | 'noPaymentMethod' | 'declined' | 'disputed' | 'returned' | 'notPaidByDay'

/** Each failure's words in the catalogue (English: what `failure` stores). */
export const PAYMENT_FAILURE_KEYS: { [failure in PaymentFailure]: MessageKey } = {
  cardDeclined: 'payments.failure.cardDeclined',
  expiredCard: 'payments.failure.expiredCard',
  insufficientFunds: 'payments.failure.insufficientFunds',
  noPaymentMethod: 'payments.failure.noPaymentMethod',
  declined: 'payments.failure.declined',
  disputed: 'payments.failure.disputed',
  returned: 'payments.failure.returned',
  notPaidByDay: 'payments.failure.notPaidByDay',
}

/** Our failure for a Stripe error code: the ones customers meet most have their own words. */
export function paymentFailureOf(stripeCode: string): PaymentFailure {
  if (stripeCode === 'card_declined') return 'cardDeclined'
  if (stripeCode === 'expired_card') return 'expiredCard'
  if (stripeCode === 'insufficient_funds') return 'insufficientFunds'
  if (stripeCode === 'no_payment_method') return 'noPaymentMethod'
  return 'declined'
}

/** Payments the customer's user state keeps (a year of weekly deliveries). */
export const PAYMENTS_KEPT = 52
/** Unpaid deliveries in a row that put the subscription on hold for payment. */
export const UNPAID_IN_A_ROW = 2
/** A failed payment is tried again this often until its delivery's day is over. */
export const RETRY_EVERY_MS = DAY_MS

function dayMs(iso: string): number {
  return startOfUtcDay(Date.parse(iso))
}

/** The moment the delivery on `date` becomes final and is charged (epoch ms). */
export function finalMomentMs(date: string): number {
  return dayMs(date) - (LEAD_DAYS - 1) * DAY_MS
}

/** The moment a delivery not paid yet is given up: the end of its day (epoch ms). */
export function closingMomentMs(date: string): number {
  return dayMs(date) + DAY_MS
}

/** True once the delivery on `date` is final at `nowMs`. */
export function isFinal(date: string, nowMs: number): boolean {
  return nowMs >= finalMomentMs(date)
}

/** True when a delivery with this payment may leave the roastery (a first debit `settling` may not). */
export function isShippable(status: PaymentStatus | undefined): boolean {
  return status === 'paid' || status === 'processing'
}

/** True when a debit is still settling, whether or not it may ship meanwhile. */
export function isSettling(status: PaymentStatus | undefined): boolean {
  return status === 'processing' || status === 'settling'
}

/** True when the customer owes a delivery that already left or whose day is over (it may be paid any time). */
export function isOwed(payment: Pick<DeliveryPayment, 'status' | 'owedSince'>): boolean {
  return !!payment.owedSince && payment.status !== 'paid'
}

/** True when the customer can do something about this payment (retry, authenticate, save another method). */
export function needsCustomer(status: PaymentStatus | undefined): boolean {
  return status === 'failed' || status === 'requires_action'
}

/**
 * Our status for a Stripe PaymentIntent status. `requires_payment_method` after a confirm (and
 * `canceled`) is a failed payment; `requires_confirmation` means the confirm has not happened yet.
 */
export function statusOfIntent(stripeStatus: string): PaymentStatus {
  switch (stripeStatus) {
    case 'succeeded':
      return 'paid'
    case 'processing':
      return 'processing'
    case 'requires_action':
      return 'requires_action'
    case 'requires_confirmation':
    case 'requires_capture':
      return 'charging'
    default:
      return 'failed'
  }
}

const BRANDS: { [brand: string]: string } = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB',
  diners: 'Diners Club', unionpay: 'UnionPay', cartes_bancaires: 'Cartes Bancaires',
}

/** "Visa •••• 4242" or "SEPA Direct Debit •••• 3000". */
export function methodText(method: Pick<PaymentMethodSummary, 'type' | 'brand' | 'last4'>): string {
  if (method.type === 'sepa_debit') return 'SEPA Direct Debit •••• ' + method.last4
  const brand = method.brand ? BRANDS[method.brand] || method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card'
  return brand + ' •••• ' + method.last4
}

/** "€20.00": the one money rule (BeanBloomKit/money), kept here for the callers that import it from this module. */
export { euros } from 'BeanBloomKit/money'

/** The customer's words for a payment status. */
export function paymentStatusText(status: PaymentStatus): string {
  switch (status) {
    case 'charging':
      return 'Being charged'
    case 'processing':
      return 'Paid by direct debit (settling)'
    case 'settling':
      return 'Direct debit settling: ships once your bank confirms'
    case 'paid':
      return 'Paid'
    case 'failed':
      return 'Payment failed'
    case 'requires_action':
      return 'Your bank needs you to confirm'
    case 'unpaid':
      return 'Not paid: not shipped'
  }
}

/** Adds or replaces the payment of `payment.date`, keeping the newest PAYMENTS_KEPT, oldest first. */
export function withPayment(payments: ReadonlyArray<DeliveryPayment> | undefined, payment: DeliveryPayment): DeliveryPayment[] {
  const others = (payments || []).filter(function (p) { return p.date !== payment.date })
  const all = others.concat([payment]).sort(function (a, b) { return a.date < b.date ? -1 : a.date > b.date ? 1 : 0 })
  return all.slice(Math.max(0, all.length - PAYMENTS_KEPT))
}

/** The payment of the delivery on `date`, if it was charged. */
export function paymentOn(payments: ReadonlyArray<DeliveryPayment> | undefined, date: string): DeliveryPayment | undefined {
  return (payments || []).filter(function (p) { return p.date === date })[0]
}

/**
 * True when the last UNPAID_IN_A_ROW closed payments (by date) were all not paid. Closed: paid,
 * unpaid, or owed (a delivery that left without its money counts as not paid).
 */
export function unpaidInARow(payments: ReadonlyArray<DeliveryPayment> | undefined): boolean {
  const closed = (payments || []).filter(function (p) { return p.status === 'paid' || p.status === 'unpaid' || isOwed(p) })
  if (closed.length < UNPAID_IN_A_ROW) return false
  return closed.slice(closed.length - UNPAID_IN_A_ROW).every(function (p) { return p.status !== 'paid' })
}

/** True while the customer owes any delivery that left or whose day is over: nothing more ships until it is paid. */
export function owesPayment(payments: ReadonlyArray<DeliveryPayment> | undefined): boolean {
  return (payments || []).some(isOwed)
}
