/**
 * Loads Stripe.js on demand (a `<script>` added once per page, only where a payment method is
 * taken: never with a visitor's first load, which scripts/lib/first-load-rules.ts checks) and
 * creates the page's one Stripe object with the publishable key.
 *
 * Where the script is not Stripe's own (the local stack's localstripe), its fake Stripe.js lacks the
 * IBAN Element and names no card input, so ./local-elements.ts adds the one and names the others. The app tests replace this module with a fake
 * that confirms against the test run's localstripe (test/fake-stripe.ts): jsdom runs no scripts.
 */
import { isFakeStripeJs, stripeJsUrl } from '@/lib/security/stripe-url'
import { withLocalElements } from './local-elements'
import type { StripeConstructor, StripeJs } from './stripe-js'
import { keyed } from '@/lib/rio/errors/app-error'

declare global {
  interface Window {
    /** Defined by Stripe.js once it has run. */
    Stripe?: StripeConstructor
  }
}

/** Next inlines these at build time (lib/browser-env.js lists them). */
const env = {
  NEXT_PUBLIC_STRIPE_JS_URL: process.env.NEXT_PUBLIC_STRIPE_JS_URL,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY,
}

/** Why payments cannot be taken here, in the customer's words (thrown as a plain Error; components show its message). */
const UNAVAILABLE = 'Our payment form could not be loaded. Check your connection, then try again.'
const NOT_CONFIGURED = 'Payments are not set up on this site yet (no Stripe publishable key), so no card or bank account can be saved.'
// Marked with their catalogue keys, so a page writes them in its language (errorText).
const unavailable = (): Error => keyed(new Error(UNAVAILABLE), 'payments.stripe.unavailable')
const notConfigured = (): Error => keyed(new Error(NOT_CONFIGURED), 'payments.stripe.notConfigured')

let loading: Promise<StripeJs> | null = null

function injectScript(url: string): Promise<StripeConstructor> {
  return new Promise((resolve, reject) => {
    if (window.Stripe) {
      resolve(window.Stripe)
      return
    }
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(unavailable()))
    script.onerror = () => {
      script.remove()
      reject(unavailable())
    }
    document.head.appendChild(script)
  })
}

/**
 * The page's Stripe object, loading Stripe.js on the first call. A failed load is tried again by
 * the next call.
 * @throws Error with the customer's words when Stripe.js cannot load or no publishable key is set
 */
export function loadStripe(): Promise<StripeJs> {
  const key = env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY?.trim()
  if (!key) return Promise.reject(notConfigured())
  const current = (loading ??= injectScript(stripeJsUrl(env)).then((Stripe) => {
    const stripe = Stripe(key)
    return isFakeStripeJs(env) ? withLocalElements(stripe) : stripe
  }))
  current.catch(() => { if (loading === current) loading = null })
  return current
}
