/**
 * The Stripe client of class code (the official `stripe` SDK). Configured by the project environment:
 *   STRIPE_SECRET_KEY  the account's secret key (sk_live_… or sk_test_…); required
 *   STRIPE_API_URL     unset: Stripe itself. Locally the address of localstripe, a fake Stripe the
 *                      local stack runs on loopback (e.g. http://127.0.0.1:8420)
 *   STRIPE_MAX_REQUESTS_PER_SECOND  the ceiling of requests to Stripe (default 25, Stripe's test-mode limit; stripe-rate.ts)
 * The secret key never leaves the class environment; the browser only has the publishable key.
 */
import { requiredSetting, setting } from 'BeanBloomKit'
import Stripe from 'stripe'
import { limitedHttpClient, maxRequestsPerSecond, requestGate } from './stripe-rate'

let cached: { key: string; url: string; rate: number; client: Stripe } | undefined

/** True when STRIPE_API_URL points somewhere other than Stripe (localstripe). */
export function isLocalStripe(): boolean {
  return setting('STRIPE_API_URL') !== undefined
}

/**
 * True when STRIPE_API_URL is a loopback address: the local fake (localstripe), which sends no
 * signed events of its own. Anything else, Stripe itself included, must have its events signed.
 */
export function isLoopbackStripe(): boolean {
  const url = setting('STRIPE_API_URL')
  if (!url) return false
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
    return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  } catch {
    return false
  }
}

/**
 * The client for the current environment (one per key and URL, kept across invocations of a warm
 * container). Throws, naming the variable, when STRIPE_SECRET_KEY is not set.
 */
export function stripe(): Stripe {
  const key = requiredSetting('STRIPE_SECRET_KEY')
  const url = setting('STRIPE_API_URL') || ''
  const rate = maxRequestsPerSecond(setting('STRIPE_MAX_REQUESTS_PER_SECOND'))
  if (cached && cached.key === key && cached.url === url && cached.rate === rate) return cached.client
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 2, timeout: 20000, appInfo: { name: 'bean-and-bloom' },
    httpClient: limitedHttpClient(Stripe.createNodeHttpClient(), requestGate(rate)),
  }
  if (url) {
    const parsed = new URL(url)
    options.host = parsed.hostname
    options.port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80')
    options.protocol = parsed.protocol === 'https:' ? 'https' : 'http'
  }
  cached = { key: key, url: url, rate: rate, client: new Stripe(key, options) }
  return cached.client
}

/**
 * A SetupIntent's allowed payment method types: `allowed_payment_method_types` in the API version
 * this SDK pins; localstripe only knows the older `payment_method_types`.
 */
export function allowedTypes(types: Array<'card' | 'sepa_debit'>): Pick<Stripe.SetupIntentCreateParams, 'allowed_payment_method_types'> {
  if (isLocalStripe()) {
    // The older name is no longer in the SDK's types, but the SDK sends any parameter it is given.
    return { payment_method_types: types } as unknown as Pick<Stripe.SetupIntentCreateParams, 'allowed_payment_method_types'>
  }
  return { allowed_payment_method_types: types }
}

/** Stripe's error code (`card_declined`, `authentication_required`…) and message, or the error's own message. */
export function stripeFailure(err: unknown): { code: string; message: string } {
  if (err instanceof Stripe.errors.StripeError) {
    // Servers that leave out the code (localstripe's 404s) still say what is missing by the status.
    return { code: err.code || (err.statusCode === 404 ? 'resource_missing' : err.type), message: err.message }
  }
  return { code: 'error', message: err instanceof Error ? err.message : String(err) }
}
