/**
 * Test support for payments: Stripe's test cards and IBANs, a Stripe client of the test's own
 * pointed at the localstripe the test run started (STRIPE_API_URL), and what the browser's Stripe.js
 * does for a customer: confirm a SetupIntent with a card or an IBAN (3-D Secure included) and
 * authenticate a PaymentIntent the bank asked about.
 */
import Stripe from 'stripe'

/** Stripe's test cards (they behave the same on localstripe). */
export const TEST_CARDS = {
  /** Succeeds. */
  visa: '4242424242424242',
  /** Attaches, but every charge is declined (`card_declined`). */
  declined: '4000000000000341',
  /** Needs 3-D Secure, when saved and for every off-session charge. */
  authentication: '4000002500003155',
} as const

/** SEPA test IBANs: one that settles, one whose debit fails days later (moments on localstripe). */
export const TEST_IBANS = { good: 'DE89370400440532013000', lateFailure: 'DE62370400440532013001' } as const

/** Resolves once localstripe has failed a `lateFailure` debit it accepted (it does about half a second later). */
export function lateDebitFailed(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 800))
}

/** A Stripe client for the test itself (the class code has its own). */
export function testStripe(): Stripe {
  const url = process.env.STRIPE_API_URL
  const key = process.env.STRIPE_SECRET_KEY
  if (!url || !key) throw new Error('STRIPE_API_URL and STRIPE_SECRET_KEY are not set: the test run starts localstripe in its global setup')
  const parsed = new URL(url)
  return new Stripe(key, { host: parsed.hostname, port: parsed.port, protocol: parsed.protocol === 'https:' ? 'https' : 'http' })
}

export type TestMethod = { card: string } | { iban: string }

/**
 * Confirms the SetupIntent as Stripe.js would in the browser: creates the payment method from the
 * card or IBAN and confirms; for a card that needs 3-D Secure, `authenticate` completes it.
 * @returns the SetupIntent's status afterwards
 */
export async function confirmSetup(setupIntentId: string, method: TestMethod, authenticate = true): Promise<string> {
  const client = testStripe()
  const pm = 'card' in method
    ? await client.paymentMethods.create({ type: 'card', card: { number: method.card, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' } })
    : await client.paymentMethods.create({ type: 'sepa_debit', sepa_debit: { iban: method.iban }, billing_details: { name: 'Sam Rivera', email: 'sam@example.com' } })
  let intent = await client.setupIntents.confirm(setupIntentId, { payment_method: pm.id })
  // localstripe's 3-D Secure: confirming again is the customer's "Complete" in the bank's dialog.
  if (intent.status === 'requires_action' && authenticate) intent = await client.setupIntents.confirm(setupIntentId)
  return intent.status
}

/** Completes (or fails) the bank's 3-D Secure check of a PaymentIntent, as the customer in Stripe.js's dialog. */
export async function authenticatePayment(paymentIntentId: string, clientSecret: string, success = true): Promise<void> {
  const url = process.env.STRIPE_API_URL as string
  const res = await fetch(`${url}/v1/payment_intents/${paymentIntentId}/_authenticate`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, success: String(success) }).toString(),
  })
  if (!res.ok) throw new Error(`localstripe refused the authentication: ${res.status} ${await res.text()}`)
}

/** How a test calls one Account method as the customer. */
export type CallAs = (name: string, body?: unknown) => Promise<{ status: number; body: unknown }>

/**
 * Saves a payment method for the customer through the Account's own methods: startPaymentSetup,
 * the browser's confirmation, savePaymentMethod. Throws when any step does not answer 200.
 */
export async function savePaymentMethod(callAs: CallAs, method: TestMethod = { card: TEST_CARDS.visa }): Promise<unknown> {
  const type = 'card' in method ? 'card' : 'sepa_debit'
  const started = await callAs('startPaymentSetup', { type })
  if (started.status !== 200) throw new Error(`startPaymentSetup answered ${started.status}: ${JSON.stringify(started.body)}`)
  const { setupIntentId } = started.body as { setupIntentId: string }
  await confirmSetup(setupIntentId, method)
  const saved = await callAs('savePaymentMethod', { setupIntentId })
  if (saved.status !== 200) throw new Error(`savePaymentMethod answered ${saved.status}: ${JSON.stringify(saved.body)}`)
  return saved.body
}
