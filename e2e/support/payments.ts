/**
 * Money in the journeys: the local runtime's test clock (deliveries are charged days ahead, at
 * their final moment), a card saved for a customer the journeys drive over the API, and what
 * localstripe holds for a delivery (to count charges).
 */
import { expect, type Page } from '@playwright/test'
import Stripe from 'stripe'
import { LOCAL_STRIPE_SECRET_KEY } from '../../scripts/lib/localstripe'
import { customerApi, type ApiAnswer } from './customer-api'
import { E2E_ENV, requireEnv } from './env'
import { signIn } from './fixtures'
import { TEST_CARDS } from '../../scripts/lib/start-form'

// Typing a card is shared with the Lighthouse script's returning customer.
export { fillCard, TEST_CARDS } from '../../scripts/lib/start-form'

function localStripe(): Stripe {
  const url = new URL(requireEnv(E2E_ENV.stripeUrl))
  return new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: url.hostname, port: url.port, protocol: 'http' })
}

async function devClock(init?: RequestInit): Promise<{ now: string; nowMs: number }> {
  const res = await fetch(`${requireEnv(E2E_ENV.backendUrl)}/__dev/clock`, { ...init, headers: { 'X-Rio-Dev': '1', 'content-type': 'application/json', ...init?.headers } })
  const text = await res.text()
  if (!res.ok) throw new Error(`/__dev/clock answered ${res.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as { now: string; nowMs: number }
}

/** The time class code and the task runner see. */
export function clockNow(): Promise<{ now: string; nowMs: number }> {
  return devClock()
}

/** Moves the backend's clock forward; resolves once every task due by then has run. */
export function advanceClock(seconds: number): Promise<{ now: string; nowMs: number }> {
  return devClock({ method: 'POST', body: JSON.stringify({ advanceSeconds: Math.ceil(seconds) }) })
}

/** The same e-mail may ask for a new sign-in code 30 s after the last one; a second more for margin. */
const RESEND_AFTER_SECONDS = 31

/**
 * Lets an e-mail that was sent a sign-in code ask for another: moves the backend's clock past the
 * resend wait instead of waiting it out in real time (eight journeys spent about 25 s each in it).
 * For journeys on the test clock, which may move it.
 */
export async function passResendWait(): Promise<void> {
  await advanceClock(RESEND_AFTER_SECONDS)
}

/** Signs `email` in by UI again, once the resend wait since its last code is passed (passResendWait). */
export async function signInAgain(page: Page, email: string): Promise<void> {
  await passResendWait()
  await signIn(page, email)
}

/** Moves the backend's clock to `iso` (never backwards: a moment already passed does nothing). */
export async function advanceClockTo(iso: string): Promise<void> {
  const { nowMs } = await clockNow()
  const target = Date.parse(iso)
  if (target > nowMs) await advanceClock((target - nowMs) / 1000)
}

/** Saves a card for a customer driven over the API, as the browser's Stripe.js would confirm it. */
export async function saveCard(call: (method: string, body?: unknown) => Promise<ApiAnswer>, number: string = TEST_CARDS.visa): Promise<void> {
  const started = await call('startPaymentSetup', { type: 'card' })
  if (started.status !== 200) throw new Error(`startPaymentSetup answered ${started.status}: ${JSON.stringify(started.body)}`)
  const setupIntentId = String(started.body.setupIntentId)
  const stripe = localStripe()
  const method = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' } })
  let intent = await stripe.setupIntents.confirm(setupIntentId, { payment_method: method.id })
  if (intent.status === 'requires_action') intent = await stripe.setupIntents.confirm(setupIntentId)
  const saved = await call('savePaymentMethod', { setupIntentId })
  if (saved.status !== 200) throw new Error(`savePaymentMethod answered ${saved.status}: ${JSON.stringify(saved.body)}`)
}

/** The bank's 3-D Secure check as localstripe's Stripe.js shows it: the customer completes (or fails) it. */
export async function answerBankCheck(page: Page, complete = true): Promise<void> {
  await page.getByRole('button', { name: complete ? 'Complete authentication' : 'Fail authentication' }).click()
}

/** Stripe's PaymentIntents for one customer's delivery, by the metadata our class writes on each. */
export async function chargesOf(accountId: string, date: string): Promise<Array<{ status: string; amount: number }>> {
  const found: Array<{ status: string; amount: number }> = []
  for await (const intent of localStripe().paymentIntents.list({ limit: 100 })) {
    if (intent.metadata?.accountId === accountId && intent.metadata?.deliveryDate?.slice(0, 10) === date) found.push({ status: intent.status, amount: intent.amount })
  }
  return found
}

/**
 * A customer set up through the API: `address`, the card that pays, and Barista started (the first
 * delivery two days from the backend's today).
 * @returns their API session (a sign-in by UI then needs passResendWait first)
 */
export async function baristaByApi(email: string, address: { name: string; line1: string; city: string; postalCode: string; country: string }): Promise<{ api: Awaited<ReturnType<typeof customerApi>> }> {
  const api = await customerApi(email)
  expect((await api.call('setDeliveryAddress', address)).status).toBe(200)
  await saveCard(api.call)
  expect((await api.call('selectPlan', { planId: 'barista' })).status).toBe(200)
  return { api }
}
