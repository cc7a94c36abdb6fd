/**
 * `npm run bench:charges`: charging a thousand deliveries that fall final at the same moment, on the
 * local runtime (a child process of rio-local/main.ts on SQLite, dev mode) against a localstripe of
 * its own, everything on 127.0.0.1.
 *
 * 1. Starts localstripe on a free port, a counting proxy in front of it (the runtime's
 *    STRIPE_API_URL), and the runtime with the per-address sign-in limits lifted.
 * 2. Moves the test clock to 01:00 UTC (far from midnight), has an owner open the Shop (so every
 *    Account call reads the shop's catalogue, as in a running shop), then makes BENCH_CUSTOMERS (1,000)
 *    customers over HTTP as the app does: code sign-in, address, a card saved through a SetupIntent,
 *    a started subscription. All share their first delivery, so one final moment.
 * 3. `POST /__dev/clock` to a minute before that moment (reminders run), then measures localstripe's
 *    own ceiling: the requests a second it answers under a direct load of as many charges' requests,
 *    from as many clients as the runtime runs instances at once (lib/stripe-ceiling.ts), and takes
 *    that load's objects away again (localstripe's store mark): its cost per request grows with its
 *    store, so the charges meet the store the ceiling met.
 * 4. Timed, moves the clock past the moment: it answers once every charge due by then has run.
 * 5. Prints customers, the time to charge all, the Stripe requests per second during it beside
 *    localstripe's ceiling, payments paid and failed, and duplicates (deliveries with more than one
 *    PaymentIntent). Exits non-zero on any duplicate, any payment not settled, a charging rate under
 *    80 % of the ceiling, or when BENCH_TIMEOUT_MINUTES (30) pass.
 *
 * Not part of `npm test`. localstripe is single-threaded Python: the runtime's delayed calls run
 * RIO_LOCAL_TASK_CONCURRENCY (16) instances at once, so the charging rate can at best be
 * localstripe's, which is why its ceiling is measured in the same run. The classes' request ceiling toward Stripe
 * (STRIPE_MAX_REQUESTS_PER_SECOND, default 25: Stripe's test-mode limit) is lifted here unless set,
 * as localstripe has none.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import {
  advanceClock, inParallel, intentsByDelivery, listPaymentIntents, openShop, paymentsOf, pendingTasks, readClock, secondsToOneAm, subscribe,
  type PaymentView, type Subscriber, type Target,
} from './lib/charge-customers'
import { findFreePort } from './lib/ports'
import { LOCAL_STRIPE_SECRET_KEY, markStore, rollBackToMark, startLocalstripe, type RunningLocalstripe } from './lib/localstripe'
import { say, warn } from './lib/log'
import { LOCALSTRIPE_REQUESTS_PER_SECOND } from './lib/shop-env'
import { ONE_SOURCE_LIMITS } from './lib/one-source'
import type { RunningChild } from './lib/processes'
import { errorLinesTo, startRuntimeChild, stopRuntimeChild, waitForHealth } from './lib/runtime-child'
import { measureCeiling } from './lib/stripe-ceiling'
import { startStripeProxy, type StripeProxy } from './lib/stripe-proxy'

const P = 'bench-charges'
/** The owner who opens the Shop (the runtime's STAFF_EMAILS). */
const OWNER = 'owner@bench.example'
const root = path.resolve(__dirname, '..')

/** A whole number from env `name` within [min, max], else the default; anything else stops the run. */
function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    warn(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
    process.exit(2)
  }
  return value
}

const COUNT = intFromEnv('BENCH_CUSTOMERS', 1000, 1, 10_000)
const TIMEOUT_MINUTES = intFromEnv('BENCH_TIMEOUT_MINUTES', 30, 1, 240)
/** Customers set up at once (each sign-in and card is a handful of requests to the runtime and localstripe). */
const SETUP_CONCURRENCY = 8
/** Instances whose delayed calls the runtime runs at once (its own default unless set), and the clients of the ceiling's load. */
const TASK_CONCURRENCY = intFromEnv('RIO_LOCAL_TASK_CONCURRENCY', 16, 1, 256)
/** localstripe has no rate limit: the classes' ceiling toward Stripe is lifted unless set. */
const STRIPE_RATE = process.env.STRIPE_MAX_REQUESTS_PER_SECOND?.trim() || LOCALSTRIPE_REQUESTS_PER_SECOND
/** The charging rate must reach this share of localstripe's ceiling. */
const MIN_SHARE_OF_CEILING = 0.8

// Interrupted, failing or timed out, the run leaves no runtime behind (startRuntimeChild kills it
// when this process exits; localstripe dies with its stop or its group).
let runtime: RunningChild | null = null
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

async function main(): Promise<number> {
  const deadline = setTimeout(() => {
    warn(`bench:charges did not finish within ${TIMEOUT_MINUTES} minutes (BENCH_TIMEOUT_MINUTES); stopping.`)
    process.exit(1)
  }, TIMEOUT_MINUTES * 60_000)
  deadline.unref()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-charges-'))
  let stripe: RunningLocalstripe | undefined
  let proxy: StripeProxy | undefined
  try {
    // localstripe's own lines would drown the report; its failure to start throws anyway.
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() })
    stripe = await startLocalstripe({ root, port: await findFreePort(), output: quiet })
    proxy = await startStripeProxy(stripe.url)
    const port = await findFreePort()
    runtime = startRuntimeChild(
      {
        ...process.env,
        ...ONE_SOURCE_LIMITS,
        RIO_LOCAL_PORT: String(port),
        RIO_LOCAL_PROJECT_ID: P,
        RIO_LOCAL_DATA_DIR: dataDir,
        RIO_LOCAL_STORAGE: 'sqlite',
        RIO_LOCAL_DEV: '1',
        RIO_LOCAL_LIVE_STATE: '0',
        RIO_LOG_LEVEL: 'warn',
        // The customers' sessions outlive a slow set-up.
        RIO_ACCESS_TOKEN_TTL_SECONDS: '86400',
        RIO_REFRESH_TOKEN_TTL_SECONDS: '172800',
        STRIPE_API_URL: proxy.url,
        STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
        STRIPE_MAX_REQUESTS_PER_SECOND: STRIPE_RATE,
        RIO_LOCAL_TASK_CONCURRENCY: String(TASK_CONCURRENCY),
        STAFF_EMAILS: OWNER,
      },
      errorLinesTo(warn, 300),
    )
    const target: Target = { origin: `http://127.0.0.1:${port}`, projectId: P, stripeUrl: stripe.url, stripeKey: LOCAL_STRIPE_SECRET_KEY }
    await waitForHealth(target.origin, 60_000)
    say(`localstripe on ${stripe.url}, the runtime on ${target.origin} (SQLite in ${dataDir}); Node ${process.version}`)

    await advanceClock(target, secondsToOneAm((await readClock(target)).nowMs))
    await openShop(target, OWNER)
    const setupStarted = Date.now()
    const emails = Array.from({ length: COUNT }, (_, i) => `charge.${i}@bench.example`)
    const customers: Subscriber[] = await inParallel(emails, SETUP_CONCURRENCY, async (email, i) => {
      const who = await subscribe(target, email)
      if ((i + 1) % 100 === 0) say(`  ${i + 1} customers subscribed`)
      return who
    })
    const setupMs = Date.now() - setupStarted
    say(`Set up ${COUNT} customers (sign-in, address, card, subscription) in ${seconds(setupMs)}`)

    const charges = (await pendingTasks(target)).filter((t) => t.method === 'chargeDelivery')
    const dates = new Set(charges.map((t) => (t.payload as { date?: string } | undefined)?.date))
    if (charges.length !== COUNT || dates.size !== 1) {
      warn(`Expected ${COUNT} charges of one delivery date, found ${charges.length} over ${dates.size} dates`)
      return 1
    }
    const finalAt = Math.max(...charges.map((t) => Date.parse(t.dueAt)))
    const firstDue = Math.min(...charges.map((t) => Date.parse(t.dueAt)))
    // Up to a minute before the charges (what falls due before, e.g. reminders, runs now and is not timed).
    const before = await advanceClock(target, Math.floor((firstDue - (await readClock(target)).nowMs) / 1000) - 60)
    say(`Moved the test clock to a minute before the final moment (${before.ran} delayed calls ran on the way)`)
    // The ceiling's load leaves nothing behind: the charges meet the store it met.
    const storeObjects = await markStore(stripe.url)
    const ceiling = await measureCeiling(stripe.url, LOCAL_STRIPE_SECRET_KEY, { charges: customers.length, concurrency: TASK_CONCURRENCY })
    const removed = await rollBackToMark(stripe.url)
    say(`localstripe's ceiling: ${ceiling.perSecond.toFixed(1)} requests per second (${customers.length} charges' ${ceiling.requests} requests in ${ceiling.seconds.toFixed(1)} s of direct load from ${TASK_CONCURRENCY} clients, on its store of ${storeObjects} objects; the ${removed} it added then taken away)`)

    const requestsBefore = proxy.total()
    const chargeStarted = Date.now()
    const moved = await advanceClock(target, Math.ceil((finalAt - (await readClock(target)).nowMs) / 1000) + 60)
    const chargeMs = Date.now() - chargeStarted
    const stripeRequests = proxy.total() - requestsBefore
    const rate = stripeRequests / (chargeMs / 1000)
    const share = rate / ceiling.perSecond

    // Settled: each customer's one payment paid or failed (not charging).
    const payments: PaymentView[][] = await inParallel(customers, SETUP_CONCURRENCY, (who) => paymentsOf(target, who))
    const statuses = payments.map((ps) => (ps.length === 1 ? (ps[0] as PaymentView).status : `${ps.length} payments`))
    const paid = statuses.filter((s) => s === 'paid').length
    const failed = statuses.filter((s) => s === 'failed').length
    const unsettled = COUNT - paid - failed
    const byDelivery = intentsByDelivery(await listPaymentIntents(target), new Set(customers.map((c) => c.accountId)))
    const duplicates = [...byDelivery.values()].filter((intents) => intents.length > 1).length
    const succeeded = [...byDelivery.values()].filter((intents) => intents.some((i) => i.status === 'succeeded')).length
    const failures = moved.tasks.filter((t) => t.status < 200 || t.status >= 300).length

    say('')
    say('bench:charges results')
    say(`  customers:                  ${COUNT} (one delivery each, final at ${new Date(finalAt).toISOString()} on the test clock)`)
    say(`  time to charge all:         ${seconds(chargeMs)} (one POST /__dev/clock; ${moved.tasks.length} delayed calls ran, ${failures} failed)`)
    say(`  Stripe requests:            ${stripeRequests} (${rate.toFixed(1)} per second; ${TASK_CONCURRENCY} instances at once, classes' ceiling ${STRIPE_RATE}/s)`)
    say(`  localstripe's ceiling:      ${ceiling.perSecond.toFixed(1)} per second (direct load, this run)`)
    say(`  charging rate / ceiling:    ${(share * 100).toFixed(0)} % (must be at least ${MIN_SHARE_OF_CEILING * 100} %)`)
    for (const [route, count] of [...proxy.counts()].sort((a, b) => b[1] - a[1])) say(`    ${route.padEnd(44)} ${count} (whole run)`)
    say(`  payments paid:              ${paid}`)
    say(`  payments failed:            ${failed}`)
    say(`  payments not settled:       ${unsettled}`)
    say(`  deliveries with a succeeded PaymentIntent: ${succeeded}`)
    say(`  duplicates:                 ${duplicates} (deliveries with more than one PaymentIntent; must be 0)`)
    return duplicates === 0 && unsettled === 0 && byDelivery.size === COUNT && share >= MIN_SHARE_OF_CEILING ? 0 : 1
  } finally {
    clearTimeout(deadline)
    const child = runtime
    runtime = null
    if (child) await stopRuntimeChild(child)
    await proxy?.close()
    await stripe?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    warn(`bench:charges failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(1)
  },
)
