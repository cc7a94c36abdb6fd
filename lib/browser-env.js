// @ts-check
/**
 * Every `NEXT_PUBLIC_*` variable browser code reads: the app's one list of them (the local stack,
 * the Retter client's configuration and the tests take the names from here). CommonJS because
 * next.config.js loads it.
 *
 * Next inlines only the variables that are set: an unset one would stay a runtime `process.env`
 * lookup and pull Next's `process` polyfill (about 0.7 kB gz) into every page. next.config.js
 * defines the unset ones as '' so all of them are inlined; the app treats '' as unset. A jest test
 * keeps this list in step with the code.
 */

/** The variables of the Retter client's configuration (lib/rio/config.ts validates them). */
const RIO_CLIENT_ENV = /** @type {const} */ ([
  'NEXT_PUBLIC_RIO_LOCAL',
  'NEXT_PUBLIC_RIO_PROJECT_ID',
  'NEXT_PUBLIC_RIO_REGION',
  'NEXT_PUBLIC_RIO_URL',
  'NEXT_PUBLIC_RIO_CULTURE',
  'NEXT_PUBLIC_FIREBASE_API_KEY',
  'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
  'NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL',
  'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST',
])

/** Every browser variable: the Retter client's, analytics, and Stripe's. */
const BROWSER_ENV = /** @type {const} */ ([
  ...RIO_CLIENT_ENV,
  'NEXT_PUBLIC_GA_ID',
  'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY',
  'NEXT_PUBLIC_STRIPE_JS_URL',
])

/** @typedef {(typeof BROWSER_ENV)[number]} BrowserEnvName the name of a browser variable */
/** @typedef {(typeof RIO_CLIENT_ENV)[number]} RioClientEnvName the name of a variable of the Retter client's configuration */

/**
 * The `env` of next.config.js: each browser variable, '' when unset.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
function inlinedBrowserEnv(env) {
  return Object.fromEntries(BROWSER_ENV.map((name) => [name, env[name] ?? '']))
}

module.exports = { BROWSER_ENV, RIO_CLIENT_ENV, inlinedBrowserEnv }
