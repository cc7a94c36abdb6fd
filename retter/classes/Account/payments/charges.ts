/**
 * Charging each delivery once, when it becomes final (BeanBloomSubscription's payments.ts holds the
 * lifecycle). Every step is a delayed call (`data.tasks`), so a crash anywhere loses nothing and
 * charges nothing twice:
 *
 * 1. `chargeDelivery {date}` at the delivery's final moment: if it is still due, records the
 *    payment and creates Stripe's PaymentIntent *unconfirmed* (idempotency key: delivery id and
 *    attempt), then schedules step 2. A crash before the record is stored leaves at most an
 *    unconfirmed PaymentIntent, which never moves money.
 * 2. `confirmCharge {date, paymentIntentId}`: reads the PaymentIntent from Stripe and confirms it
 *    only while Stripe says it still needs confirming; a second run after a crash finds it confirmed
 *    and only reads the outcome.
 * 3. Outcomes (here, from `retryPayment`, the webhook and `syncPayment`) are always Stripe's own
 *    record, read back by id. A failed payment is retried once a day (`retryCharge`) until
 *    `closeDelivery` at the end of the delivery's day gives it up: not paid, not shipped.
 */
import { runIn } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import Stripe from 'stripe'
import { deliveryIdFor } from 'BeanBloomBoard'
import {
  closingMomentMs, DAY_MS, DeliveryPayment, deliveryPrice, ExtraLine, extrasCents, extrasOn, findPlan, priceNoticeDays, isSettling, methodText, owesPayment, paymentOn, PaymentStatus, RETRY_EVERY_MS, statusOfIntent,
  unpaidInARow, withPayment,
} from 'BeanBloomSubscription'
import { CustomerView, mailCustomer, store } from '../subscription/customer-view'
import { keepCharge, planOn } from './charge-task'
import { privateOf } from '../customer'
import { issueReceipt } from './receipts'
import { tellBoard } from './board-payment'
import { stillDue } from '../subscription/reminders'
import { shippedDays, syncBoards } from '../subscription/roastery-boards'
import { isLocalStripe, stripe, stripeFailure } from './stripe'
import { clearFailure, setFailure, setStripeFailure } from './failure-words'
import { coverByGift, endOfGift, giftPays } from '../gifts/cover'


export const CONFIRM_METHOD = 'confirmCharge'
export const RETRY_CHARGE_METHOD = 'retryCharge'
export const SYNC_PAYMENT_METHOD = 'syncPayment'
export const CLOSE_METHOD = 'closeDelivery'
export const ROASTERY_PAYMENT_METHOD = 'setPayment'
/** Seconds between reads of a payment still settling (SEPA takes days), then once a day. */
export const SETTLING_CHECKS_SECONDS: ReadonlyArray<number> = [3600, 6 * 3600, 24 * 3600]
/** A payment still settling is read again for this long after it was charged. */
const SETTLING_FOR_MS = 21 * DAY_MS

function task(data: Data, method: string, afterMs: number, payload: { [key: string]: unknown }): void {
  runIn(data, method, afterMs / 1000, payload)
}

/** Stores `payment` in the customer's payments. */
function keep(view: CustomerView, payment: DeliveryPayment): void {
  view.payments = withPayment(view.payments, payment)
}

/** The id of the payment method a PaymentIntent charges. */
function methodOf(intent: Stripe.PaymentIntent): string {
  return typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method ? intent.payment_method.id : ''
}

/** True when the delivery of `payment` has left the roastery. */
function hasShipped(view: CustomerView, payment: DeliveryPayment): boolean {
  return shippedDays(view).indexOf(payment.date.slice(0, 10)) >= 0
}

/**
 * Our status for the PaymentIntent: a debit settling may ship (`processing`) only from the saved
 * method once a payment with it has succeeded, otherwise it is `settling`; money that went back (a
 * dispute, a refund we did not make) is never read as paid again from the same PaymentIntent.
 */
function statusFor(data: Data, payment: DeliveryPayment, intent: Stripe.PaymentIntent): PaymentStatus {
  const status = statusOfIntent(intent.status)
  if (status === 'paid' && payment.reversedIntentId === intent.id) return 'failed'
  if (status === 'processing' && privateOf(data).provenMethodId !== methodOf(intent)) return 'settling'
  return status
}

/**
 * Applies Stripe's PaymentIntent to the delivery's payment: when its status changed, stores it,
 * tells the board, e-mails the customer and schedules what follows (a daily retry, a read of a
 * settling debit). A payment already closed as unpaid stays closed. A shipped delivery whose money
 * did not arrive is owed: the subscription is held at once (owedPayment).
 */
export async function applyIntent(data: Data, view: CustomerView, payment: DeliveryPayment, intent: Stripe.PaymentIntent, nowMs: number): Promise<PaymentStatus> {
  const before = payment.status
  if (before === 'unpaid') return before
  const status = statusFor(data, payment, intent)
  // The same outcome read again (a replayed webhook, a second sync) changes nothing, not even updatedAt.
  if (status === before) return status
  const nowIso = new Date(nowMs).toISOString()
  payment.status = status
  payment.updatedAt = nowIso
  if (status === 'requires_action') payment.clientSecret = intent.client_secret || undefined
  else delete payment.clientSecret
  if (status === 'paid') {
    payment.paidAt = payment.paidAt || nowIso
    clearFailure(payment)
    delete payment.owedSince
    const priv = privateOf(data)
    if (methodOf(intent) && methodOf(intent) === priv.paymentMethodId) priv.provenMethodId = priv.paymentMethodId
  }
  if (status === 'failed' && payment.reversedIntentId !== intent.id) {
    const error = intent.last_payment_error
    setStripeFailure(payment, error && error.code ? error.code : '', error && error.message ? error.message : '')
  }
  const owedNow = status === 'failed' && !payment.owedSince && hasShipped(view, payment)
  if (owedNow) payment.owedSince = nowIso
  keep(view, payment)
  store(data, view)
  if (status === 'paid') {
    // A paid delivery gets its receipt (numbered, e-mailed) once: receipts.ts. It is issued before
    // the board is told, so the board takes the payment and its receipt in one write: the day's
    // board is one instance every charge of the day writes, and the largest state of the shop.
    try {
      await issueReceipt(data, view, payment, nowMs, { board: false })
    } finally {
      await tellBoard(data, payment)
    }
    await liftOwedHold(data, view, nowMs)
  } else await tellBoard(data, payment)
  if (owedNow) await owedPayment(data, view, payment, nowMs)
  else if (status === 'failed' && before === 'settling' && nowMs >= closingMomentMs(payment.date) && !hasShipped(view, payment)) {
    // A first debit that never shipped failed after its day: not shipped, never charged again.
    await closeUnpaid(data, view, payment, nowMs)
  } else if (status === 'failed') failed(data, view, payment, nowMs)
  if (status === 'requires_action') mailCustomer(data, view, { kind: 'payment-action', date: payment.date, amountCents: payment.amountCents })
  if (isSettling(status) && !isSettling(before)) task(data, SYNC_PAYMENT_METHOD, (SETTLING_CHECKS_SECONDS[0] as number) * 1000, { date: payment.date, check: 0 })
  return status
}

/**
 * A delivery that left without its money (its debit failed after it shipped, or the payment was
 * disputed or reversed): the subscription is on hold at once, so nothing more is charged or ships
 * until it is paid; other debits still settling from the same method no longer ship meanwhile; the
 * customer is told how to pay, and the roastery sees it on the delivery's board.
 */
async function owedPayment(data: Data, view: CustomerView, payment: DeliveryPayment, nowMs: number): Promise<void> {
  const priv = privateOf(data)
  delete priv.provenMethodId
  for (const other of view.payments || []) {
    if (other.status === 'processing' && !hasShipped(view, other)) {
      other.status = 'settling'
      other.updatedAt = new Date(nowMs).toISOString()
      await tellBoard(data, other)
    }
  }
  view.paymentHoldSince = view.paymentHoldSince || new Date(nowMs).toISOString()
  store(data, view)
  keepCharge(data, view, nowMs)
  await syncBoards(data, view, nowMs)
  console.error('[Account] ' + payment.deliveryId + ' shipped without its money (' + (payment.failure || 'failed') + '): the subscription is on hold until it is paid')
  mailCustomer(data, view, { kind: 'payment-owed', date: payment.date, amountCents: payment.amountCents, reason: payment.failure || '' })
}

/** Lifts the hold once nothing that left is owed any more and the last deliveries were not unpaid in a row. */
async function liftOwedHold(data: Data, view: CustomerView, nowMs: number): Promise<void> {
  if (!view.paymentHoldSince || owesPayment(view.payments) || unpaidInARow(view.payments)) return
  delete view.paymentHoldSince
  store(data, view)
  keepCharge(data, view, nowMs)
  await syncBoards(data, view, nowMs)
  mailCustomer(data, view, { kind: 'payment-hold-ended' })
}

/** Why money went back: a dispute (with Stripe's reason, e.g. `fraudulent`) or a refund we did not make. */
export type Reversal = { failure: 'disputed'; disputeReason?: string } | { failure: 'returned' }

/**
 * The money of a paid (or settling) payment went back: a dispute, or a refund we did not make.
 * From now on its PaymentIntent reads as failed, with `reason`, and the delivery is owed when it left.
 */
export async function reversePayment(data: Data, view: CustomerView, payment: DeliveryPayment, intent: Stripe.PaymentIntent, reason: Reversal, nowMs: number): Promise<PaymentStatus> {
  if (payment.reversedIntentId === intent.id) return payment.status
  payment.reversedIntentId = intent.id
  setFailure(payment, reason.failure, undefined, reason.failure === 'disputed' ? reason.disputeReason : undefined)
  return applyIntent(data, view, payment, intent, nowMs)
}

/** A dispute closed in our favour (the money came back): its PaymentIntent reads as Stripe says again. */
export async function restorePayment(data: Data, view: CustomerView, payment: DeliveryPayment, intent: Stripe.PaymentIntent, nowMs: number): Promise<PaymentStatus> {
  if (payment.reversedIntentId !== intent.id) return payment.status
  delete payment.reversedIntentId
  return applyIntent(data, view, payment, intent, nowMs)
}

/**
 * A failed payment: try again in a day while the delivery's day is not over, and e-mail the
 * customer, at most once a day per delivery (a customer retrying a card that still declines is told
 * on the page, not by another e-mail each time).
 */
function failed(data: Data, view: CustomerView, payment: DeliveryPayment, nowMs: number): void {
  const retrying = nowMs + RETRY_EVERY_MS < closingMomentMs(payment.date)
  if (retrying) task(data, RETRY_CHARGE_METHOD, RETRY_EVERY_MS, { date: payment.date, attempt: payment.attempts })
  const today = new Date(nowMs).toISOString().slice(0, 10)
  if (payment.failureMailedOn === today) return
  payment.failureMailedOn = today
  keep(view, payment)
  store(data, view)
  mailCustomer(data, view, { kind: 'payment-failed', date: payment.date, amountCents: payment.amountCents, reason: payment.failure || '', retrying: retrying })
}

/**
 * Starts one charge attempt of `payment`: a new unconfirmed PaymentIntent, then the confirm task.
 * Without a saved method, or when Stripe refuses to create it, the payment fails (and is retried).
 */
export async function beginAttempt(data: Data, view: CustomerView, payment: DeliveryPayment, nowMs: number): Promise<void> {
  const priv = privateOf(data)
  const accountId = data.context.instanceId || ''
  const attempt = payment.attempts + 1
  payment.attempts = attempt
  payment.updatedAt = new Date(nowMs).toISOString()
  if (!priv.stripeCustomerId || !priv.paymentMethodId || !view.paymentMethod) {
    payment.status = 'failed'
    setFailure(payment, 'noPaymentMethod')
    keep(view, payment)
    store(data, view)
    await tellBoard(data, payment)
    failed(data, view, payment, nowMs)
    return
  }
  const plan = findPlan(payment.plan)
  try {
    const intent = await stripe().paymentIntents.create({
      amount: payment.amountCents,
      currency: payment.currency,
      customer: priv.stripeCustomerId,
      payment_method: priv.paymentMethodId,
      // What it was for lives in the metadata (localstripe refuses `description`).
      metadata: { accountId: accountId, deliveryId: payment.deliveryId, deliveryDate: payment.date, attempt: String(attempt), plan: plan ? plan.name : payment.plan },
    }, { idempotencyKey: payment.deliveryId + '-' + attempt })
    payment.paymentIntentId = intent.id
    payment.status = 'charging'
    payment.method = methodText(view.paymentMethod)
    payment.chargedAt = new Date(nowMs).toISOString()
    clearFailure(payment)
    keep(view, payment)
    store(data, view)
    task(data, CONFIRM_METHOD, 0, { date: payment.date, paymentIntentId: intent.id })
  } catch (err) {
    const failure = stripeFailure(err)
    console.error('[Account] the charge of ' + payment.deliveryId + ' could not be created: ' + failure.code)
    payment.status = 'failed'
    setStripeFailure(payment, failure.code, failure.message)
    keep(view, payment)
    store(data, view)
    await tellBoard(data, payment)
    failed(data, view, payment, nowMs)
  }
}

/**
 * Charges the delivery on `date` if it is due and not charged yet (the caller checked the moment).
 * @returns what happened, for the task's answer
 */
export async function chargeIfDue(data: Data, view: CustomerView, date: string, nowMs: number): Promise<string> {
  if (!stillDue(view, date, nowMs)) return 'not due'
  if (view.paymentHoldSince) return 'on hold'
  if (paymentOn(view.payments, date)) return 'already charged'
  const planId = planOn(view, date)
  const plan = planId ? findPlan(planId) : undefined
  if (!plan) return 'no plan'
  const accountId = data.context.instanceId || ''
  // The extras go with it: one PaymentIntent for the delivery and its extras, at the prices the customer saw.
  const extras = extrasOn(view.extras, date)
  // A gift pays its deliveries; once it is used up, the customer's own method does, or the subscription ends (gifts/cover.ts).
  if (giftPays(view, extras.length)) return coverByGift(data, view, date, plan, nowMs)
  if (await endOfGift(data, view, nowMs)) return 'gift ended'
  const payment: DeliveryPayment = {
    // The price in force for this delivery: a change reaches it only with notice (catalogue.ts priceFor).
    date: date, deliveryId: deliveryIdFor(accountId, date.slice(0, 10)), plan: plan.id,
    amountCents: (deliveryPrice(view.segments || [], date, priceNoticeDays()) || plan.amount) + extrasCents(extras), currency: 'eur',
    status: 'charging', attempts: 0, updatedAt: new Date(nowMs).toISOString(),
  }
  if (extras.length > 0) payment.extras = JSON.parse(JSON.stringify(extras)) as ExtraLine[]
  task(data, CLOSE_METHOD, closingMomentMs(date) - nowMs, { date: date })
  await beginAttempt(data, view, payment, nowMs)
  return 'charged'
}

/** Reads the payment's PaymentIntent from Stripe and applies it; confirms it first while it still needs confirming. */
export async function settle(data: Data, view: CustomerView, payment: DeliveryPayment, nowMs: number, confirm: boolean): Promise<PaymentStatus> {
  if (!payment.paymentIntentId) return payment.status
  const client = stripe()
  let intent = await client.paymentIntents.retrieve(payment.paymentIntentId)
  if (confirm && intent.status === 'requires_confirmation') {
    try {
      // localstripe refuses `off_session` on confirm; Stripe needs it for a charge without the customer.
      intent = await client.paymentIntents.confirm(intent.id, isLocalStripe() ? {} : { off_session: true })
    } catch (err) {
      // A declined card answers an error; the PaymentIntent holds the outcome.
      console.error('[Account] the charge of ' + payment.deliveryId + ' was refused: ' + stripeFailure(err).code)
      intent = await client.paymentIntents.retrieve(intent.id)
    }
  }
  return applyIntent(data, view, payment, intent, nowMs)
}

/** Closes an unpaid delivery at the end of its day: not shipped, never charged, and maybe a hold. */
export async function closeUnpaid(data: Data, view: CustomerView, payment: DeliveryPayment, nowMs: number): Promise<void> {
  if (payment.paymentIntentId && payment.status !== 'failed') {
    try {
      const intent = await stripe().paymentIntents.cancel(payment.paymentIntentId)
      if (intent.status !== 'canceled') {
        await applyIntent(data, view, payment, intent, nowMs)
        return
      }
    } catch (err) {
      // It may have been paid meanwhile: Stripe's record decides.
      const intent = await stripe().paymentIntents.retrieve(payment.paymentIntentId)
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        await applyIntent(data, view, payment, intent, nowMs)
        return
      }
      console.error('[Account] the charge of ' + payment.deliveryId + ' could not be cancelled: ' + stripeFailure(err).code)
    }
  }
  payment.status = 'unpaid'
  setFailure(payment, 'notPaidByDay')
  delete payment.clientSecret
  payment.updatedAt = new Date(nowMs).toISOString()
  keep(view, payment)
  store(data, view)
  await tellBoard(data, payment)
  mailCustomer(data, view, { kind: 'not-shipped', date: payment.date, amountCents: payment.amountCents })
  if (!view.paymentHoldSince && unpaidInARow(view.payments)) {
    view.paymentHoldSince = new Date(nowMs).toISOString()
    store(data, view)
    mailCustomer(data, view, { kind: 'payment-hold' })
  }
}

/** The next read of a payment still settling, or none once it has been settling for SETTLING_FOR_MS. */
export function scheduleSettlingCheck(data: Data, payment: DeliveryPayment, check: number, nowMs: number): void {
  const charged = payment.chargedAt ? Date.parse(payment.chargedAt) : nowMs
  if (nowMs - charged > SETTLING_FOR_MS) {
    console.error('[Account] ' + payment.deliveryId + ' is still settling after 21 days; the webhook will tell')
    return
  }
  const index = Math.min(check + 1, SETTLING_CHECKS_SECONDS.length - 1)
  task(data, SYNC_PAYMENT_METHOD, (SETTLING_CHECKS_SECONDS[index] as number) * 1000, { date: payment.date, check: check + 1 })
}
