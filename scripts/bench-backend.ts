/**
 * `npm run bench:backend`: load on the local backend, in this process, on an ephemeral loopback
 * port, with SQLite in a temp folder and no Firestore mirror. autocannon fires from a worker
 * thread so the generator does not share the server's event loop.
 *
 * Scenarios (5 s each by default; BENCH_SECONDS, BENCH_CONNECTIONS override):
 *   READ   STATE of the customer's Account
 *   WRITE  Account.selectPlan on that one instance (per-instance lock: 570s are counted)
 *   STATIC Account.getSubscriptionPlans
 *   SIGNIN full OTP sign-ins (anonymous token, INSTANCE by key, sendOtp, outbox, verifyOtp,
 *          authWithCustomToken, setDeliveryAddress), each a fresh e-mail, N in parallel, with the
 *          per-address code limits lifted (every sign-in comes from this one loopback address)
 * Prints requests/s, p50/p99 latency and peak RSS.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { silentLogger } from '../rio-local/logger'
import { TEST_ADDRESS } from '../rio-local/test/address'
import { savePaymentMethod } from '../rio-local/test/payments'
import { startServer } from '../rio-local/runtime/http/server'
import { stripeForRun } from './lib/run-stripe'
import { createOneSourceBackend } from './lib/one-source'
import { percentile } from './lib/stats'

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  non2xx: number
  errors: number
  timeouts: number
  statusCodeStats?: Record<string, { count: number }>
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>
// autocannon ships no types; this is the slice of its API used here.
const autocannon = createRequire(__filename)('autocannon') as Autocannon

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const P = 'bench'

let peakRss = 0
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 50)

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const out = (line: string) => process.stdout.write(line + '\n')

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as T
}

/** Requests one `signIn` makes. */
const SIGN_IN_REQUESTS = 7

/** One full OTP sign-in over HTTP, as the app does it, then the delivery address a subscription needs. */
async function signIn(origin: string, email: string): Promise<{ token: string; accountId: string }> {
  const anon = await json<{ response: { accessToken: string } }>(await fetch(`${origin}/root/INSTANCE/ProjectUser?projectId=${P}`))
  const t = anon.response.accessToken
  const inst = await json<{ instanceId: string }>(await fetch(`${origin}/${P}/INSTANCE/Account?_token=${t}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) }))
  await json(await fetch(`${origin}/${P}/CALL/Account/sendOtp/${inst.instanceId}?_token=${t}`, { method: 'POST' }))
  const [message] = await json<Array<{ code: string }>>(await fetch(`${origin}/__dev/outbox?to=${encodeURIComponent(email)}&limit=1`, { headers: { 'x-rio-dev': '1' } }))
  const verified = await json<{ success: boolean; data: { customToken: string } }>(
    await fetch(`${origin}/${P}/CALL/Account/verifyOtp/${inst.instanceId}?_token=${t}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: message?.code }),
    }),
  )
  if (!verified.success) throw new Error(`verifyOtp failed for ${email}`)
  const ct = verified.data.customToken
  const userId = (JSON.parse(Buffer.from(ct.split('.')[1] ?? '', 'base64url').toString()) as { userId: string }).userId
  const session = await json<{ accessToken: string }>(await fetch(`${origin}/root/CALL/ProjectUser/authWithCustomToken/${P}_${userId}?customToken=${ct}`))
  // A subscription starts only with a delivery address.
  await json(await fetch(`${origin}/${P}/CALL/Account/setDeliveryAddress/${inst.instanceId}?_token=${session.accessToken}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADDRESS),
  }))
  return { token: session.accessToken, accountId: inst.instanceId }
}

async function benchSignIns(origin: string): Promise<string> {
  const latencies: number[] = []
  let n = 0
  const deadline = Date.now() + SECONDS * 1000
  const lane = async (laneId: number) => {
    while (Date.now() < deadline) {
      const started = performance.now()
      await signIn(origin, `bench.${laneId}.${n++}@example.com`)
      latencies.push(performance.now() - started)
    }
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => lane(i)))
  const elapsed = (Date.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return row(`SIGNIN (${SIGN_IN_REQUESTS} requests each)`, latencies.length / elapsed, percentile(latencies, 50), percentile(latencies, 99), `${latencies.length} sign-ins, ${latencies.length * SIGN_IN_REQUESTS} requests`)
}

function row(name: string, rps: number, p50: number, p99: number, note: string): string {
  return `${name.padEnd(26)} ${rps.toFixed(0).padStart(8)}/s   p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   ${note}`
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-backend-'))
  // The WRITE scenario's owner starts a subscription, which needs a saved card.
  const stripe = await stripeForRun()
  const backend = await createOneSourceBackend(P, dir)
  const server = await startServer(backend, { port: 0, host: '127.0.0.1', logger: silentLogger })
  const origin = server.origin
  try {
    out(`Backend ${origin} (SQLite in ${dir}, no mirror); ${SECONDS} s per scenario, ${CONNECTIONS} connections; Node ${process.version}`)
    const { token, accountId } = await signIn(origin, 'bench.owner@example.com')
    await savePaymentMethod(async (name, body) => {
      const res = await fetch(`${origin}/${P}/CALL/Account/${name}/${accountId}?_token=${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })
      return { status: res.status, body: await res.json() }
    })
    const base = { duration: SECONDS, connections: CONNECTIONS, workers: 1 }
    const scenarios: Array<[string, Record<string, unknown>]> = [
      ['READ   STATE Account', { method: 'POST', url: `${origin}/${P}/STATE/Account/${accountId}?_token=${token}` }],
      [
        'WRITE  selectPlan',
        {
          method: 'POST',
          url: `${origin}/${P}/CALL/Account/selectPlan/${accountId}?_token=${token}`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ planId: 'barista' }),
        },
      ],
      ['STATIC getSubscriptionPlans', { method: 'POST', url: `${origin}/${P}/CALL/Account/getSubscriptionPlans/static?_token=${token}` }],
    ]
    for (const [name, request] of scenarios) {
      const result = await autocannon({ ...base, ...request })
      const codes = Object.entries(result.statusCodeStats ?? {})
        .map(([code, s]) => `${code}:${s.count}`)
        .join(' ')
      out(row(name, result.requests.average, result.latency.p50, result.latency.p99, `${result.requests.total} requests [${codes}] errors ${result.errors + result.timeouts}`))
    }
    out(await benchSignIns(origin))
    out(`Peak RSS ${mb(Math.max(peakRss, process.resourceUsage().maxRSS * 1024))} (this process: backend + the autocannon worker); heap now ${mb(process.memoryUsage().heapUsed)}`)
  } finally {
    clearInterval(sampler)
    await server.close()
    await backend.close()
    await stripe.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`)
  process.exit(1)
})
