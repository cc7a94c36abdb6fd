/**
 * The small part of Stripe.js (v3) the app uses, typed by hand: one card or IBAN Element, the
 * SetupIntent confirmations for a card (3-D Secure handled by Stripe.js) and a SEPA bank account,
 * and the confirmation of a payment the bank asked the customer to authenticate. Stripe.js answers
 * with `{error}` instead of throwing; the shapes below say only what the app reads.
 */

/** What Stripe.js says went wrong (a declined card, an incomplete number, a failed check). */
export interface StripeJsError {
  message?: string
  code?: string
  /** For `card_declined`: the bank's reason (`insufficient_funds`, `expired_card`…). */
  decline_code?: string
  type?: string
}

/** The event an Element sends as the customer types: whether it is complete, and what is wrong. */
export interface StripeElementChange {
  complete?: boolean
  empty?: boolean
  error?: StripeJsError
}

export type StripeElementType = 'card' | 'iban'

/** A mounted input of Stripe's (in Stripe's own iframe in production). */
export interface StripeElement {
  mount(container: HTMLElement): void
  destroy(): void
  /** localstripe's fake Stripe.js calls the handler with no event at all. */
  on(event: 'change', handler: (change: StripeElementChange | undefined) => void): void
}

export interface StripeElementOptions {
  /** The IBAN Element: which countries' accounts it takes ('SEPA': all of them). */
  supportedCountries?: string[]
  /** Card Element: hide the postal code (we have the delivery address). */
  hidePostalCode?: boolean
}

export interface StripeElements {
  create(type: StripeElementType, options?: StripeElementOptions): StripeElement
}

export interface StripeBillingDetails {
  name: string
  email: string
}

/** What a SetupIntent or PaymentIntent confirmation resolves with. */
export interface StripeIntentResult<K extends 'setupIntent' | 'paymentIntent'> {
  error?: StripeJsError | null
  /** Present when there was no error. */
  setupIntent?: K extends 'setupIntent' ? { id: string; status: string } : never
  paymentIntent?: K extends 'paymentIntent' ? { id: string; status: string } : never
}

/** The Stripe object of `Stripe(publishableKey)`. */
export interface StripeJs {
  elements(): StripeElements
  confirmCardSetup(clientSecret: string, data: { payment_method: { card: StripeElement } }): Promise<StripeIntentResult<'setupIntent'>>
  confirmSepaDebitSetup(
    clientSecret: string,
    // Stripe.js takes the IBAN Element or the IBAN itself (the local stand-in passes the latter).
    data: { payment_method: { sepa_debit: StripeElement | { iban: string }; billing_details: StripeBillingDetails } },
  ): Promise<StripeIntentResult<'setupIntent'>>
  confirmCardPayment(clientSecret: string): Promise<StripeIntentResult<'paymentIntent'>>
}

/** The global `Stripe` function the script defines. */
export type StripeConstructor = (publishableKey: string) => StripeJs
