/**
 * The shop's own settings for the local runtime, which the runtime itself knows nothing about: the
 * stack scripts that start the shop's backend (`npm run backend`, `npm run dev`, `start:local`, the
 * e2e run, the benchmarks and soak runs) and the test setups apply them; another project run by
 * rio-local gets none of them.
 *
 * - Local defaults of the shop's project environment (what the Retter console holds in production).
 * - The Stripe checks: a wrong STRIPE_API_URL or key stops the start rather than the first charge,
 *   and a real Stripe (anything but localstripe) needs STRIPE_WEBHOOK_SECRET, or the payments it
 *   settles by webhook would never be heard of.
 */
import { LOCAL_STRIPE_SECRET_KEY } from './localstripe'

/**
 * Used when the environment sets no CUSTOMER_ID_SECRET, so local ids stay stable across restarts
 * and test processes. Never deploy it: ids keyed by a public secret are derivable from e-mails.
 */
export const LOCAL_CUSTOMER_ID_SECRET = 'rio-local-customer-id-secret-for-development-only'
export const LOCAL_MAIL_FROM = 'Bean & Bloom (local) <no-reply@localhost>'
/** Where the e-mails' "manage your subscription" links point (the app of `npm run dev`). */
export const LOCAL_APP_URL = 'https://localhost:3000'

type Env = Record<string, string | undefined>

/** The shop's local defaults, for each variable `env` leaves unset or blank. */
export function shopDefaults(env: Env): Record<string, string> {
  const defaults: Record<string, string> = {
    CUSTOMER_ID_SECRET: LOCAL_CUSTOMER_ID_SECRET,
    MAIL_FROM: LOCAL_MAIL_FROM,
    APP_URL: LOCAL_APP_URL,
    // Change confirmations go at once locally (tests and journeys read the inbox right after a change); a test of the digest sets its own.
    CHANGE_MAIL_DIGEST_SECONDS: '0',
  }
  return Object.fromEntries(Object.entries(defaults).filter(([name]) => !env[name]?.trim()))
}

/** The hosts an http (not https) STRIPE_API_URL may name: this machine only (localstripe). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** A Stripe secret or restricted key, test or live. */
const STRIPE_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/

const blankIsUnset = (value: string | undefined): string | undefined => value?.trim() || undefined

/** True when `env` names localstripe: its test key, over http on this machine. */
export function namesLocalstripe(env: Env): boolean {
  const url = blankIsUnset(env.STRIPE_API_URL)
  if (blankIsUnset(env.STRIPE_SECRET_KEY) !== LOCAL_STRIPE_SECRET_KEY || url === undefined) return false
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname)
  } catch {
    return false
  }
}

/**
 * The classes' ceiling toward Stripe when Stripe is localstripe: none to speak of. Their default
 * (25 requests a second, Stripe's test-mode limit) spaces requests 40 ms apart to keep a real
 * account within its limits; localstripe has no limit, and a test, a journey or a benchmark
 * against it would only wait (the payments suite took twice as long).
 */
export const LOCALSTRIPE_REQUESTS_PER_SECOND = '100000'

/** STRIPE_MAX_REQUESTS_PER_SECOND lifted when `env` names localstripe and sets no ceiling of its own. */
export function localstripeCeiling(env: Env): Record<string, string> {
  return namesLocalstripe(env) && !blankIsUnset(env.STRIPE_MAX_REQUESTS_PER_SECOND) ? { STRIPE_MAX_REQUESTS_PER_SECOND: LOCALSTRIPE_REQUESTS_PER_SECOND } : {}
}

/**
 * The Stripe variables' problems. None set: fine (the shop starts; a class that needs Stripe then
 * fails with its own error). A local one must be an http(s) address on loopback (or any https
 * one), named by scheme, host and port only, with a test key; a real Stripe (anything but
 * localstripe) also needs STRIPE_WEBHOOK_SECRET.
 */
export function stripeProblems(env: Env): string[] {
  const url = blankIsUnset(env.STRIPE_API_URL)
  const key = blankIsUnset(env.STRIPE_SECRET_KEY)
  const problems: string[] = []
  if (key !== undefined && !STRIPE_KEY_PATTERN.test(key)) {
    problems.push('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…, or a restricted rk_…), got something else')
  }
  if (url !== undefined) {
    let parsed: URL | undefined
    try {
      parsed = new URL(url)
    } catch {
      parsed = undefined
    }
    const where = 'STRIPE_API_URL must be an http address on this machine (http://127.0.0.1:PORT, http://localhost:PORT or http://[::1]:PORT: localstripe) or an https address'
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      problems.push(`${where}, got "${url}"`)
    } else if (parsed.protocol === 'http:' && !LOOPBACK_HOSTS.has(parsed.hostname)) {
      problems.push(`${where}; plain http to "${parsed.hostname}" would send the secret key unencrypted over the network`)
    } else if (parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash) {
      problems.push(`STRIPE_API_URL must be scheme, host and port only (the Stripe client ignores anything else), got "${url}"`)
    }
    if (key === undefined) problems.push('STRIPE_SECRET_KEY is not set: class code needs one for STRIPE_API_URL too (localstripe accepts any sk_test_… key)')
    else if (key.startsWith('sk_live_') || key.startsWith('rk_live_')) problems.push('STRIPE_SECRET_KEY is a live key, but STRIPE_API_URL points away from Stripe: unset STRIPE_API_URL, or use a test key')
  }
  if (key !== undefined && !namesLocalstripe(env) && !blankIsUnset(env.STRIPE_WEBHOOK_SECRET)) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET is not set: against a real Stripe (STRIPE_SECRET_KEY is not localstripe\'s) the backend hears of payments that settle later ' +
        'only through the webhook, whose signatures it checks with this secret (whsec_…, from the webhook endpoint in the Stripe Dashboard or `stripe listen`).',
    )
  }
  return problems
}

/** Stops a start against a Stripe the shop cannot run with, naming every problem at once. */
export function assertShopEnv(env: Env): void {
  const problems = stripeProblems(env)
  if (problems.length > 0) throw new Error(`The shop's backend cannot start with these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
}
