/**
 * Elements for the local stack only (never with Stripe's own Stripe.js; load-stripe.ts decides):
 * - IBAN: localstripe's fake Stripe.js creates card inputs whatever type is asked for, and sends what
 *   confirmSepaDebitSetup is given as JSON. The stand-in is one plain, labelled text input whose
 *   IBAN is passed to the fake as `{iban}`, which Stripe.js accepts too.
 * - Card: the fake's inputs have only placeholders; each gets a name (Stripe's own are labelled).
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

/** The names of the fake card Element's inputs, by their placeholders. */
const CARD_INPUT_NAMES: Record<string, string> = {
  number: 'Card number', exp_month: 'Expiry month', exp_year: 'Expiry year (2 digits)', cvc: 'CVC', postal_code: 'Postal code',
}

function withNamedInputs(element: StripeElement, hidePostalCode: boolean): StripeElement {
  return {
    mount(container) {
      element.mount(container)
      for (const input of Array.from(container.querySelectorAll('input'))) {
        // The fake ignores hidePostalCode; Stripe's card Element leaves the field out, and so do we
        // (the delivery address beside it has a postal code of its own).
        if (hidePostalCode && input.placeholder === 'postal_code') {
          input.remove()
          continue
        }
        const name = CARD_INPUT_NAMES[input.placeholder]
        if (name) input.setAttribute('aria-label', name)
      }
    },
    destroy: () => element.destroy(),
    on: (event, handler) => element.on(event, handler),
  }
}

/**
 * Runs a confirmation while lifting the fake's 3-D Secure box above the page: it is appended to
 * `<body>` with no stacking order, so it would sit under an open dialog's backdrop where nobody can
 * click it (Stripe's own challenge frame is on top of everything).
 */
function withBankCheckOnTop<T>(confirm: () => Promise<T>): Promise<T> {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof HTMLElement) || !node.querySelector('button')) continue
        Object.assign(node.style, { position: 'fixed', zIndex: '2147483647' })
        node.setAttribute('role', 'dialog')
        node.setAttribute('aria-label', 'Your bank’s check (local test)')
      }
    }
  })
  observer.observe(document.body, { childList: true })
  return confirm().finally(() => observer.disconnect())
}

/**
 * The fake Stripe object with the IBAN Element it lacks, and named card inputs.
 * @param stripe localstripe's fake Stripe object
 */
export function withLocalElements(stripe: StripeJs): StripeJs {
  // The fake's confirmCardSetup reads the card from its own Element, so it gets that one back.
  const wrapped = new Map<StripeElement, StripeElement>()
  return {
    elements() {
      const elements = stripe.elements()
      return {
        create(type, options) {
          if (type === 'iban') return new LocalIbanElement()
          const original = elements.create(type, options)
          const named = withNamedInputs(original, options?.hidePostalCode === true)
          wrapped.set(named, original)
          return named
        },
      }
    },
    confirmCardSetup: (clientSecret, data) => withBankCheckOnTop(() =>
      stripe.confirmCardSetup(clientSecret, { payment_method: { ...data.payment_method, card: wrapped.get(data.payment_method.card) ?? data.payment_method.card } })),
    confirmSepaDebitSetup(clientSecret, data) {
      const account = data.payment_method.sepa_debit
      const sepaDebit = account instanceof LocalIbanElement ? { iban: account.iban } : account
      return stripe.confirmSepaDebitSetup(clientSecret, { payment_method: { ...data.payment_method, sepa_debit: sepaDebit } })
    },
    confirmCardPayment: (clientSecret) => withBankCheckOnTop(() => stripe.confirmCardPayment(clientSecret)),
  }
}
