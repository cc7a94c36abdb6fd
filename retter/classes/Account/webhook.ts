/**
 * Stripe's webhook (a STATIC method anyone may call: Stripe calls it without a token). It trusts
 * nothing in the body but a PaymentIntent id: the PaymentIntent is read back from Stripe, and only
 * Stripe's answer (its status and its own metadata: which Account and delivery) is acted on, by the
 * Account's `syncPayment`. A forged or replayed event at most makes us read Stripe again; applying
 * the same outcome twice changes nothing. Payments still settling are also read on a timer
 * (charges.ts), so a lost webhook loses nothing. With STRIPE_WEBHOOK_SECRET set, an event must also
 * carry Stripe's signature (signatureProblem says how, given what Retter passes a method).
 */
import RDK, { Data } from '@retter/rdk'
import { stripe, stripeFailure } from './stripe'

const rdk = new RDK()

/** PaymentIntent ids as Stripe writes them (and no longer than any it writes). */
const INTENT_ID = /^pi_[A-Za-z0-9_]{8,200}$/

/** Events whose object is a PaymentIntent we act on. */
const EVENTS = ['payment_intent.succeeded', 'payment_intent.processing', 'payment_intent.payment_failed', 'payment_intent.requires_action', 'payment_intent.canceled']

function answer(data: Data, status: number, body: unknown): Data {
  data.response = { statusCode: status, body: body }
  return data
}

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
 * When STRIPE_WEBHOOK_SECRET (the endpoint's signing secret, whsec_…) is set, the event must carry
 * Stripe's `Stripe-Signature` of it. Retter gives a method the request's headers, but its body only
 * as parsed JSON, never the raw bytes Stripe signed. So the signature is checked against the body
 * when it arrives as a string, and otherwise against its serialisations: Stripe's own (pretty-printed,
 * two spaces) and the compact one. A genuine event whose bytes differ from both would be refused
 * with 400 (Stripe sends it again, and the settling reads of charges.ts read the payment anyway):
 * since nothing in the body is trusted, the signature only keeps strangers from making us read
 * Stripe, it is not what keeps the money right. Without the secret every event is read back.
 * @returns why the event is refused, or undefined when it may be handled
 */
function signatureProblem(data: Data): string | undefined {
  const secret = process.env.STRIPE_WEBHOOK_SECRET
  if (!secret) return undefined
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

/**
 * STATIC: `{type, data: {object: {id}}}` as Stripe posts it. 200 for anything handled or ignored;
 * 400 for a body that is no event, or (with STRIPE_WEBHOOK_SECRET) an event Stripe did not sign.
 */
export async function stripeWebhook(data: Data): Promise<Data> {
  const unsigned = signatureProblem(data)
  if (unsigned) return answer(data, 400, { code: 'BAD_SIGNATURE', message: unsigned })
  const raw = typeof data.request.body === 'string' ? parseJson(data.request.body) : data.request.body
  const event = intentIdOf(raw)
  if (!event) return answer(data, 400, { code: 'NOT_AN_EVENT', message: 'The body is not a Stripe event.' })
  if (EVENTS.indexOf(event.type) < 0) return answer(data, 200, { received: true, handled: false })
  if (!INTENT_ID.test(event.id)) return answer(data, 400, { code: 'NOT_AN_EVENT', message: 'The event names no PaymentIntent.' })
  let accountId = ''
  let date = ''
  try {
    const intent = await stripe().paymentIntents.retrieve(event.id)
    accountId = intent.metadata ? intent.metadata.accountId || '' : ''
    date = intent.metadata ? intent.metadata.deliveryDate || '' : ''
  } catch (err) {
    const failure = stripeFailure(err)
    if (failure.code === 'resource_missing') return answer(data, 200, { received: true, handled: false })
    console.error('[Account] webhook: the PaymentIntent could not be read: ' + failure.code)
    // Stripe sends the event again later.
    return answer(data, 503, { code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'Stripe could not be reached; send it again.' })
  }
  if (!accountId || !date) return answer(data, 200, { received: true, handled: false })
  const synced = await rdk.methodCall({ classId: 'Account', instanceId: accountId, methodName: 'syncPayment', body: { date: date, paymentIntentId: event.id } })
  if (!synced || synced.statusCode >= 500) return answer(data, 503, { code: 'NOT_APPLIED', message: 'The payment could not be applied yet; send it again.' })
  return answer(data, 200, { received: true, handled: true })
}
