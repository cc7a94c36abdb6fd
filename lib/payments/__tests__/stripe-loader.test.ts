/**
 * Loading Stripe.js (lib/payments/stripe/load-stripe.ts, which the other app tests replace with a fake):
 * one script per page from the configured URL, the Stripe object made with the publishable key, a
 * clear refusal without a key or when the script cannot load (and a new try on the next call), and
 * on the local stack the IBAN field localstripe's fake Stripe.js lacks.
 */
import type { StripeConstructor, StripeElement, StripeJs } from '@/lib/payments/stripe/stripe-js'

type Loader = typeof import('@/lib/payments/stripe/load-stripe')

const LOCAL_JS = 'http://127.0.0.1:8420/js.stripe.com/v3/'

/** The real loader, read with the given public env (Next inlines it at build time). */
function loaderWith(env: { key?: string; url?: string }): Loader {
  const saved = { key: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY, url: process.env.NEXT_PUBLIC_STRIPE_JS_URL }
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = env.key ?? ''
  process.env.NEXT_PUBLIC_STRIPE_JS_URL = env.url ?? ''
  let loader: Loader | undefined
  jest.isolateModules(() => { loader = jest.requireActual<Loader>('@/lib/payments/stripe/load-stripe') })
  process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = saved.key
  process.env.NEXT_PUBLIC_STRIPE_JS_URL = saved.url
  return loader!
}

const scripts = () => Array.from(document.head.querySelectorAll('script'))

/** A Stripe.js stand-in (card inputs named only by placeholders, as localstripe's) whose confirmations record what they were given. */
function fakeStripeJs(seen: unknown[]): StripeConstructor {
  const element: StripeElement = {
    mount: (container) => {
      for (const field of ['number', 'exp_month', 'cvc']) {
        const input = document.createElement('input')
        input.placeholder = field
        container.appendChild(input)
      }
    },
    destroy: () => undefined,
    on: () => undefined,
  }
  return (key) => {
    seen.push({ key })
    const stripe: StripeJs = {
      elements: () => ({ create: () => element }),
      confirmCardSetup: async (_secret, data) => {
        seen.push({ card: data.payment_method.card === element ? 'its own element' : 'another object' })
        return { setupIntent: { id: 'seti_1', status: 'succeeded' } }
      },
      confirmSepaDebitSetup: async (_secret, data) => {
        seen.push(data.payment_method.sepa_debit)
        return { setupIntent: { id: 'seti_1', status: 'succeeded' } }
      },
      confirmCardPayment: async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }),
    }
    return stripe
  }
}

afterEach(() => {
  for (const script of scripts()) script.remove()
  delete window.Stripe
})

test('without a publishable key it says payments are not set up, and loads nothing', async () => {
  await expect(loaderWith({}).loadStripe()).rejects.toThrow('Payments are not set up on this site yet (no Stripe publishable key)')
  expect(scripts()).toHaveLength(0)
})

test('Stripe’s own Stripe.js, once per page, made with the publishable key', async () => {
  const { loadStripe } = loaderWith({ key: 'pk_test_123' })
  const first = loadStripe()
  const second = loadStripe()
  expect(scripts().map((script) => script.src)).toEqual(['https://js.stripe.com/v3/'])
  const seen: unknown[] = []
  window.Stripe = fakeStripeJs(seen)
  scripts()[0]!.dispatchEvent(new Event('load'))
  expect(await first).toBe(await second)
  expect(seen).toEqual([{ key: 'pk_test_123' }])
})

test('a script that cannot load is a clear failure, and the next call tries again', async () => {
  const { loadStripe } = loaderWith({ key: 'pk_test_123' })
  const failing = loadStripe()
  scripts()[0]!.dispatchEvent(new Event('error'))
  await expect(failing).rejects.toThrow('Our payment form could not be loaded. Check your connection, then try again.')
  expect(scripts()).toHaveLength(0)
  const retried = loadStripe()
  expect(scripts()).toHaveLength(1)
  window.Stripe = fakeStripeJs([])
  scripts()[0]!.dispatchEvent(new Event('load'))
  await expect(retried).resolves.toBeDefined()
})

/**
 * The loader on the local stack, its script loaded over the stand-in: the Stripe object, the
 * scripts it asked for before the load, and what the stand-in's confirmations saw.
 */
async function onLocalStack(): Promise<{ stripe: StripeJs; requested: string[]; seen: unknown[] }> {
  const { loadStripe } = loaderWith({ key: 'pk_test_local_stack', url: LOCAL_JS })
  const loading = loadStripe()
  const requested = scripts().map((script) => script.src)
  const seen: unknown[] = []
  window.Stripe = fakeStripeJs(seen)
  scripts()[0]!.dispatchEvent(new Event('load'))
  return { stripe: await loading, requested, seen }
}

/** `element` mounted in a new box: the box. */
function mounted(element: StripeElement): HTMLElement {
  const box = document.createElement('div')
  element.mount(box)
  return box
}

test('on the local stack: localstripe’s card inputs get names, and its confirmation gets its own Element back', async () => {
  const { stripe, seen } = await onLocalStack()
  const card = stripe.elements().create('card')
  const box = mounted(card)
  expect(Array.from(box.querySelectorAll('input')).map((input) => input.getAttribute('aria-label'))).toEqual(['Card number', 'Expiry month', 'CVC'])
  await stripe.confirmCardSetup('seti_1_secret_x', { payment_method: { card } })
  expect(seen).toEqual([{ key: 'pk_test_local_stack' }, { card: 'its own element' }])
})

test('on the local stack: localstripe’s script, and an IBAN field whose IBAN is passed on as such', async () => {
  const { stripe, requested, seen } = await onLocalStack()
  expect(requested).toEqual([LOCAL_JS])
  const iban = stripe.elements().create('iban')
  const input = mounted(iban).querySelector('input')!
  expect(input).toHaveAccessibleName('IBAN')
  const changes: unknown[] = []
  iban.on('change', (change) => changes.push(change))
  input.value = 'de89 3704 0044 0532 0130 00'
  input.dispatchEvent(new Event('input'))
  expect(changes).toEqual([{ complete: true, empty: false }])
  await stripe.confirmSepaDebitSetup('seti_1_secret_x', { payment_method: { sepa_debit: iban, billing_details: { name: 'Sam Rivera', email: 'sam@example.com' } } })
  expect(seen).toEqual([{ key: 'pk_test_local_stack' }, { iban: 'DE89370400440532013000' }])
})
