/**
 * `npm run bench:roastery`: the roastery's boards at scale, on the local runtime (a child process
 * on SQLite, as `npm run backend` runs it) with the real Firestore emulator.
 *
 * 1. Seeds BENCH_SUBSCRIPTIONS (10,000) active subscriptions into the runtime's storage, spread over
 *    the four plans (weekly, fortnightly, four-weekly), their grinds and roasts, and start days over
 *    four weeks (so every weekday and phase), built by the Account class's own modules.
 * 2. Puts them on the boards through the classes' own path: each Account's `syncRoastery` (the
 *    platform task that also runs when board updates failed) calls the Roastery of each delivery day.
 *    This runs without live state: the emulator keeps every version of every document in memory, and
 *    filling rewrites each busy day's board about a thousand times in a few minutes.
 * 3. Restarts the runtime with live state; staff open every day (as the page does), which writes its
 *    documents (a day laid out over shards: its shards' too); prints the largest board document as
 *    Firestore counts it, the largest live document of any day or shard (and what the same day would
 *    take with the longest names and addresses the class accepts).
 * 4. Staff's view: a Firebase client signed in as staff listens to the next seven days' boards in the
 *    emulator while BENCH_CHANGES (200) customer changes (address, preferences, skip, unskip) are
 *    made over HTTP, one at a time; prints the time from sending each change to the board snapshot
 *    showing it (median, p95), and the runtime's memory (resident and peak, from /proc).
 *
 * Sessions are minted with the runtime's JWT secret (sign-in is not what is measured here;
 * `npm run bench:backend` measures it). Not part of `npm test`.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { signInWithCustomToken } from 'firebase/auth'
import { doc, onSnapshot } from 'firebase/firestore'
import type { Board, BoardDelivery } from '@retter-shared/BeanBloomBoard'
import { findPlan } from '@retter-shared/BeanBloomSubscription/catalogue'
import { DAY_MS, LEAD_DAYS, startOfUtcDay } from '@retter-shared/BeanBloomSubscription/schedule'
import { signJwt } from '../rio-local/auth/jwt'
import { instanceDocumentPaths } from '../rio-local/firestore/mirror'
import { readDocument } from '../rio-local/firestore/rest'
import { FIRESTORE_DOCUMENT_LIMIT_BYTES, firestoreDocumentBytes } from '../rio-local/firestore/size'
import { firebaseClient } from '../rio-local/firestore/test-support'
import { LOCAL_CUSTOMER_ID_SECRET } from './lib/shop-env'
import { createSqliteStorage } from '../rio-local/storage/sqlite'
import { startFirestoreEmulator } from './lib/firestore-emulator'
import { findFreePort } from './lib/ports'
import { say, warn } from './lib/log'
import { seedSubscriptions, type SeededCustomer } from './lib/roastery-seed'
import type { RunningChild } from './lib/processes'
import { errorLinesTo, startRuntimeChild, stopRuntimeChild, waitForHealth } from './lib/runtime-child'
import { stripeForRun } from './lib/run-stripe'
import { percentile } from './lib/stats'

const P = 'bench-roastery'
const FIREBASE_PROJECT = 'demo-bench-roastery'
const API_KEY = 'bench-key'
const STAFF = 'staff@bench.example'
const COUNT = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000)
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200)
/** Accounts synced at once while the boards fill. */
const SYNC_CONCURRENCY = 6
/** How long one change may take to show before the run calls it lost. */
const SHOW_TIMEOUT_MS = 15_000
/** The longest values the Account class accepts (address.ts ADDRESS_LIMITS), for the worst case. */
const LONGEST = { name: 100, line1: 100, line2: 100, city: 60, postalCode: 12 }

const secret = randomBytes(32).toString('base64url')
let origin = ''
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const day = (ms: number) => new Date(startOfUtcDay(ms)).toISOString().slice(0, 10)

/** An access token of the runtime, as its own sign-in would issue it. */
async function accessToken(userId: string, identity: string, claims: Record<string, unknown>): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return signJwt({ projectId: P, userId, identity, anonymous: false, claims, kind: 'access', sid: randomBytes(8).toString('hex'), jti: randomBytes(8).toString('hex'), iat, exp: iat + 6 * 3600 }, secret)
}

async function post<T>(url: string, token: string, body?: unknown): Promise<{ status: number; body: T }> {
  for (;;) {
    const res = await fetch(`${origin}/${P}/${url}?_token=${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })
    const text = await res.text()
    // As the SDK does: a busy instance (570) is tried again.
    if (res.status === 570) {
      await sleep(50)
      continue
    }
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T }
  }
}

/** Resident and peak resident memory of a process (Linux /proc), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
  } catch {
    return null
  }
}

async function inBatches<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++] as T)
  }))
}

/** The same board with every name and address at the longest the class accepts. */
function atLongest(board: Board): Board {
  const long = (n: number) => 'x'.repeat(n)
  return {
    ...board,
    deliveries: board.deliveries.map((d) => ({
      ...d,
      name: long(LONGEST.name),
      address: { line1: long(LONGEST.line1), line2: long(LONGEST.line2), city: long(LONGEST.city), postalCode: long(LONGEST.postalCode), country: d.address.country },
    })),
  }
}

// Interrupted or failing, the run leaves no runtime behind (startRuntimeChild kills it when this
// process exits; the emulator has its own watchdog).
let runtime: RunningChild | null = null
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

async function stopRuntime(): Promise<void> {
  const child = runtime
  runtime = null
  if (child) await stopRuntimeChild(child)
}

async function main(): Promise<void> {
  const started = Date.now()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-roastery-'))
  const port = await findFreePort()
  origin = `http://127.0.0.1:${port}`
  let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>> | null = null
  // The runtime needs a Stripe to start (changes may reach a charge); nothing here is charged.
  const stripe = await stripeForRun()
  const runtimeEnv = (live: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
    ...process.env,
    RIO_LOCAL_PORT: String(port),
    RIO_LOCAL_PROJECT_ID: P,
    RIO_LOCAL_DATA_DIR: dataDir,
    RIO_LOCAL_STORAGE: 'sqlite',
    RIO_LOCAL_DEV: '0',
    RIO_JWT_SECRET: secret,
    RIO_FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
    RIO_FIREBASE_API_KEY: API_KEY,
    RIO_LOG_LEVEL: 'warn',
    STAFF_EMAILS: STAFF,
    ...live,
  })
  try {
    process.env.CUSTOMER_ID_SECRET = process.env.CUSTOMER_ID_SECRET || LOCAL_CUSTOMER_ID_SECRET
    const storage = createSqliteStorage(dataDir)
    const seedStarted = Date.now()
    const customers = seedSubscriptions(storage, { projectId: P, count: COUNT, nowMs: Date.now() })
    storage.close()
    say(`Seeded ${customers.length} active subscriptions in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s (SQLite in ${dataDir}); Node ${process.version}`)

    // 2. Every Account puts its deliveries on the boards. Without live state: the emulator keeps
    // every version of every document in memory, and the fill rewrites each day's board a thousand
    // times; what staff see is measured below, on a runtime that mirrors.
    runtime = startRuntimeChild(runtimeEnv({ RIO_LOCAL_LIVE_STATE: '0' }), errorLinesTo(warn, 300))
    await waitForHealth(origin)
    const fillPid = runtime.process.pid as number
    const platform = await accessToken('', 'developer', {})
    const syncStarted = Date.now()
    let failedDays = 0
    let retried = 0
    let synced = 0
    const progress = setInterval(() => say(`  … ${synced} of ${customers.length} Accounts on the boards after ${((Date.now() - syncStarted) / 1000).toFixed(0)} s`), 30_000)
    try {
      await inBatches(customers, SYNC_CONCURRENCY, async (customer) => {
        for (let attempt = 0; ; attempt++) {
          const res = await post<{ failed?: string[] }>(`CALL/Account/syncRoastery/${customer.accountId}`, platform)
          // The task is idempotent: a timed-out or failed run is simply run again, as the platform would.
          const failed = res.status === 200 ? res.body.failed ?? [] : [`HTTP ${res.status}`]
          if (failed.length === 0) break
          failedDays += failed.length
          if (attempt >= 5) throw new Error(`${customer.accountId}: boards ${failed.join(', ')} still failing`)
          retried++
          await sleep(200)
        }
        synced++
      })
    } finally {
      clearInterval(progress)
    }
    const syncMs = Date.now() - syncStarted
    const deliveries = customers.reduce((n, c) => n + c.deliveryDays.filter((d) => d >= day(Date.now() + LEAD_DAYS * DAY_MS)).length, 0)
    const fillMemory = memoryOf(fillPid)
    say(`Boards filled in ${(syncMs / 1000).toFixed(1)} s: ${deliveries} deliveries from ${customers.length} Accounts (${(deliveries / (syncMs / 1000)).toFixed(0)} board updates/s; ${failedDays} day updates not done at first, retried by ${retried} task reruns)`)
    if (fillMemory) say(`  runtime memory while filling: ${fillMemory.rss.toFixed(0)} MB resident at the end, ${fillMemory.peak.toFixed(0)} MB at peak`)
    await stopRuntime()

    // 3. The same data on a runtime with live state; staff open every day (as the page does), which
    // writes its documents, and the boards are read back from the emulator as Firestore stores them.
    emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: FIREBASE_PROJECT, log: () => undefined })
    runtime = startRuntimeChild(runtimeEnv({ RIO_LOCAL_LIVE_STATE: '1', FIRESTORE_EMULATOR_HOST: emulator.hostPort }), errorLinesTo(warn, 300))
    await waitForHealth(origin)
    const pid = runtime.process.pid as number
    say(`Runtime pid ${pid} on ${origin}, with the Firestore emulator on ${emulator.hostPort}`)
    const staffUser = 'usr_bench_staff'
    const staffToken = await accessToken(staffUser, 'staff', { email: STAFF })
    const days = [...new Set(customers.flatMap((c) => c.deliveryDays))].sort()
    let largest = { date: '', bytes: 0, deliveries: 0, board: null as Board | null }
    const withDocument = new Set<string>()
    const sharded = new Set<string>()
    let largestDocument = 0
    for (const date of days) {
      const state = await post<{ role?: { staff?: Board } }>(`STATE/Roastery/${date}`, staffToken)
      if (state.status === 404) continue
      const opened = await post(`INSTANCE/Roastery/${date}`, staffToken)
      if (opened.status !== 200) throw new Error(`staff could not open ${date}: ${opened.status}`)
      const expected = state.body.role?.staff
      const docPath = instanceDocumentPaths(P, 'Roastery', date).roleState('staff')
      let stored: Record<string, unknown> | null = null
      for (let i = 0; i < 100; i++) {
        stored = await readDocument(emulator.hostPort, FIREBASE_PROJECT, docPath, 30_000)
        if (stored && expected && stored.updatedAt === expected.updatedAt) break
        await sleep(100)
      }
      if (!stored) throw new Error(`the board of ${date} never reached the emulator`)
      withDocument.add(date)
      const board = stored as unknown as Board & { shards?: Array<{ id: string }> }
      // A day laid out over shards: its largest live document is what must stay below 1 MiB.
      for (const shard of board.shards ?? []) {
        const shardPath = instanceDocumentPaths(P, 'Roastery', shard.id).roleState('staff')
        const part = await readDocument(emulator.hostPort, FIREBASE_PROJECT, shardPath, 30_000)
        if (!part) throw new Error(`shard ${shard.id} never reached the emulator`)
        sharded.add(date)
        const partBytes = firestoreDocumentBytes(shardPath, part)
        if (partBytes > largestDocument) largestDocument = partBytes
      }
      const bytes = firestoreDocumentBytes(docPath, stored)
      if (bytes > largestDocument) largestDocument = bytes
      if (bytes > largest.bytes) largest = { date, bytes, deliveries: board.deliveries.length, board }
    }
    const worst = largest.board ? firestoreDocumentBytes(instanceDocumentPaths(P, 'Roastery', largest.date).roleState('staff'), atLongest(largest.board) as unknown as Record<string, unknown>) : 0
    const perDelivery = largest.deliveries ? largest.bytes / largest.deliveries : 0
    const perLongest = largest.deliveries ? worst / largest.deliveries : 0
    say(`Largest board: ${largest.date}, ${largest.deliveries} deliveries, ${largest.bytes.toLocaleString('en')} bytes (${((largest.bytes / FIRESTORE_DOCUMENT_LIMIT_BYTES) * 100).toFixed(1)}% of Firestore's 1 MiB; ${withDocument.size} day documents)`)
    say(`  with the longest names and addresses the class accepts: ${worst.toLocaleString('en')} bytes; one document fits about ${Math.floor(FIRESTORE_DOCUMENT_LIMIT_BYTES / perDelivery)} deliveries of this mix, ${Math.floor(FIRESTORE_DOCUMENT_LIMIT_BYTES / perLongest)} at the longest (a day beyond its shard budget is laid out over shards)`)
    say(`Largest live document (a day's or a shard's): ${largestDocument.toLocaleString('en')} bytes (${((largestDocument / FIRESTORE_DOCUMENT_LIMIT_BYTES) * 100).toFixed(1)}% of 1 MiB); ${sharded.size} days laid out over shards`)
    const afterFill = memoryOf(pid)

    // 4. Staff's view while customers change things.
    const custom = await fetch(`${origin}/root/CALL/ProjectUser/authWithCustomToken/${P}_${staffUser}?customToken=${await signJwt({
      projectId: P, userId: staffUser, identity: 'staff', anonymous: false, claims: { email: STAFF }, kind: 'custom', jti: randomBytes(8).toString('hex'),
      iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60,
    }, secret)}`)
    const tokenData = (await custom.json()) as { firebase: { customToken: string } }
    const client = firebaseClient({ authOrigin: origin, firestoreHost: emulator.hostPort, projectId: FIREBASE_PROJECT, apiKey: API_KEY })
    await signInWithCustomToken(client.auth, tokenData.firebase.customToken)
    const week = Array.from({ length: 7 }, (_, i) => day(Date.now() + i * DAY_MS))
    const latest = new Map<string, Board>()
    const waiters: Array<{ date: string; test: (board: Board) => boolean; done: (at: number) => void }> = []
    const stops = week.map((date) => onSnapshot(doc(client.db, instanceDocumentPaths(P, 'Roastery', date).roleState('staff')), (snap) => {
      const at = performance.now()
      const board = snap.data() as Board | undefined
      if (!board) return
      latest.set(date, board)
      for (const waiter of [...waiters]) {
        if (waiter.date === date && waiter.test(board)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.done(at)
        }
      }
    }, (error) => warn(`staff listener of ${date}: ${error.message}`)))
    const listening = Date.now()
    while (week.some((date) => !latest.has(date) && withDocument.has(date))) {
      if (Date.now() - listening > SHOW_TIMEOUT_MS) throw new Error('the staff listeners got no first snapshot of the week’s boards')
      await sleep(50)
    }

    const changeable = day(Date.now() + LEAD_DAYS * DAY_MS)
    const eligible = customers
      .map((c) => ({ customer: c, date: c.deliveryDays.find((d) => d >= changeable && d <= (week[6] as string)) }))
      .filter((e): e is { customer: SeededCustomer; date: string } => e.date !== undefined)
    const latencies: number[] = []
    const answers: number[] = []
    let lost = 0
    for (let i = 0; i < CHANGES; i++) {
      const kind = (['address', 'preferences', 'skip', 'unskip'] as const)[i % 4]
      // skip and the unskip after it are the same customer's same delivery.
      const { customer, date } = eligible[(kind === 'unskip' ? i - 1 : i) * 7 % eligible.length] as { customer: SeededCustomer; date: string }
      const token = await accessToken(customer.userId, 'enduser', { email: customer.email })
      const id = `${customer.accountId}:${date}`
      const entry = (board: Board) => board.deliveries.find((d: BoardDelivery) => d.deliveryId === id)
      let call: () => Promise<{ status: number }>
      let shows: (board: Board) => boolean
      if (kind === 'address') {
        const marker = `Bench change ${i}`
        const current = entry(latest.get(date) as Board)
        call = () => post(`CALL/Account/setDeliveryAddress/${customer.accountId}`, token, { name: current?.name ?? 'Bench', line1: current?.address.line1 ?? 'Main Street 1', line2: marker, city: 'Berlin', postalCode: '10119', country: 'DE' })
        shows = (board) => entry(board)?.address.line2 === marker
      } else if (kind === 'preferences') {
        const plan = findPlan(customer.plan)
        const now = entry(latest.get(date) as Board)
        const grind = plan?.grinds.find((g) => g !== now?.grind) ?? 'wholeBean'
        const roast = now?.roast ?? 'roastersChoice'
        call = () => post(`CALL/Account/setPreferences/${customer.accountId}`, token, { grind, roast })
        shows = (board) => entry(board)?.grind === grind
      } else if (kind === 'skip') {
        call = () => post(`CALL/Account/skipDelivery/${customer.accountId}`, token, { date })
        shows = (board) => entry(board) === undefined
      } else {
        call = () => post(`CALL/Account/unskipDelivery/${customer.accountId}`, token, { date })
        shows = (board) => entry(board) !== undefined
      }
      const t0 = performance.now()
      const shown = new Promise<number>((resolve) => {
        waiters.push({ date, test: shows, done: resolve })
      })
      const res = await call()
      const answered = performance.now()
      if (res.status !== 200) throw new Error(`change ${i} (${kind}) answered ${res.status}: ${JSON.stringify((res as { body?: unknown }).body)}`)
      answers.push(answered - t0)
      const at = await Promise.race([shown, sleep(SHOW_TIMEOUT_MS).then(() => -1)])
      if (at < 0) {
        lost++
        waiters.splice(waiters.findIndex((w) => w.date === date && w.test === shows), 1)
      } else {
        latencies.push(at - t0)
      }
    }
    stops.forEach((stop) => stop())
    await client.close()
    latencies.sort((a, b) => a - b)
    answers.sort((a, b) => a - b)
    say(`Change → staff board (${latencies.length} of ${CHANGES} changes shown${lost ? `, ${lost} not within ${SHOW_TIMEOUT_MS / 1000} s` : ''}): median ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${percentile(latencies, 100).toFixed(0)} ms`)
    say(`  the customer's answer: median ${percentile(answers, 50).toFixed(0)} ms, p95 ${percentile(answers, 95).toFixed(0)} ms`)
    const end = memoryOf(pid)
    if (afterFill && end) say(`Runtime memory with live state: ${afterFill.rss.toFixed(0)} MB resident with every day open, ${end.rss.toFixed(0)} MB after the changes, ${end.peak.toFixed(0)} MB at peak`)
    say(`Total ${((Date.now() - started) / 1000).toFixed(0)} s`)
    if (lost > 0 || largestDocument >= FIRESTORE_DOCUMENT_LIMIT_BYTES) process.exitCode = 1
  } finally {
    await stopRuntime()
    await emulator?.stop()
    await stripe.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`)
  process.exit(1)
})
