/**
 * Paying for deliveries, the customer's side and the tasks (charges.ts holds the steps):
 * - `startPaymentSetup` / `savePaymentMethod`: a payment method saved for later, off-session, with
 *   Stripe's SetupIntent. The browser confirms it with Stripe.js (card or SEPA IBAN element, 3-D
 *   Secure included), so no card or account number ever reaches this class.
 * - `retryPayment`: the customer retries a failed payment, or completes one their bank asked them
 *   to authenticate.
 * - Tasks: `chargeDelivery`, `confirmCharge`, `retryCharge`, `syncPayment`, `closeDelivery`.
 */
import { refuse, respond, runAt } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import Stripe from 'stripe'
import { randomBytes } from 'crypto'
import { closingMomentMs, DeliveryPayment, finalMomentMs, isOwed, isSettling, isShippable, methodText, owesPayment, paymentOn, PaymentMethodSummary, PaymentStatus } from 'BeanBloomSubscription'
import { keepCharge } from './charge-task'
import { beginAttempt, chargeIfDue, CLOSE_METHOD, closeUnpaid, scheduleSettlingCheck, settle } from './charges'
import { current, CustomerView, mailCustomer, store, viewAt } from '../subscription/customer-view'
import { AccountPrivateState, privateOf } from '../customer'
import { withinCap } from './payment-limits'
import { applyDispute, applyRefunds } from './reversals'
import { ranTask } from '../subscription/reminders'
import { syncBoards } from '../subscription/roastery-boards'
import { allowedTypes, stripe, stripeFailure } from './stripe'

type MethodType = PaymentMethodSummary['type']


/** A payment's status now (a function, so TypeScript does not keep a narrowing from before an await that changed it). */
function statusOf(payment: DeliveryPayment): PaymentStatus {
  return payment.status
}

/** The body's `date` as an ISO day ("2026-12-04T00:00:00.000Z"; the input models allow `YYYY-MM-DD` too). */
function dateOf(data: Data<{ date?: string }>): string {
  const raw = data.request.body && typeof data.request.body.date === 'string' ? data.request.body.date : ''
  const ms = Date.parse(raw.slice(0, 10) + 'T00:00:00.000Z')
  return isNaN(ms) ? '' : new Date(ms).toISOString()
}

/**
 * Stripe's customer of this Account, created once. The idempotency key keeps a retried create (the
 * SDK's own retries) single; its random part is kept in private state, which a deletion or a move
 * rebuilds without it, so a new customer after either is never the old one replayed by Stripe.
 */
async function stripeCustomer(data: Data, view: CustomerView): Promise<string> {
  const priv = privateOf(data)
  if (priv.stripeCustomerId) return priv.stripeCustomerId
  const accountId = data.context.instanceId || ''
  if (!priv.stripeCustomerNonce) priv.stripeCustomerNonce = randomBytes(9).toString('hex')
  const customer = await stripe().customers.create({ email: view.email, metadata: { accountId: accountId } }, { idempotencyKey: 'customer-' + accountId + '-' + priv.stripeCustomerNonce })
  priv.stripeCustomerId = customer.id
  return customer.id
}

/** The SetupIntent the last set-up of this type made, while it is still open (neither succeeded nor cancelled) and this customer's. */
async function openSetupIntent(priv: AccountPrivateState, customer: string, type: MethodType): Promise<Stripe.SetupIntent | undefined> {
  if (!priv.openSetup || priv.openSetup.type !== type) return undefined
  try {
    const intent = await stripe().setupIntents.retrieve(priv.openSetup.id)
    const owner = typeof intent.customer === 'string' ? intent.customer : intent.customer ? intent.customer.id : ''
    if (owner === customer && intent.status !== 'succeeded' && intent.status !== 'canceled') return intent
  } catch (err) {
    if (stripeFailure(err).code !== 'resource_missing') throw err
  }
  return undefined
}

/**
 * WRITE (owner) {type?: 'card' | 'sepa_debit'}: Stripe's customer (once) and a SetupIntent for
 * off-session use; answers `{clientSecret, type}` for Stripe.js to confirm in the browser. The open
 * SetupIntent of the last set-up is answered again rather than a new one made, and a customer may
 * start SETUPS_PER_HOUR set-ups an hour (429 SETUP_LIMIT past that).
 */
export async function startPaymentSetup(data: Data<{ type?: MethodType }>): Promise<Data> {
  const type: MethodType = data.request.body && data.request.body.type === 'sepa_debit' ? 'sepa_debit' : 'card'
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const priv = privateOf(data)
  if (!withinCap(data, 'SETUP_LIMIT', nowMs)) return data
  try {
    const customer = await stripeCustomer(data, view)
    const intent = (await openSetupIntent(priv, customer, type)) || await stripe().setupIntents.create({
      customer: customer, usage: 'off_session', metadata: { accountId: data.context.instanceId || '' }, ...allowedTypes([type]),
    })
    priv.openSetup = { id: intent.id, type: type }
    return respond(data, { clientSecret: intent.client_secret, setupIntentId: intent.id, type: type })
  } catch (err) {
    const failure = stripeFailure(err)
    console.error('[Account] a payment setup could not start: ' + failure.code)
    return refuse(data, 502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider. Nothing was saved; please try again in a moment.')
  }
}

/** What the SetupIntent still lacks, in the customer's words (undefined once it succeeded). */
export function setupProblem(intent: Pick<Stripe.SetupIntent, 'status' | 'last_setup_error'>): string | undefined {
  switch (intent.status) {
    case 'succeeded':
      return undefined
    case 'requires_payment_method':
      return intent.last_setup_error && intent.last_setup_error.message
        ? 'Your card or bank account was not accepted: ' + intent.last_setup_error.message
        : 'No card or bank account has been confirmed yet: enter your details and confirm them first.'
    case 'requires_action':
      return 'Your bank asked you to confirm this card: complete its check, then save again.'
    case 'requires_confirmation':
      return 'Your card or bank account has not been confirmed yet: confirm it first.'
    case 'processing':
      return 'Your bank account is still being checked: try again in a moment.'
    default:
      return 'This payment setup was cancelled: start again.'
  }
}

async function summaryOf(intent: Stripe.SetupIntent, nowMs: number): Promise<{ id: string; summary: PaymentMethodSummary } | undefined> {
  const pmId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method ? intent.payment_method.id : ''
  if (!pmId) return undefined
  const method = await stripe().paymentMethods.retrieve(pmId)
  const savedAt = new Date(nowMs).toISOString()
  if (method.type === 'card' && method.card) {
    return { id: pmId, summary: { type: 'card', brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year, savedAt: savedAt } }
  }
  if (method.type === 'sepa_debit' && method.sepa_debit) {
    const summary: PaymentMethodSummary = { type: 'sepa_debit', last4: method.sepa_debit.last4 || '', savedAt: savedAt, mandateReference: await mandateReference(intent) }
    if (method.sepa_debit.bank_code) summary.bankCode = method.sepa_debit.bank_code
    if (method.sepa_debit.country) summary.country = method.sepa_debit.country
    return { id: pmId, summary: summary }
  }
  return undefined
}

/** The SEPA mandate's reference (Stripe's); the SetupIntent's id where the server keeps no mandates (localstripe). */
async function mandateReference(intent: Stripe.SetupIntent): Promise<string> {
  const mandateId = typeof intent.mandate === 'string' ? intent.mandate : intent.mandate ? intent.mandate.id : ''
  if (mandateId) {
    try {
      const mandate = await stripe().mandates.retrieve(mandateId)
      const details = mandate.payment_method_details.sepa_debit
      if (details && details.reference) return details.reference
    } catch (err) {
      console.error('[Account] the SEPA mandate could not be read: ' + stripeFailure(err).code)
    }
  }
  return intent.id.toUpperCase()
}

/**
 * WRITE (owner) {setupIntentId}: checks with Stripe that the SetupIntent is this customer's and
 * succeeded (400 PAYMENT_SETUP_INCOMPLETE, saying what is missing, otherwise), stores the method's
 * summary as `paymentMethod`, retries payments that failed, and lifts a hold for payment.
 */
export async function savePaymentMethod(data: Data<{ setupIntentId: string }>): Promise<Data> {
  const setupIntentId = data.request.body ? data.request.body.setupIntentId : ''
  const priv = privateOf(data)
  const nowMs = Date.now()
  const view = current(data, nowMs)
  let intent: Stripe.SetupIntent
  try {
    intent = await stripe().setupIntents.retrieve(setupIntentId)
  } catch (err) {
    const failure = stripeFailure(err)
    if (failure.code === 'resource_missing') return refuse(data, 400, 'PAYMENT_SETUP_INCOMPLETE', 'There is no payment setup ' + setupIntentId + '. Start again.')
    console.error('[Account] a payment setup could not be read: ' + failure.code)
    return refuse(data, 502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider. Nothing was saved; please try again in a moment.')
  }
  const owner = typeof intent.customer === 'string' ? intent.customer : intent.customer ? intent.customer.id : ''
  if (!priv.stripeCustomerId || owner !== priv.stripeCustomerId) {
    return refuse(data, 400, 'PAYMENT_SETUP_INCOMPLETE', 'This payment setup is not yours. Start again from your account.')
  }
  const problem = setupProblem(intent)
  if (problem) return refuse(data, 400, 'PAYMENT_SETUP_INCOMPLETE', problem)
  const saved = await summaryOf(intent, nowMs)
  if (!saved) return refuse(data, 400, 'PAYMENT_SETUP_INCOMPLETE', 'Only a card or a SEPA bank account can be saved.')
  const previous = priv.paymentMethodId
  priv.paymentMethodId = saved.id
  view.paymentMethod = saved.summary
  if (previous && previous !== saved.id) {
    // The old method is no longer ours to charge; a failed detach leaves it unused, never charged.
    stripe().paymentMethods.detach(previous).catch(function (err) { console.error('[Account] an old payment method was not detached: ' + stripeFailure(err).code) })
  }
  if (priv.openSetup && priv.openSetup.id === intent.id) delete priv.openSetup
  // A hold for deliveries that left unpaid lifts only once they are paid (charges.ts); the new method pays them now.
  const owed = owesPayment(view.payments)
  const onHold = !!view.paymentHoldSince && !owed
  if (onHold) delete view.paymentHoldSince
  store(data, view)
  for (const payment of view.payments || []) {
    if (payment.status === 'failed' && (nowMs < closingMomentMs(payment.date) || isOwed(payment))) await beginAttempt(data, view, payment, nowMs)
  }
  if (onHold) {
    keepCharge(data, view, nowMs)
    await syncBoards(data, view, nowMs)
    mailCustomer(data, view, { kind: 'payment-hold-ended' })
  } else if (view.status === 'active' || view.status === 'paused') {
    mailCustomer(data, view, { kind: 'payment-method', method: methodText(saved.summary) })
  }
  // Before a subscription nothing is charged: the welcome e-mail of the start names the method.
  return respond(data, viewAt(data, nowMs))
}

/**
 * WRITE (owner) {date}: pays the delivery on `date` now: a new charge of a failed payment (one
 * that left and is owed too, whenever), confirmed at once so the answer says how it went, or the
 * outcome of one the customer has just authenticated with their bank. 409 with a specific code
 * when there is nothing to pay; 402 PAYMENT_DECLINED when the new charge was declined again (the
 * attempt is kept); 429 RETRY_LIMIT past RETRIES_PER_HOUR new charges an hour.
 */
export async function retryPayment(data: Data<{ date: string }>): Promise<Data> {
  const date = dateOf(data)
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const payment = paymentOn(view.payments, date)
  const day = date.slice(0, 10)
  if (!payment) return refuse(data, 409, 'NOTHING_TO_PAY', 'There is no payment due for a delivery on ' + day + '.')
  if (isShippable(payment.status)) return refuse(data, 409, 'ALREADY_PAID', 'Your delivery of ' + day + ' is already paid.')
  if (payment.status === 'unpaid') return refuse(data, 409, 'TOO_LATE_TO_PAY', 'Your delivery of ' + day + ' was not paid by its day, so it was not shipped and cannot be paid any more.')
  if (payment.status === 'charging') return refuse(data, 409, 'PAYMENT_IN_PROGRESS', 'The payment for your delivery of ' + day + ' is being made. Wait a moment.')
  if (payment.status === 'settling') return refuse(data, 409, 'PAYMENT_IN_PROGRESS', 'The direct debit for your delivery of ' + day + ' is still being settled by your bank. We ship it once it has.')
  try {
    if (payment.status === 'requires_action') {
      const status = await settle(data, view, payment, nowMs, false)
      if (status === 'requires_action') {
        return refuse(data, 409, 'PAYMENT_ACTION_REQUIRED', 'Your bank still needs you to confirm the payment for ' + day + '. Confirm it, then try again.')
      }
    } else {
      if (!withinCap(data, 'RETRY_LIMIT', nowMs)) return data
      await beginAttempt(data, view, payment, nowMs)
      // Confirmed now, not by the task, so the customer hears at once whether it went through (the
      // status is read again: the calls above change it).
      if (statusOf(payment) === 'charging') await settle(data, view, payment, nowMs, true)
      if (statusOf(payment) === 'failed') {
        return refuse(data, 402, 'PAYMENT_DECLINED', 'The payment for your delivery of ' + day + ' was declined again: ' + (payment.failure || 'the payment was declined.') + ' Try another card or bank account.')
      }
    }
  } catch (err) {
    console.error('[Account] a payment retry could not reach Stripe: ' + stripeFailure(err).code)
    return refuse(data, 502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider. Nothing was charged; please try again in a moment.')
  }
  return respond(data, viewAt(data, nowMs))
}

/** WRITE (task) {date}: charges the delivery at its final moment, then keeps the next charge task. */
export async function chargeDelivery(data: Data<{ date: string }>): Promise<Data> {
  const date = dateOf(data)
  const nowMs = Date.now()
  const priv = privateOf(data)
  priv.chargeTasks = ranTask(priv.chargeTasks, date)
  const view = current(data, nowMs)
  if (date !== priv.chargeFor) {
    keepCharge(data, view, nowMs)
    return respond(data, { charged: false, reason: 'superseded' })
  }
  delete priv.chargeFor
  if (nowMs < finalMomentMs(date)) {
    // Never early: a task that ran ahead of its time waits again.
    keepCharge(data, view, nowMs)
    return respond(data, { charged: false, reason: 'not final yet' })
  }
  const outcome = await chargeIfDue(data, view, date, nowMs)
  keepCharge(data, view, nowMs)
  return respond(data, { charged: outcome === 'charged', reason: outcome })
}

/** The payment a task is about, when it is still the one with this PaymentIntent (when given). */
function paymentOfTask(data: Data<{ date?: string; paymentIntentId?: string }>, view: CustomerView) {
  const payment = paymentOn(view.payments, dateOf(data))
  const wanted = data.request.body ? data.request.body.paymentIntentId : undefined
  if (!payment || (wanted && payment.paymentIntentId !== wanted)) return undefined
  return payment
}

/** WRITE (task) {date, paymentIntentId}: confirms the charge and applies Stripe's outcome. */
export async function confirmCharge(data: Data<{ date: string; paymentIntentId: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const payment = paymentOfTask(data, view)
  if (!payment || payment.status === 'unpaid') return respond(data, { status: 'superseded' })
  return respond(data, { status: await settle(data, view, payment, nowMs, true) })
}

/** WRITE (task) {date, attempt}: the daily retry of a failed payment, until its delivery's day is over. */
export async function retryCharge(data: Data<{ date: string; attempt: number }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const payment = paymentOfTask(data, view)
  const attempt = data.request.body ? data.request.body.attempt : 0
  // Only the retry scheduled by the latest attempt: a customer's retry since then made its own.
  if (!payment || payment.status !== 'failed' || payment.attempts !== attempt || nowMs >= closingMomentMs(payment.date)) {
    return respond(data, { retried: false })
  }
  await beginAttempt(data, view, payment, nowMs)
  return respond(data, { retried: true })
}

/**
 * WRITE (task, and the webhook) {date, paymentIntentId?, check?, disputeId?, chargeId?}: reads the
 * payment's outcome from Stripe, and the dispute or the charge's refunds the webhook names
 * (reversals.ts); a debit still settling is read again later.
 */
export async function syncPayment(data: Data<{ date: string; paymentIntentId?: string; check?: number; disputeId?: string; chargeId?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const payment = paymentOfTask(data, view)
  if (!payment) return respond(data, { status: 'superseded' })
  const before = payment.status
  const body = data.request.body
  let status = await settle(data, view, payment, nowMs, false)
  if (body && body.disputeId) status = await applyDispute(data, view, payment, body.disputeId, nowMs)
  if (body && body.chargeId) status = await applyRefunds(data, view, payment, body.chargeId, nowMs)
  const check = data.request.body && typeof data.request.body.check === 'number' ? data.request.body.check : undefined
  if (isSettling(status) && isSettling(before) && check !== undefined) scheduleSettlingCheck(data, payment, check, nowMs)
  return respond(data, { status: status })
}

/** WRITE (task) {date}: at the end of the delivery's day, a delivery still not paid is closed: not shipped, not charged. */
export async function closeDelivery(data: Data<{ date: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const payment = paymentOn(view.payments, dateOf(data))
  // A first debit still settling stays open (it ships late once it succeeds, or closes when it fails); an owed delivery left.
  if (!payment || isShippable(payment.status) || isSettling(payment.status) || payment.status === 'unpaid' || payment.owedSince) return respond(data, { closed: false })
  if (nowMs < closingMomentMs(payment.date)) {
    // Never early: a task that ran ahead of its time waits again.
    runAt(data, CLOSE_METHOD, closingMomentMs(payment.date), nowMs, { date: payment.date })
    return respond(data, { closed: false })
  }
  await closeUnpaid(data, view, payment, nowMs)
  return respond(data, { closed: true, status: payment.status })
}
