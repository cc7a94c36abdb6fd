/**
 * The Stripe a benchmark or soak run charges against: the one STRIPE_API_URL already names, else a
 * localstripe of the run's own on a free loopback port, its lines dropped. Either way the run's
 * environment (and so every runtime it starts) then names it, with a test key.
 */
import path from 'node:path'
import { Writable } from 'node:stream'
import { findFreePort } from './ports'
import { LOCAL_STRIPE_SECRET_KEY, startLocalstripe } from './localstripe'

const ROOT = path.resolve(__dirname, '..', '..')

/** Sets STRIPE_API_URL and STRIPE_SECRET_KEY in process.env; `stop` ends the localstripe it started, if any. */
export async function stripeForRun(): Promise<{ url: string; stop(): Promise<void> }> {
  const named = process.env.STRIPE_API_URL
  if (named) return { url: named, stop: async () => undefined }
  const stripe = await startLocalstripe({ root: ROOT, port: await findFreePort(), output: new Writable({ write: (_chunk, _encoding, done) => done() }) })
  Object.assign(process.env, { STRIPE_API_URL: stripe.url, STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY })
  return { url: stripe.url, stop: () => stripe.stop() }
}
