/**
 * Stripe.js for the app tests (jsdom runs no scripts): replaces lib/payments/stripe/load-stripe.ts (see
 * test/setup-app.ts). Its Elements are plain labelled inputs a test types into, as a customer types
 * into Stripe's; its confirmations do for real, against the run's localstripe, what Stripe.js does
 * (rio-local/test/payments.ts), so the class sees a SetupIntent that really succeeded or was declined,
 * and a PaymentIntent really authenticated. Like Stripe.js it answers `{error}` instead of throwing.
 */
import Stripe from 'stripe'
import type {
  StripeElement, StripeElementChange, StripeElementType, StripeIntentResult, StripeJs, StripeJsError,
} from '@/lib/payments/stripe/stripe-js'
import { authenticatePayment, confirmSetup, testStripe, type TestMethod } from '@/rio-local/test/payments'

/** What the fake was asked to do, for tests that check the page used Stripe.js as it should. */
export const fakeStripeCalls: Array<{ method: string; clientSecret: string }> = []

/** The customer's answer in the bank's 3-D Secure dialog (a test may fail it). */
export const bank = { approves: true }

const LABELS: Record<StripeElementType, string> = { card: 'Card number', iban: 'IBAN' }

class FakeElement implements StripeElement {
  private input: HTMLInputElement | null = null
  private handlers: Array<(change: StripeElementChange) => void> = []
  constructor(readonly type: StripeElementType) {}

  get value(): string {
    return (this.input?.value ?? '').replace(/\s+/g, '')
  }

  mount(container: HTMLElement): void {
    const input = document.createElement('input')
    input.setAttribute('aria-label', LABELS[this.type])
    input.addEventListener('input', () => {
      for (const handler of this.handlers) handler({ complete: this.value.length >= 15, empty: this.value === '' })
    })
    container.appendChild(input)
    this.input = input
  }

  destroy(): void {
    this.input?.remove()
    this.input = null
  }

  on(_event: 'change', handler: (change: StripeElementChange | undefined) => void): void {
    this.handlers.push(handler)
  }
}

function intentId(clientSecret: string, prefix: 'seti' | 'pi'): string {
  const id = new RegExp(`^(${prefix}_[A-Za-z0-9]+)_secret_`).exec(clientSecret)?.[1]
  if (!id) throw new Error(`Not a ${prefix} client secret: ${clientSecret}`)
  return id
}

function stripeError(error: unknown): StripeJsError {
  if (error instanceof Stripe.errors.StripeError) return { message: error.message, code: error.code, type: error.type }
  throw error
}

async function confirm(clientSecret: string, method: TestMethod | { refused: StripeJsError }): Promise<StripeIntentResult<'setupIntent'>> {
  if ('refused' in method) return { error: method.refused }
  const id = intentId(clientSecret, 'seti')
  try {
    return { setupIntent: { id, status: await confirmSetup(id, method) } }
  } catch (error) {
    return { error: stripeError(error) }
  }
}

function typed(element: StripeElement | { iban: string }): string {
  return element instanceof FakeElement ? element.value : 'iban' in element ? element.iban : ''
}

const fake: StripeJs = {
  elements: () => ({ create: (type) => new FakeElement(type) }),
  confirmCardSetup(clientSecret, data) {
    fakeStripeCalls.push({ method: 'confirmCardSetup', clientSecret })
    const number = typed(data.payment_method.card)
    // Stripe.js refuses an incomplete number itself, without asking the server.
    return confirm(clientSecret, number.length < 15 ? { refused: { message: 'Your card number is incomplete.', code: 'incomplete_number' } } : { card: number })
  },
  confirmSepaDebitSetup(clientSecret, data) {
    fakeStripeCalls.push({ method: 'confirmSepaDebitSetup', clientSecret })
    const iban = typed(data.payment_method.sepa_debit)
    return confirm(clientSecret, iban.length < 15 ? { refused: { message: 'Your IBAN is incomplete.', code: 'incomplete_iban' } } : { iban })
  },
  async confirmCardPayment(clientSecret) {
    fakeStripeCalls.push({ method: 'confirmCardPayment', clientSecret })
    const id = intentId(clientSecret, 'pi')
    await authenticatePayment(id, clientSecret, bank.approves)
    const intent = await testStripe().paymentIntents.retrieve(id)
    if (!bank.approves) return { error: { message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', code: 'payment_intent_authentication_failure' } }
    return { paymentIntent: { id, status: intent.status } }
  },
}

/** The test double of `loadStripe`. */
export function loadStripe(): Promise<StripeJs> {
  return Promise.resolve(fake)
}

/** Forgets the calls and lets the bank approve again (each test starts as a new visitor). */
export function resetFakeStripe(): void {
  fakeStripeCalls.length = 0
  bank.approves = true
}
