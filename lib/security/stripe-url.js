// @ts-check
/**
 * Where Stripe.js comes from: NEXT_PUBLIC_STRIPE_JS_URL when set (the local stack's fake Stripe.js,
 * served by localstripe at `http://127.0.0.1:PORT/js.stripe.com/v3/`), else Stripe's own. CommonJS
 * because lib/security/headers.js (loaded by next.config.js) builds the CSP from it too.
 */

/** Stripe's own Stripe.js (Stripe requires loading it from here, never a copy). */
const STRIPE_JS_URL = 'https://js.stripe.com/v3/'

/**
 * The URL of Stripe.js for this build.
 * @param {Record<string, string | undefined>} env
 * @returns {string}
 */
function stripeJsUrl(env) {
  return env.NEXT_PUBLIC_STRIPE_JS_URL?.trim() || STRIPE_JS_URL
}

/**
 * True when Stripe.js is not Stripe's own (localstripe's fake, which has no IBAN Element).
 * @param {Record<string, string | undefined>} env
 * @returns {boolean}
 */
function isFakeStripeJs(env) {
  return stripeJsUrl(env) !== STRIPE_JS_URL
}

module.exports = { STRIPE_JS_URL, stripeJsUrl, isFakeStripeJs }
