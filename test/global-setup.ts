/**
 * Jest globalSetup of the `app` project: starts ONE localstripe on a free loopback port for the
 * whole run and exports STRIPE_API_URL and STRIPE_SECRET_KEY to the test workers (spawned after
 * this runs, they inherit process.env). The in-process backend's class code charges through it, and
 * the tests' fake Stripe.js (test/fake-stripe.ts) confirms SetupIntents against it. When Python is
 * missing this throws the install instructions and the run fails: nothing is skipped.
 */
import path from 'node:path'
import { Writable } from 'node:stream'
import { findFreePort } from '../scripts/lib/ports'
import { LOCAL_STRIPE_SECRET_KEY, startLocalstripe, type RunningLocalstripe } from '../scripts/lib/localstripe'
import { localstripeCeiling, shopDefaults } from '../scripts/lib/shop-env'

declare global {
  // The teardown runs in this same process and needs the handle to stop it.
  var __appLocalstripe__: RunningLocalstripe | undefined
  // The backend project's, when its global setup ran first (rio-local/test/global-setup.ts).
  var __localstripe__: RunningLocalstripe | undefined
}

/** localstripe's lines only with RIO_TEST_VERBOSE (they would drown the report). */
const quiet = new Writable({ write: (_chunk, _encoding, done) => done() })

export default async function globalSetup(): Promise<void> {
  // The shop's local project settings (the in-process runtime defaults none of them).
  Object.assign(process.env, shopDefaults(process.env))
  // A run of both projects (`npm test`): the backend project's localstripe serves this one too.
  let stripe = globalThis.__localstripe__
  if (!stripe) {
    stripe = await startLocalstripe({
      root: path.resolve(__dirname, '..'),
      port: await findFreePort(),
      output: process.env.RIO_TEST_VERBOSE ? process.stderr : quiet,
    })
    globalThis.__appLocalstripe__ = stripe
  }
  process.env.STRIPE_API_URL = stripe.url
  process.env.STRIPE_SECRET_KEY = LOCAL_STRIPE_SECRET_KEY
  // localstripe has no rate limit: the classes' ceiling toward Stripe would only make tests wait.
  Object.assign(process.env, localstripeCeiling(process.env))
}
