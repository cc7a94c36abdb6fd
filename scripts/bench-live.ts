/**
 * `npm run bench:live`: does a live update reach a customer who has just signed in? Each run starts
 * a FRESH stack on free ports (a new Cloud Firestore emulator process and a new runtime process on
 * a new SQLite folder), then does what the app does, through the app's own request layer
 * (lib/rio/account-api.ts) on the real @retter/sdk 0.4.0 in Node: OTP sign-in, open the customer's
 * objects and watch their live state, then choose a plan. It measures the time from the choice to
 * the customer's merged live state showing the new plan, and prints how many of the runs got it
 * (within BENCH_LIVE_TIMEOUT_MS, 10 s), the latency median/p95/max and how long the runs took.
 *
 * The choice comes a random moment after subscribing (uniform in [0, BENCH_LIVE_JITTER_MS), 800 ms
 * by default, seeded: BENCH_LIVE_SEED), so the runs sample the whole time a fresh emulator takes
 * to set up a listener, as customers clicking at any moment would. BENCH_LIVE_RUNS (50) sets the
 * number of runs. Not part of `npm test`: about 4 s per run on two cores.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AccountView } from '../lib/contract'
import { openChallenge, sendCode, verifyCode } from '../lib/rio/sign-in-api'
import { openCustomerObjects } from '../lib/customer/account-api'
import type { RioAccessor } from '../lib/rio/client'
import { TEST_ADDRESS } from '../rio-local/test/address'
import { confirmSetup, TEST_CARDS } from '../rio-local/test/payments'
import { findFirestoreEmulator, startFirestoreEmulator } from './lib/firestore-emulator'
import { findFreePort } from './lib/ports'
import { say, warn } from './lib/log'
import { createNodeSdk } from './lib/node-sdk'
import { waitForCode } from './lib/outbox'
import { startRuntimeChild, stopRuntimeChild, waitForHealth } from './lib/runtime-child'
import { seededRandom } from './lib/seeded-random'
import { stripeForRun } from './lib/run-stripe'
import { percentile } from './lib/stats'

const PROJECT = 'bench-live'
const FIREBASE = { apiKey: 'bench-live-key', projectId: 'demo-bench-live' }
const PLAN = 'roasters-club'

function positive(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`)
  return value
}


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface RunResult {
  /** ms from choosing the plan until the live state showed it; null when it never did in time. */
  latencyMs: number | null
  delayMs: number
  runMs: number
}

async function oneRun(index: number, delayMs: number, timeoutMs: number): Promise<RunResult> {
  const started = Date.now()
  const emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: FIREBASE.projectId })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-live-'))
  const port = await findFreePort()
  const origin = `http://127.0.0.1:${port}`
  const runtime = startRuntimeChild({
    ...process.env,
    RIO_LOCAL_PORT: String(port),
    RIO_LOCAL_PROJECT_ID: PROJECT,
    RIO_LOCAL_DATA_DIR: dataDir,
    RIO_LOCAL_STORAGE: 'sqlite',
    RIO_LOCAL_DEV: '1',
    RIO_LOCAL_LIVE_STATE: '1',
    FIRESTORE_EMULATOR_HOST: emulator.hostPort,
    RIO_FIREBASE_API_KEY: FIREBASE.apiKey,
    RIO_FIREBASE_PROJECT_ID: FIREBASE.projectId,
    RIO_LOG_LEVEL: 'error',
  }, (text) => warn(`[runtime] ${text.trimEnd()}`))
  const sdk = createNodeSdk({ projectId: PROJECT, backendHost: `127.0.0.1:${port}`, firestoreHost: emulator.hostPort, firebase: FIREBASE })
  const rio: RioAccessor = () => Promise.resolve(sdk.client)
  let stop: (() => void) | null = null
  try {
    await waitForHealth(origin)
    const email = `bench${index}@example.com`
    const challenge = await openChallenge(rio, email)
    await sendCode(challenge)
    await verifyCode(rio, challenge, (await waitForCode(origin, email, 0, { timeoutMs: 5_000, intervalMs: 100 })).code)

    const objects = await openCustomerObjects(rio, email)
    // A subscription starts only with a delivery address and a saved card; given before watching, so not timed.
    await objects.changeSubscription({ kind: 'address', address: TEST_ADDRESS })
    const setup = await objects.startPaymentSetup('card')
    await confirmSetup(setup.setupIntentId, { card: TEST_CARDS.visa })
    await objects.savePaymentMethod(setup.setupIntentId)
    const seen: Array<{ at: number; plan: string | null; live: boolean }> = []
    stop = objects.watch({
      account: { onState: (state: AccountView, live) => seen.push({ at: Date.now(), plan: state.plan, live }), onError: () => undefined },
      aws: { onState: () => undefined, onError: () => undefined },
    })
    await sleep(delayMs)
    const chosenAt = Date.now()
    await objects.choosePlan(PLAN)
    const deadline = Date.now() + timeoutMs
    let latencyMs: number | null = null
    while (latencyMs === null && Date.now() < deadline) {
      const hit = seen.find((s) => s.at >= chosenAt && s.live && s.plan === PLAN)
      if (hit) latencyMs = hit.at - chosenAt
      else await sleep(10)
    }
    return { latencyMs, delayMs, runMs: Date.now() - started }
  } finally {
    stop?.()
    await sdk.dispose()
    await stopRuntimeChild(runtime)
    await emulator.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const runs = positive('BENCH_LIVE_RUNS', 50)
  const jitter = positive('BENCH_LIVE_JITTER_MS', 800)
  const timeoutMs = positive('BENCH_LIVE_TIMEOUT_MS', 10_000)
  const seed = positive('BENCH_LIVE_SEED', 1)
  const found = findFirestoreEmulator()
  if (found instanceof Error) throw new Error(`npm run bench:live needs the Firestore emulator: ${found.message}`)
  const random = seededRandom(seed)
  say(`bench:live: ${runs} runs, each on a fresh emulator and runtime; plan chosen 0-${jitter} ms after subscribing (seed ${seed})`)
  const started = Date.now()
  const results: RunResult[] = []
  // One Stripe for every run: each run's runtime inherits STRIPE_API_URL.
  const stripe = await stripeForRun()
  try {
    for (let i = 0; i < runs; i++) {
      const delayMs = Math.floor(random() * jitter)
      const result = await oneRun(i, delayMs, timeoutMs)
      results.push(result)
      say(`  run ${String(i + 1).padStart(2)}: ${result.latencyMs === null ? `NO UPDATE within ${timeoutMs} ms` : `${result.latencyMs} ms`} (chosen ${delayMs} ms after subscribing; run ${result.runMs} ms)`)
    }
  } finally {
    await stripe.stop()
  }
  const latencies = results.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs])).sort((a, b) => a - b)
  const runTimes = results.map((r) => r.runMs).sort((a, b) => a - b)
  say('')
  say(`updates arrived: ${latencies.length}/${runs}`)
  if (latencies.length > 0) say(`latency: median ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${latencies.at(-1)} ms`)
  say(`time: ${Math.round((Date.now() - started) / 1000)} s in all; per run median ${percentile(runTimes, 50)} ms, max ${runTimes.at(-1)} ms`)
  process.exitCode = latencies.length === runs ? 0 : 1
}

main().then(
  () => process.exit(),
  (error: unknown) => {
    warn(`npm run bench:live: ${error instanceof Error ? error.stack : String(error)}`)
    process.exit(1)
  },
)
