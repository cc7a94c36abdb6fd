/**
 * Stripe's webhook (a STATIC method anyone may call: Stripe calls it without a token). It trusts
 * nothing in the body but a PaymentIntent id: the PaymentIntent is read back from Stripe, and only
 * Stripe's answer (its status and its own metadata: which Account and delivery) is acted on, by the
 * Account's `syncPayment`. A forged or replayed event at most makes us read Stripe again; applying
 * the same outcome twice changes nothing. Payments still settling are also read on a timer
 * (charges.ts), so a lost webhook loses nothing.
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

function intentIdOf(body: unknown): { type: string; id: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const event = body as { type?: unknown; data?: { object?: { id?: unknown } } }
  const id = event.data && event.data.object ? event.data.object.id : undefined
  if (typeof event.type !== 'string' || typeof id !== 'string') return undefined
  return { type: event.type, id: id }
}

/** STATIC: `{type, data: {object: {id}}}` as Stripe posts it. 200 for anything handled or ignored; 400 for a body that is no event. */
export async function stripeWebhook(data: Data): Promise<Data> {
  const event = intentIdOf(data.request.body)
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
