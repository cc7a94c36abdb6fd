/**
 * Stripe's webhook (a STATIC method anyone may call: Stripe calls it without a token). It trusts
 * nothing in the body but an object's id: the PaymentIntent (or the dispute, or the refunded charge,
 * and through it the PaymentIntent) is read back from Stripe, and only Stripe's answer (its status
 * and its own metadata: which Account and delivery) is acted on, by the Account's `syncPayment`. A
 * forged or replayed event at most makes us read Stripe again; applying the same outcome twice
 * changes nothing. Payments still settling are also read on a timer (charges.ts), so a lost webhook
 * loses nothing. An event must carry Stripe's signature under STRIPE_WEBHOOK_SECRET; without the
 * secret, events are refused (503, logged) unless Stripe is the local fake on loopback.
 */
import { refuse, respond, setting } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import Stripe from 'stripe'
import { callUntilFree } from 'BeanBloomBoard'
import { accountIdFor } from 'BeanBloomIdentity'
import { isLoopbackStripe, stripe, stripeFailure } from './stripe'

const rdk = new RDK()

/** PaymentIntent ids as Stripe writes them (and no longer than any it writes). */
const INTENT_ID = /^pi_[A-Za-z0-9_]{8,200}$/
const DISPUTE_ID = /^(dp|du)_[A-Za-z0-9_]{8,200}$/
const CHARGE_ID = /^(ch|py)_[A-Za-z0-9_]{8,200}$/

/** Events whose object is a PaymentIntent we act on. */
const EVENTS = ['payment_intent.succeeded', 'payment_intent.processing', 'payment_intent.payment_failed', 'payment_intent.requires_action', 'payment_intent.canceled']
/** Events whose object is a dispute: the money of a payment taken back by the customer's bank, or given back to us. */
const DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated']
/** Events whose object is a charge that was refunded (by us, or elsewhere). */
const REFUND_EVENTS = ['charge.refunded']


function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function intentIdOf(body: unknown): { type: string; id: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const event = body as { type?: unknown; data?: { object?: { id?: unknown } } }
  const id = event.data && event.data.object ? event.data.object.id : undefined
  if (typeof event.type !== 'string' || typeof id !== 'string') return undefined
  return { type: event.type, id: id }
}

/** The request header `name`, whatever case the platform gives header names in. */
function headerOf(data: Data, name: string): string | undefined {
  const headers = data.request.headers || {}
  for (const key in headers) if (key.toLowerCase() === name) return headers[key]
  return undefined
}

/**
 * The event must carry Stripe's `Stripe-Signature` of it under `secret` (STRIPE_WEBHOOK_SECRET, the
 * endpoint's signing secret, whsec_…). Retter gives a method the request's headers, but its body only
 * as parsed JSON, never the raw bytes Stripe signed. So the signature is checked against the body
 * when it arrives as a string, and otherwise against its serialisations: Stripe's own (pretty-printed,
 * two spaces) and the compact one. A genuine event whose bytes differ from both would be refused
 * with 400 (Stripe sends it again, and the settling reads of charges.ts read the payment anyway):
 * since nothing in the body is trusted, the signature only keeps strangers from making us read
 * Stripe, it is not what keeps the money right.
 * @returns why the event is refused, or undefined when it may be handled
 */
function signatureProblem(data: Data, secret: string): string | undefined {
  const header = headerOf(data, 'stripe-signature')
  if (!header) return 'The event has no Stripe-Signature header.'
  const body = data.request.body
  const payloads = typeof body === 'string' ? [body] : [JSON.stringify(body, null, 2), JSON.stringify(body)]
  for (const payload of payloads) {
    try {
      stripe().webhooks.constructEvent(payload, header, secret)
      return undefined
    } catch {
      // Not this serialisation (or not signed by Stripe): try the next.
    }
  }
  return 'The event\'s Stripe-Signature does not match it.'
}

function idOf(value: string | { id: string } | null | undefined): string {
  return typeof value === 'string' ? value : value ? value.id : ''
}

/** What the Account's syncPayment is told besides the PaymentIntent: read back from Stripe, never from the body. */
interface Found {
  intentId: string
  extra: { disputeId?: string; chargeId?: string }
}

/** The PaymentIntent (and dispute or charge) the event is about, read back from Stripe by the event object's id. */
async function readBack(type: string, id: string): Promise<Found | string> {
  if (EVENTS.indexOf(type) >= 0) return INTENT_ID.test(id) ? { intentId: id, extra: {} } : 'The event names no PaymentIntent.'
  if (DISPUTE_EVENTS.indexOf(type) >= 0) {
    if (!DISPUTE_ID.test(id)) return 'The event names no dispute.'
    const dispute = await stripe().disputes.retrieve(id)
    return { intentId: idOf(dispute.payment_intent as string | Stripe.PaymentIntent | null), extra: { disputeId: dispute.id } }
  }
  if (!CHARGE_ID.test(id)) return 'The event names no charge.'
  const charge = await stripe().charges.retrieve(id)
  return { intentId: idOf(charge.payment_intent as string | Stripe.PaymentIntent | null), extra: { chargeId: charge.id } }
}

/**
 * Why events are refused before anything is read, or undefined: without STRIPE_WEBHOOK_SECRET only
 * the local fake's events are taken (anyone could post to a real shop's endpoint), and with it the
 * signature must match.
 */
function refusal(data: Data): { status: number; code: string; message: string } | undefined {
  const secret = setting('STRIPE_WEBHOOK_SECRET')
  if (!secret) {
    if (isLoopbackStripe()) return undefined
    console.error('[Account] webhook: STRIPE_WEBHOOK_SECRET is not set, so Stripe events are refused; set it to the endpoint\'s signing secret (whsec_...)')
    return { status: 503, code: 'WEBHOOK_NOT_CONFIGURED', message: 'The webhook has no signing secret (STRIPE_WEBHOOK_SECRET), so it takes no events; send it again once it is set.' }
  }
  const unsigned = signatureProblem(data, secret)
  return unsigned ? { status: 400, code: 'BAD_SIGNATURE', message: unsigned } : undefined
}

/**
 * The Account the intent's customer is at now. A customer who moved to another e-mail address
 * (email-change.ts) took their payments to that address's Account, and the Stripe customer's
 * e-mail followed, while the intent still names the Account that charged it: a dispute or refund of
 * a delivery charged before the move must reach the customer where they are. A Stripe customer
 * that is gone (a deleted account) leaves the Account that charged it, which keeps what still ships.
 * Throws when Stripe cannot be reached (the event is sent again).
 */
async function accountNow(intent: Stripe.PaymentIntent, charged: string): Promise<string> {
  const customerId = idOf(intent.customer as string | Stripe.Customer | Stripe.DeletedCustomer | null)
  if (!customerId) return charged
  try {
    const customer = await stripe().customers.retrieve(customerId)
    return 'deleted' in customer && customer.deleted ? charged : customer.email ? accountIdFor(customer.email) : charged
  } catch (err) {
    if (stripeFailure(err).code === 'resource_missing') return charged
    throw err
  }
}

/**
 * STATIC: `{type, data: {object: {id}}}` as Stripe posts it. 200 for anything handled or ignored;
 * 400 for a body that is no event, or an event Stripe did not sign; 503 WEBHOOK_NOT_CONFIGURED
 * without STRIPE_WEBHOOK_SECRET (outside the local fake), so Stripe sends it again once it is set.
 */
export async function stripeWebhook(data: Data): Promise<Data> {
  const refused = refusal(data)
  if (refused) return refuse(data, refused.status, refused.code, refused.message)
  const raw = typeof data.request.body === 'string' ? parseJson(data.request.body) : data.request.body
  const event = intentIdOf(raw)
  if (!event) return refuse(data, 400, 'NOT_AN_EVENT', 'The body is not a Stripe event.')
  if (EVENTS.indexOf(event.type) < 0 && DISPUTE_EVENTS.indexOf(event.type) < 0 && REFUND_EVENTS.indexOf(event.type) < 0) {
    return respond(data, { received: true, handled: false })
  }
  let accountId = ''
  let date = ''
  let giftId = ''
  let found: Found | string
  try {
    found = await readBack(event.type, event.id)
    if (typeof found === 'string') return refuse(data, 400, 'NOT_AN_EVENT', found)
    if (!found.intentId) return respond(data, { received: true, handled: false })
    const intent = await stripe().paymentIntents.retrieve(found.intentId)
    accountId = intent.metadata ? intent.metadata.accountId || '' : ''
    date = intent.metadata ? intent.metadata.deliveryDate || '' : ''
    giftId = intent.metadata ? intent.metadata.giftId || '' : ''
    if (accountId) accountId = await accountNow(intent, accountId)
  } catch (err) {
    const failure = stripeFailure(err)
    if (failure.code === 'resource_missing') return respond(data, { received: true, handled: false })
    console.error('[Account] webhook: the PaymentIntent could not be read: ' + failure.code)
    // Stripe sends the event again later.
    return refuse(data, 503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Stripe could not be reached; send it again.')
  }
  // A gift's debit that landed or failed: its giver's Account reads it back (gifts/purchase.ts syncGift).
  if (accountId && giftId && EVENTS.indexOf(event.type) >= 0) {
    const read = await callUntilFree(function () { return rdk.methodCall({ classId: 'Account', instanceId: accountId, methodName: 'syncGift', body: { giftId: giftId, paymentIntentId: found.intentId } }) })
    if (!read || read.statusCode >= 500) return refuse(data, 503, 'NOT_APPLIED', 'The payment could not be applied yet; send it again.')
    return respond(data, { received: true, handled: true })
  }
  if (!accountId || !date) return respond(data, { received: true, handled: false })
  const body: { [key: string]: string } = { date: date, paymentIntentId: found.intentId }
  if (found.extra.disputeId) body.disputeId = found.extra.disputeId
  if (found.extra.chargeId) body.chargeId = found.extra.chargeId
  // A busy Account (570: another write of it under way) is tried again a moment later, as the platform's clients do.
  const synced = await callUntilFree(function () { return rdk.methodCall({ classId: 'Account', instanceId: accountId, methodName: 'syncPayment', body: body }) })
  if (!synced || synced.statusCode >= 500) return refuse(data, 503, 'NOT_APPLIED', 'The payment could not be applied yet; send it again.')
  return respond(data, { received: true, handled: true })
}
