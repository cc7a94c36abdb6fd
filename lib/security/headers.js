// @ts-check
/**
 * The browser defences every page is served with, built from the same public env the app is built
 * with. CommonJS because next.config.js loads it with require() at build and start time.
 *
 * The Content-Security-Policy allows only what the app talks to:
 * - the app itself (pages, chunks, and `/rio` on the app's origin in local mode);
 * - the Retter project host the SDK builds (`{projectId}.api.retter.io`, the beta region's
 *   `{projectId}.test-api.retter.io`, or NEXT_PUBLIC_RIO_URL's host);
 * - Firebase Auth and Firestore, which the SDK uses for live state (in local mode: the backend's
 *   Auth emulation and the Firestore emulator instead);
 * - Google Analytics only when NEXT_PUBLIC_GA_ID is set (the tag's file and where it sends; it has no
 *   inline script: lib/analytics/gtag.ts starts it from the app's bundle after the visitor's Accept);
 * - Stripe, which takes payment methods: Stripe.js from js.stripe.com, its Elements and 3-D Secure
 *   frames (js.stripe.com, hooks.stripe.com) and its API (api.stripe.com); on the local stack
 *   (NEXT_PUBLIC_STRIPE_JS_URL set) localstripe's origin instead, for its fake Stripe.js and its API.
 *
 * Scripts get one policy for inline code: `pageScriptPolicy` (lib/security/page-policy.ts, a <meta>
 * the document renders first in <head>) allows exactly that page's inline scripts by their hashes:
 * Turbopack's bootstrap, whose text depends on the page's chunks and is known only once the page is
 * rendered, and the document's first-paint script (lib/first-paint/paint.ts). The header cannot know
 * those, so its script-src names the same origins and 'unsafe-inline' and NEVER a hash or nonce:
 * a browser that sees one ignores 'unsafe-inline', and the header would then block every inline
 * script the meta allows (both policies are enforced; a script runs only when both allow it).
 */
const crypto = require('node:crypto')
const { isFakeStripeJs, stripeJsUrl } = require('./stripe-url')

/** Firebase endpoints the browser SDK calls for custom-token sign-in, token refresh and Firestore. */
const FIREBASE_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firestore.googleapis.com',
]

/** Where the Google tag loads from and sends to (Google's CSP guide for GA4). */
const GA_SCRIPT_ORIGINS = ['https://www.googletagmanager.com']
const GA_CONNECT_ORIGINS = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']
const GA_IMG_ORIGINS = ['https://*.google-analytics.com', 'https://*.googletagmanager.com']

/**
 * What Stripe needs, per directive (Stripe's CSP guide for Stripe.js, Elements and 3-D Secure); the
 * local stack's fake Stripe.js needs only its own origin, for the script and its API calls.
 * @param {Record<string, string | undefined>} env
 * @returns {{ script: string[], frame: string[], connect: string[] }}
 */
function stripeSources(env) {
  if (isFakeStripeJs(env)) {
    const origin = new URL(stripeJsUrl(env)).origin
    return { script: [origin], frame: [], connect: [origin] }
  }
  return {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  }
}

/** @param {string} source */
function sha256Source(source) {
  return `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`
}

/**
 * The https origin of the Retter host the SDK will call, or undefined in local mode without an
 * explicit URL (the SDK then calls `${location.host}/rio`, which 'self' covers).
 * @param {Record<string, string | undefined>} env
 */
function retterOrigin(env) {
  const url = env.NEXT_PUBLIC_RIO_URL?.trim()
  if (url) return `https://${url.split('/')[0]}`
  if (env.NEXT_PUBLIC_RIO_LOCAL === '1') return undefined
  const project = env.NEXT_PUBLIC_RIO_PROJECT_ID?.trim()
  if (!project) return undefined
  const host = env.NEXT_PUBLIC_RIO_REGION === 'euWest1Beta' ? 'test-api.retter.io' : 'api.retter.io'
  return `https://${project}.${host}`
}

/**
 * @typedef {object} PolicyOptions
 * @property {Record<string, string | undefined>} env the build's environment (NEXT_PUBLIC_* and NODE_ENV)
 * @property {boolean} dev `next dev`: allows eval (React Refresh) and the HMR websocket
 */

/**
 * Script files every page may load (origins only, never an inline script's hash): the app's files,
 * Stripe.js, and Google's tag when analytics is configured.
 * @param {PolicyOptions} options
 * @returns {string[]}
 */
function scriptSources({ env, dev }) {
  const gaId = env.NEXT_PUBLIC_GA_ID?.trim()
  const script = ["'self'", ...stripeSources(env).script]
  if (gaId) script.push(...GA_SCRIPT_ORIGINS)
  // React Refresh evaluates modules in next dev.
  if (dev) script.push("'unsafe-eval'")
  return script
}

/**
 * The Content-Security-Policy header value.
 * @param {PolicyOptions} options
 */
function contentSecurityPolicy({ env, dev }) {
  const local = env.NEXT_PUBLIC_RIO_LOCAL === '1'
  const gaId = env.NEXT_PUBLIC_GA_ID?.trim()
  const connect = ["'self'"]
  const retter = retterOrigin(env)
  if (retter) connect.push(retter)
  if (local) {
    const auth = env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL?.trim()
    const firestore = env.NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST?.trim()
    if (auth) connect.push(new URL(auth).origin)
    if (firestore) connect.push(`http://${firestore}`)
  } else {
    connect.push(...FIREBASE_ORIGINS)
  }
  const stripe = stripeSources(env)
  connect.push(...stripe.connect)
  const script = scriptSources({ env, dev })
  // The per-page <meta> policy narrows inline scripts to the page's own (see above); a hash here
  // would switch 'unsafe-inline' off and block them all.
  script.push("'unsafe-inline'")
  const img = ["'self'", 'data:', 'blob:']
  if (gaId) {
    connect.push(...GA_CONNECT_ORIGINS)
    img.push(...GA_IMG_ORIGINS)
  }
  // next dev pushes updates over a websocket on the app's origin.
  if (dev) connect.push('ws:', 'wss:')
  const directives = [
    ["default-src", "'self'"],
    ['script-src', ...script],
    // React style props and react-toastify's injected stylesheet are inline styles.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', ...img],
    ['font-src', "'self'", 'data:'],
    ['connect-src', ...connect],
    ['frame-src', ...(stripe.frame.length > 0 ? stripe.frame : ["'none'"])],
    ['frame-ancestors', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
  ]
  // Local mode reaches the emulators over plain http on 127.0.0.1; upgrading would break them.
  if (!local && !dev) directives.push(['upgrade-insecure-requests'])
  return directives.map((parts) => parts.join(' ')).join('; ')
}

/**
 * Every header the app's pages carry.
 * @param {PolicyOptions} options
 * @returns {{ key: string, value: string }[]}
 */
function securityHeaders(options) {
  const headers = [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    // Legacy twin of frame-ancestors for browsers that predate CSP level 2.
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ]
  // HSTS only for a production deployment: on localhost it would pin every other local project to https.
  if (!options.dev && options.env.NEXT_PUBLIC_RIO_LOCAL !== '1') {
    headers.push({ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' })
  }
  return headers
}

module.exports = { contentSecurityPolicy, securityHeaders, scriptSources, stripeSources, sha256Source, retterOrigin }
