/**
 * The giver's side of a gift: `buyGift` charges the whole gift at once with the saved payment
 * method, `sendGift` (a task on the start date) hands it to the recipient's Account, `syncGift`
 * reads a settling debit until it lands, and `cancelGift` refunds a gift not started yet.
 *
 * One charge, never two: the PaymentIntent's idempotency key is the gift's id, and the id comes
 * from the order itself (giver, plan, deliveries, recipient, start date, message) and the ten
 * minutes it was made in, so a request repeated after a lost answer finds the same PaymentIntent.
 */
import { appLink, refuse, respond, runAt, runIn } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import Stripe from 'stripe'
import { createHash } from 'crypto'
import { callUntilFree } from 'BeanBloomBoard'
import { accountIdFor, checkEmail, normaliseEmail } from 'BeanBloomIdentity'
import {
  checkGiftOrder, DAY_MS, GiftGiven, GiftStatus, PaymentFailure, GIFT_REPEAT_MS, GIFTS_PER_DAY, isCancellable, methodText, offeredPlan, paymentFailureOf, PAYMENT_FAILURE_KEYS, statusOfIntent,
} from 'BeanBloomSubscription'
import { privateOf } from '../customer'
import { current, CustomerView, store } from '../subscription/customer-view'
import { isLocalStripe, stripe, stripeFailure } from '../payments/stripe'
import { queueMail } from '../mail/outbox'
import { giftMail, GiftEvent } from '../mail/gift-emails'
import { pathIn, storedLocale, wordsIn } from '../language'
import { givenGift, keepGiven, noteGift, sendMomentMs } from './gift-records'
import { refundGift } from './gift-refunds'
import { issueGiftReceipt } from './gift-receipt'

const rdk = new RDK()

export const SEND_GIFT_METHOD = 'sendGift'
export const SYNC_GIFT_METHOD = 'syncGift'
export const RECEIVE_GIFT_METHOD = 'receiveGift'
/** How long a settling debit is read again (hourly at first, then every six hours). */
const SETTLING_FOR_MS = 21 * DAY_MS
/** Seconds before a failed hand-over to the recipient's Account is tried again. */
const RESEND_SECONDS = 600

type Order = { planId: string; deliveries: number; recipientEmail: string; startDate: string; message?: string }

/**
 * The gift's id: from the giver, the order, the payment method and its ten minutes, so a request
 * repeated after a lost answer is the same gift (and the same PaymentIntent); another card is
 * another attempt.
 */
function giftIdFor(accountId: string, order: Order, paymentMethodId: string, nowMs: number): string {
  const bucket = Math.floor(nowMs / GIFT_REPEAT_MS)
  const text = [accountId, order.planId, order.deliveries, order.recipientEmail, order.startDate, order.message || '', paymentMethodId, bucket].join('\n')
  return 'gift_' + createHash('sha256').update(text).digest('hex').slice(0, 24)
}

/** A gift of the same order bought in the last GIFT_REPEAT_MS and still live: a repeated click, whatever ten minutes it fell in. */
function repeatOf(view: CustomerView, order: Order, nowMs: number): GiftGiven | undefined {
  return (view.giftsGiven || []).filter(function (g) {
    return g.status !== 'failed' && g.status !== 'cancelled' && nowMs - Date.parse(g.boughtAt) < GIFT_REPEAT_MS &&
      g.planId === order.planId && g.deliveries === order.deliveries && g.recipientEmail === order.recipientEmail && g.startDate === order.startDate &&
      (g.message || '') === (order.message || '')
  })[0]
}

/** The account page in the reader's language, when the project knows the app's address. */
function accountUrl(view: { locale?: unknown }): string | undefined {
  return appLink(pathIn(storedLocale(view), '/account'))
}

/** E-mails the Account's own customer about `event` (owed: never held back by the hourly cap). */
export function mailGift(data: Data, view: CustomerView, event: GiftEvent): void {
  queueMail(data, giftMail(event, view.email, storedLocale(view), accountUrl(view)), { owed: true })
}

/** Why a payment failed, as our failure code. */
function failureCodeOf(intent: Stripe.PaymentIntent | undefined, code: string): PaymentFailure {
  const error = intent && intent.last_payment_error
  return paymentFailureOf(error && error.code ? error.code : code)
}

/** Why a payment failed, in English (the giver's e-mail and page word it again in their language from the code). */
function failureText(intent: Stripe.PaymentIntent | undefined, code: string): string {
  return wordsIn('en')(PAYMENT_FAILURE_KEYS[failureCodeOf(intent, code)])
}

/** Reads Stripe's PaymentIntent of `gift` onto it: paid, still settling, or failed (then e-mailed). */
function applyGiftIntent(data: Data, view: CustomerView, gift: GiftGiven, intent: Stripe.PaymentIntent): void {
  const status = statusOfIntent(intent.status)
  // A gift that waited for the bank's check is said to be bought once it is through, whoever reads it first (the page or the webhook).
  const checkPassed = !!gift.clientSecret && gift.status === 'paying' && (status === 'paid' || status === 'processing')
  if (status !== 'requires_action') delete gift.clientSecret
  if (status === 'paid') {
    if (gift.status === 'paying') gift.status = 'paid'
  } else if (status === 'processing' || status === 'requires_action' || status === 'charging') {
    // Still settling, or waiting for the giver's bank check (the page confirms it: confirmGift).
    gift.status = 'paying'
    if (status === 'requires_action') gift.clientSecret = intent.client_secret || undefined
  } else if (gift.status === 'paying') {
    gift.status = 'failed'
    gift.failureCode = failureCodeOf(intent, '')
    gift.failure = failureText(intent, '')
    mailGift(data, view, { kind: 'failed', recipient: gift.recipientEmail, amountCents: gift.amountCents, reason: gift.failure })
  }
  keepGiven(view, gift)
  store(data, view)
  if (checkPassed) mailBought(data, view, gift)
}

/**
 * WRITE {planId, deliveries, recipientEmail, message?, startDate}: gives `deliveries` (1, 3, 6 or
 * 12) of a plan on offer to `recipientEmail`, charged at once (deliveries × the plan's price now)
 * to the saved payment method; answers `{giftId, gift}`. The same order again within ten minutes
 * answers the gift already bought. Refusals, nothing charged: 400 UNKNOWN_PLAN,
 * INVALID_GIFT_DELIVERIES, INVALID_EMAIL, GIFT_TO_SELF, GIFT_MESSAGE_TOO_LONG, INVALID_START_DATE
 * (each naming its field); 409 NO_PAYMENT_METHOD; 429 GIFT_LIMIT (GIFTS_PER_DAY a day); 402
 * GIFT_PAYMENT_FAILED (the bank refused; Stripe's reason); 503 PAYMENT_PROVIDER_UNAVAILABLE.
 */
export async function buyGift(data: Data<{ planId: string; deliveries: number; recipientEmail: string; message?: string; startDate: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const body = data.request.body as unknown as { [key: string]: unknown } | undefined
  const checked = checkGiftOrder(body, nowMs)
  if (!checked.ok) return refuse(data, 400, checked.code, checked.message, { field: checked.field })
  const plan = offeredPlan(checked.order.planId)
  if (!plan) return refuse(data, 400, 'UNKNOWN_PLAN', 'There is no plan "' + checked.order.planId + '" on offer.', { field: 'planId' })
  const email = checkEmail(body && typeof body.recipientEmail === 'string' ? body.recipientEmail : '')
  if (!email.ok) return refuse(data, 400, 'INVALID_EMAIL', email.message, { field: 'recipientEmail' })
  if (email.email === normaliseEmail(view.email)) return refuse(data, 400, 'GIFT_TO_SELF', 'A gift goes to someone else: give your own deliveries a start instead.', { field: 'recipientEmail' })
  const order: Order = Object.assign({ recipientEmail: email.email }, checked.order)
  const accountId = data.context.instanceId || ''
  const repeated = repeatOf(view, order, nowMs)
  if (repeated) return respond(data, { giftId: repeated.giftId, gift: repeated, clientSecret: repeated.clientSecret })
  const dayAgo = nowMs - DAY_MS
  const today = (view.giftsGiven || []).filter(function (g) { return Date.parse(g.boughtAt) > dayAgo && g.status !== 'failed' })
  if (today.length >= GIFTS_PER_DAY) {
    const oldest = Math.min.apply(null, today.map(function (g) { return Date.parse(g.boughtAt) }))
    const seconds = Math.max(1, Math.ceil((oldest + DAY_MS - nowMs) / 1000))
    return refuse(data, 429, 'GIFT_LIMIT', 'You have given ' + GIFTS_PER_DAY + ' gifts in the last 24 hours, the most we accept. Nothing was charged.', { retryAfterSeconds: seconds })
  }
  const priv = privateOf(data)
  if (!priv.stripeCustomerId || !priv.paymentMethodId || !view.paymentMethod) {
    return refuse(data, 409, 'NO_PAYMENT_METHOD', 'Add a card or a SEPA bank account first: a gift is paid at once.')
  }
  const giftId = giftIdFor(accountId, order, priv.paymentMethodId, nowMs)
  const earlier = givenGift(view, giftId)
  // The same attempt once refused or dropped: Stripe would replay that PaymentIntent; wait for the next ten minutes, or use another card.
  if (earlier) return refuse(data, 409, 'GIFT_PAYMENT_FAILED', 'This gift was just refused with this card. Try another card, or again in a few minutes. Nothing was charged.')
  const amountCents = plan.amount * order.deliveries
  let intent: Stripe.PaymentIntent
  try {
    const client = stripe()
    intent = await client.paymentIntents.create({
      amount: amountCents, currency: 'eur', customer: priv.stripeCustomerId, payment_method: priv.paymentMethodId,
      metadata: { accountId: accountId, giftId: giftId, plan: plan.name, deliveries: String(order.deliveries) },
    }, { idempotencyKey: giftId })
    if (intent.status === 'requires_confirmation') {
      try {
        // The giver is on the page: a card is confirmed on session, so a bank that wants its check
        // (3-D Secure) answers requires_action for Stripe.js to show, not a decline. A saved SEPA
        // mandate is used as any debit. (localstripe refuses both parameters and acts on session.)
        const onSession = view.paymentMethod.type === 'sepa_debit' ? { off_session: true } : { use_stripe_sdk: true }
        intent = await client.paymentIntents.confirm(intent.id, isLocalStripe() ? {} : onSession)
      } catch {
        // A declined card answers an error; the PaymentIntent holds the outcome.
        intent = await client.paymentIntents.retrieve(intent.id)
      }
    }
  } catch (err) {
    const failure = stripeFailure(err)
    console.error('[Account] a gift could not be charged: ' + failure.code)
    if (failure.code === 'card_declined' || failure.code === 'expired_card' || failure.code === 'insufficient_funds') {
      return refuse(data, 402, 'GIFT_PAYMENT_FAILED', 'The payment did not go through: ' + failureText(undefined, failure.code) + ' Nothing was charged.')
    }
    // The outcome is unknown: a payment that did go through comes back by the webhook, and with no
    // gift kept for it, it is refunded (syncGift).
    return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider. If the payment went through, it is refunded by itself; try again in a moment.')
  }
  const status = statusOfIntent(intent.status)
  // The giver is on the page: a bank that asks them to confirm (3-D Secure) is answered there, with
  // the client secret, and confirmGift reads the outcome. Declined: nothing is kept, nothing moves.
  if (status !== 'paid' && status !== 'processing' && status !== 'requires_action') {
    try {
      if (intent.status !== 'canceled') await stripe().paymentIntents.cancel(intent.id)
    } catch (err) {
      console.error('[Account] a refused gift payment could not be cancelled: ' + stripeFailure(err).code)
    }
    return refuse(data, 402, 'GIFT_PAYMENT_FAILED', 'The payment did not go through: ' + failureText(intent, 'card_declined') + ' Nothing was charged.')
  }
  const gift: GiftGiven = {
    giftId: giftId, planId: plan.id, planName: plan.name, deliveries: order.deliveries, recipientEmail: order.recipientEmail, startDate: order.startDate,
    unitCents: plan.amount, amountCents: amountCents, status: status === 'paid' ? 'paid' : 'paying', boughtAt: new Date(nowMs).toISOString(),
    paidWith: methodText(view.paymentMethod), paymentIntentId: intent.id,
  }
  if (status === 'requires_action' && intent.client_secret) gift.clientSecret = intent.client_secret
  if (order.message) gift.message = order.message
  keepGiven(view, gift)
  noteGift(view, 'gift-given', gift.recipientEmail, gift.deliveries, gift.planId, nowMs)
  store(data, view)
  runAt(data, SEND_GIFT_METHOD, Math.max(nowMs, sendMomentMs(gift)), nowMs, { giftId: giftId })
  if (gift.status === 'paying') runIn(data, SYNC_GIFT_METHOD, 3600, { giftId: giftId })
  // Waiting for the bank check, the giver hears once it is through (confirmGift), not before.
  if (!gift.clientSecret) mailBought(data, view, gift)
  return respond(data, { giftId: giftId, gift: gift, clientSecret: gift.clientSecret })
}

function mailBought(data: Data, view: CustomerView, gift: GiftGiven): void {
  mailGift(data, view, { kind: 'bought', recipient: gift.recipientEmail, planId: gift.planId, count: gift.deliveries, amountCents: gift.amountCents, startDate: gift.startDate, settling: gift.status === 'paying' })
}

/**
 * WRITE {giftId}: after the giver confirmed a gift's payment with their bank on the page, reads
 * the PaymentIntent back: paid (the giver is e-mailed, the gift goes on its start date), still
 * waiting, or failed (402 GIFT_PAYMENT_FAILED with why: nothing was charged). 404 GIFT_NOT_FOUND.
 */
export async function confirmGift(data: Data<{ giftId: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const giftId = data.request.body ? data.request.body.giftId : undefined
  const gift = givenGift(view, giftId)
  if (!gift) return refuse(data, 404, 'GIFT_NOT_FOUND', 'You gave no gift ' + String(giftId || '(none given)') + '.', { field: 'giftId' })
  if (gift.status !== 'paying' || !gift.paymentIntentId) return respond(data, { giftId: gift.giftId, gift: gift })
  let intent: Stripe.PaymentIntent
  try {
    intent = await stripe().paymentIntents.retrieve(gift.paymentIntentId)
  } catch (err) {
    console.error('[Account] gift ' + gift.giftId + ': its payment could not be read: ' + stripeFailure(err).code)
    return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider. Your gift is kept; try again in a moment.')
  }
  applyGiftIntent(data, view, gift, intent)
  const now = gift.status as GiftStatus
  if (now === 'failed') return refuse(data, 402, 'GIFT_PAYMENT_FAILED', 'The payment did not go through: ' + (gift.failure || '') + ' Nothing was charged.')
  if (now === 'paid' && nowMs >= sendMomentMs(gift)) runIn(data, SEND_GIFT_METHOD, 0, { giftId: gift.giftId })
  return respond(data, { giftId: gift.giftId, gift: gift })
}

/** Opens the recipient's Account (made when it does not exist yet) and offers it the gift. */
async function handOver(data: Data, view: CustomerView, gift: GiftGiven): Promise<boolean> {
  const accountId = accountIdFor(gift.recipientEmail)
  const body = {
    giftId: gift.giftId, giverAccountId: data.context.instanceId || '', from: view.email, planId: gift.planId, planName: gift.planName,
    deliveries: gift.deliveries, message: gift.message,
  }
  const offer = function () { return rdk.methodCall({ classId: 'Account', instanceId: accountId, methodName: RECEIVE_GIFT_METHOD, body: body }) }
  let answer = await callUntilFree(offer)
  if (answer && answer.statusCode === 404) {
    // No Account for that address yet: opening it by its body makes it (INIT), as a sign-in would.
    const opened = await callUntilFree(function () { return rdk.getInstance({ classId: 'Account', body: { email: gift.recipientEmail } }) })
    answer = opened && opened.statusCode < 300 ? await callUntilFree(offer) : opened
  }
  const ok = !!answer && answer.statusCode >= 200 && answer.statusCode < 300
  if (!ok) console.error('[Account] gift ' + gift.giftId + ' could not be offered to its recipient: ' + (answer ? answer.statusCode : 'no answer'))
  return ok
}

/**
 * TASK {giftId}: on the start date, hands a paid gift to the recipient's Account (which e-mails
 * them), or waits for a debit still settling; tried again in ten minutes when that Account cannot
 * be reached. A cancelled or failed gift is left as it is.
 */
export async function sendGift(data: Data<{ giftId: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const gift = givenGift(view, data.request.body ? data.request.body.giftId : undefined)
  if (!gift || gift.status !== 'paid') return respond(data, { sent: false, status: gift ? gift.status : 'none' })
  if (nowMs < sendMomentMs(gift)) {
    runAt(data, SEND_GIFT_METHOD, sendMomentMs(gift), nowMs, { giftId: gift.giftId })
    return respond(data, { sent: false, status: 'waiting' })
  }
  if (!(await handOver(data, view, gift))) {
    // A random part: two Accounts handing gifts to each other at the same moment do not meet again.
    runIn(data, SEND_GIFT_METHOD, RESEND_SECONDS + Math.floor(Math.random() * RESEND_SECONDS), { giftId: gift.giftId })
    return respond(data, { sent: false, status: 'retrying' })
  }
  gift.status = 'sent'
  gift.sentAt = new Date(nowMs).toISOString()
  keepGiven(view, gift)
  store(data, view)
  return respond(data, { sent: true })
}

/**
 * TASK {giftId}: reads a gift's settling debit from Stripe: paid (then sent, if its start date has
 * come), failed (the giver is told), or read again in six hours for up to three weeks.
 */
export async function syncGift(data: Data<{ giftId: string; paymentIntentId?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const body = data.request.body
  const gift = givenGift(view, body ? body.giftId : undefined)
  // A payment of this Account for a gift it does not know (its answer was lost before the gift was kept): never kept money.
  if (!gift && body && body.paymentIntentId) return respond(data, { orphan: await settleOrphan(data, body.giftId, body.paymentIntentId) })
  // A started gift whose receipt could not be numbered gets it now (gift-receipt.ts).
  if (gift && gift.status === 'redeemed' && !gift.receipt) {
    const issued = await issueGiftReceipt(data, view, gift, nowMs)
    return respond(data, { status: gift.status, receipt: issued })
  }
  if (!gift || gift.status !== 'paying' || !gift.paymentIntentId) return respond(data, { status: gift ? gift.status : 'none' })
  let intent: Stripe.PaymentIntent
  try {
    intent = await stripe().paymentIntents.retrieve(gift.paymentIntentId)
  } catch (err) {
    console.error('[Account] gift ' + gift.giftId + ': its payment could not be read: ' + stripeFailure(err).code)
    runIn(data, SYNC_GIFT_METHOD, 3600, { giftId: gift.giftId })
    return respond(data, { status: gift.status })
  }
  applyGiftIntent(data, view, gift, intent)
  if (gift.clientSecret && nowMs - Date.parse(gift.boughtAt) > DAY_MS) {
    // A bank check left unanswered for a day: the payment is withdrawn, nothing moved.
    await withdrawPayment(gift)
    failGift(data, view, gift, 'the payment was not confirmed with your bank.')
    return respond(data, { status: gift.status })
  }
  const status = gift.status as GiftStatus
  if (status === 'paid' && nowMs >= sendMomentMs(gift)) return sendGift(data)
  if (status === 'paying' && nowMs - Date.parse(gift.boughtAt) < SETTLING_FOR_MS) runIn(data, SYNC_GIFT_METHOD, 6 * 3600, { giftId: gift.giftId })
  return respond(data, { status: gift.status })
}

/**
 * A gift payment with no gift kept for it (buyGift's answer from Stripe was lost): refunded once it
 * succeeded (idempotency key: the gift), cancelled while it waits for a confirmation, read again
 * later while it settles. Only a PaymentIntent this Account made for that gift id is touched.
 */
async function settleOrphan(data: Data, giftId: string, paymentIntentId: string): Promise<string> {
  try {
    const intent = await stripe().paymentIntents.retrieve(paymentIntentId)
    const meta = intent.metadata || {}
    if (meta.giftId !== giftId || meta.accountId !== (data.context.instanceId || '')) return 'not ours'
    if (intent.status === 'succeeded') {
      await stripe().refunds.create({ payment_intent: intent.id, metadata: { giftId: giftId } }, { idempotencyKey: 'orphan-refund-' + giftId })
      console.error('[Account] gift ' + giftId + ' was paid but never kept: refunded')
      return 'refunded'
    }
    if (intent.status === 'processing') {
      runIn(data, SYNC_GIFT_METHOD, 6 * 3600, { giftId: giftId, paymentIntentId: intent.id })
      return 'settling'
    }
    if (intent.status !== 'canceled') await stripe().paymentIntents.cancel(intent.id)
    return 'cancelled'
  } catch (err) {
    console.error('[Account] gift ' + giftId + ': an unkept payment could not be settled: ' + stripeFailure(err).code)
    runIn(data, SYNC_GIFT_METHOD, 3600, { giftId: giftId, paymentIntentId: paymentIntentId })
    return 'retrying'
  }
}

/** Cancels a gift's PaymentIntent that never moved money (a bank check not answered); logged when Stripe refuses. */
async function withdrawPayment(gift: GiftGiven): Promise<void> {
  try {
    if (gift.paymentIntentId) await stripe().paymentIntents.cancel(gift.paymentIntentId)
  } catch (err) {
    console.error('[Account] gift ' + gift.giftId + ': its unconfirmed payment could not be cancelled: ' + stripeFailure(err).code)
  }
}

/** The gift did not get paid: failed, kept so, the giver told why. */
function failGift(data: Data, view: CustomerView, gift: GiftGiven, why: string): void {
  gift.status = 'failed'
  gift.failure = why
  gift.failureCode = 'declined'
  delete gift.clientSecret
  keepGiven(view, gift)
  store(data, view)
  mailGift(data, view, { kind: 'failed', recipient: gift.recipientEmail, amountCents: gift.amountCents, reason: why })
}

/**
 * WRITE {giftId}: the giver takes back a gift its recipient has not started: refunded in full
 * (idempotency key: the gift), the recipient's offer withdrawn. 404 GIFT_NOT_FOUND; 409
 * GIFT_NOT_CANCELLABLE (started, cancelled or failed already), GIFT_PAYMENT_SETTLING (a debit not
 * landed yet cannot be refunded); 503 PAYMENT_PROVIDER_UNAVAILABLE (nothing changed).
 */
export async function cancelGift(data: Data<{ giftId: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const giftId = data.request.body ? data.request.body.giftId : undefined
  const gift = givenGift(view, giftId)
  if (!gift) return refuse(data, 404, 'GIFT_NOT_FOUND', 'You gave no gift ' + String(giftId || '(none given)') + '.', { field: 'giftId' })
  if (gift.status === 'paying' && gift.clientSecret && gift.paymentIntentId) {
    // Stripe's record decides: the bank's check may have gone through since the page last asked.
    let intent: Stripe.PaymentIntent
    try {
      intent = await stripe().paymentIntents.retrieve(gift.paymentIntentId)
    } catch (err) {
      console.error('[Account] gift ' + gift.giftId + ': its payment could not be read: ' + stripeFailure(err).code)
      return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider. Nothing changed; try again in a moment.')
    }
    applyGiftIntent(data, view, gift, intent)
    if ((gift.status as GiftStatus) === 'failed') return respond(data, { giftId: gift.giftId, gift: gift })
  }
  if (gift.status === 'paying' && gift.clientSecret) {
    // Never confirmed with the bank: nothing moved, so there is nothing to refund. Only Stripe's
    // cancel makes it so; a refusal leaves the gift as it is.
    try {
      await stripe().paymentIntents.cancel(gift.paymentIntentId as string)
    } catch (err) {
      console.error('[Account] gift ' + gift.giftId + ': its unconfirmed payment could not be cancelled: ' + stripeFailure(err).code)
      return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider. Nothing changed; try again in a moment.')
    }
    gift.status = 'cancelled'
    gift.cancelledAt = new Date(nowMs).toISOString()
    delete gift.clientSecret
    keepGiven(view, gift)
    noteGift(view, 'gift-cancelled', gift.recipientEmail, gift.deliveries, gift.planId, nowMs)
    store(data, view)
    return respond(data, { giftId: gift.giftId, gift: gift })
  }
  if (gift.status === 'paying') return refuse(data, 409, 'GIFT_PAYMENT_SETTLING', 'Its payment is still settling; you can cancel it once it has landed. Nothing changed.')
  if (!isCancellable(gift)) {
    return refuse(data, 409, 'GIFT_NOT_CANCELLABLE', gift.status === 'redeemed' ? 'The gift has been started, so it can no longer be cancelled.' : 'The gift is ' + gift.status + ' already.')
  }
  if (!(await refundGift(data, view, gift, nowMs))) {
    return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach our payment provider to refund it. Nothing changed; try again in a moment.')
  }
  noteGift(view, 'gift-cancelled', gift.recipientEmail, gift.deliveries, gift.planId, nowMs)
  store(data, view)
  mailGift(data, view, { kind: 'cancelled', recipient: gift.recipientEmail, amountCents: gift.amountCents, method: gift.paidWith || '' })
  return respond(data, { giftId: gift.giftId, gift: gift })
}

