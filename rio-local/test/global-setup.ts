/**
 * Jest globalSetup of the `backend` project: starts ONE real Cloud Firestore emulator and ONE
 * localstripe on free loopback ports for the whole run and exports FIRESTORE_EMULATOR_HOST,
 * STRIPE_API_URL and STRIPE_SECRET_KEY to the test workers (they are spawned after this runs and
 * inherit process.env), with the shop's local project settings (scripts/lib/shop-env.ts: the
 * runtime itself defaults none of them). When Java, the emulator or Python is missing this throws the install
 * instructions and the run fails: these tests are never skipped.
 */
import path from 'node:path'
import { Writable } from 'node:stream'
import { startFirestoreEmulator, type RunningFirestoreEmulator } from '../../scripts/lib/firestore-emulator'
import { findFreePort } from '../../scripts/lib/ports'
import { LOCAL_STRIPE_SECRET_KEY, startLocalstripe, type RunningLocalstripe } from '../../scripts/lib/localstripe'
import { localstripeCeiling, shopDefaults } from '../../scripts/lib/shop-env'

declare global {
  // The teardown runs in this same process and needs the handle to stop it.
  var __firestoreEmulator__: RunningFirestoreEmulator | undefined
  var __localstripe__: RunningLocalstripe | undefined
}

/** localstripe's lines only with RIO_TEST_VERBOSE (they would drown the report). */
const quiet = new Writable({ write: (_chunk, _encoding, done) => done() })

export default async function globalSetup(): Promise<void> {
  Object.assign(process.env, shopDefaults(process.env))
  const emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: 'demo-coffee-test' })
  globalThis.__firestoreEmulator__ = emulator
  process.env.FIRESTORE_EMULATOR_HOST = emulator.hostPort
  if (process.env.RIO_TEST_VERBOSE) process.stderr.write(`Firestore emulator on ${emulator.hostPort} (${emulator.startupMs} ms)\n`)
  const stripe = await startLocalstripe({
    root: path.resolve(__dirname, '..', '..'),
    port: await findFreePort(),
    output: process.env.RIO_TEST_VERBOSE ? process.stderr : quiet,
  })
  globalThis.__localstripe__ = stripe
  process.env.STRIPE_API_URL = stripe.url
  process.env.STRIPE_SECRET_KEY = LOCAL_STRIPE_SECRET_KEY
  // localstripe has no rate limit: the classes' ceiling toward Stripe would only make tests wait.
  Object.assign(process.env, localstripeCeiling(process.env))
}
