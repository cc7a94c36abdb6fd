/**
 * The IBAN Element for the local stack only: localstripe's fake Stripe.js creates card inputs
 * whatever type is asked for, and sends what confirmSepaDebitSetup is given as JSON. This stand-in
 * is one plain, labelled text input whose IBAN is passed to the fake as `{iban}`, which Stripe.js
 * accepts too. Never used with Stripe's own Stripe.js (load-stripe.ts decides).
 */
import type { StripeElement, StripeElementChange, StripeJs } from './stripe-js'

/** Loose IBAN shape (country, check digits, 11 to 30 letters or digits): the server checks the rest. */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/

class LocalIbanElement implements StripeElement {
  private input: HTMLInputElement | null = null
  private handlers: Array<(change: StripeElementChange) => void> = []

  get iban(): string {
    return (this.input?.value ?? '').replace(/\s+/g, '').toUpperCase()
  }

  mount(container: HTMLElement): void {
    const input = document.createElement('input')
    input.type = 'text'
    input.autocomplete = 'off'
    input.spellcheck = false
    input.setAttribute('aria-label', 'IBAN')
    input.placeholder = 'DE89 3704 0044 0532 0130 00'
    input.addEventListener('input', () => {
      const complete = IBAN_SHAPE.test(this.iban)
      for (const handler of this.handlers) handler({ complete, empty: this.iban === '' })
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

/**
 * The fake Stripe object with an IBAN Element it lacks.
 * @param stripe localstripe's fake Stripe object
 */
export function withLocalIban(stripe: StripeJs): StripeJs {
  return {
    elements() {
      const elements = stripe.elements()
      return { create: (type, options) => (type === 'iban' ? new LocalIbanElement() : elements.create(type, options)) }
    },
    confirmCardSetup: (clientSecret, data) => stripe.confirmCardSetup(clientSecret, data),
    confirmSepaDebitSetup(clientSecret, data) {
      const account = data.payment_method.sepa_debit
      const sepaDebit = account instanceof LocalIbanElement ? { iban: account.iban } : account
      return stripe.confirmSepaDebitSetup(clientSecret, { payment_method: { ...data.payment_method, sepa_debit: sepaDebit } })
    },
    confirmCardPayment: (clientSecret) => stripe.confirmCardPayment(clientSecret),
  }
}
