/**
 * `npm run soak`: a reliability run of the local runtime on SQLite, as a child process, with the
 * Firestore emulator. 200 concurrent OTP sign-ins and 50 concurrent writers; the runtime is killed
 * with SIGKILL mid-load and started again on the same data folder. Half the writers stop at the
 * kill (their last committed write may not have reached Firestore), half go on after the restart.
 * Then it checks that every write acknowledged with a 2xx is in the stored state, that no answer
 * was a 5xx other than 570, and that 5 s after the restart every writer's live document holds its
 * stored state, without any request to that instance (a browser that kept listening through the
 * restart makes none); it prints the counts and exits 1 when a check fails. Then the e-mail part
 * (soak-mail.ts): an SMTP outage and a SIGKILL while the outbox catches up, counting e-mails
 * queued, delivered once, delivered twice and lost. Not part of `npm test` (it takes about a
 * minute and two cores).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { TEST_ADDRESS } from '../rio-local/test/address'
import { savePaymentMethod } from '../rio-local/test/payments'
import { instanceDocumentPaths } from '../rio-local/firestore/mirror'
import { readDocument } from '../rio-local/firestore/rest'
import { findFirestoreEmulator, startFirestoreEmulator } from './lib/firestore-emulator'
import { findFreePort } from './lib/ports'
import { LOCAL_STRIPE_SECRET_KEY, startLocalstripe } from './lib/localstripe'
import { say, warn } from './lib/log'
import { ONE_SOURCE_LIMITS } from './lib/one-source'
import { retryWhileBusy } from '../lib/rio/busy-retry'
import { mailSoak } from './soak-mail'
import type { RunningChild } from './lib/processes'
import { errorLinesTo, startRuntimeChild, stopRuntimeChild, waitForHealth as waitForRuntime } from './lib/runtime-child'

const P = 'soak'
const FIREBASE_PROJECT = 'demo-soak'
const SIGN_INS = 200
const WRITERS = 50
/** The runtime is killed once this many writes were acknowledged after the load started. */
const KILL_AFTER_ACKED_WRITES = 300
/** Writers keep going this long after the restart. */
const AFTER_RESTART_MS = 4_000
const PLAN_IDS = PLANS.map((p) => p.id)

interface Counts {
  ok2xx: number
  status4xx: Map<string, number>
  status570: number
  other5xx: Map<string, number>
  network: number
}
const counts: Counts = { ok2xx: 0, status4xx: new Map(), status570: 0, other5xx: new Map(), network: 0 }
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)

let origin = ''

interface Reply<T> {
  status: number
  body: T
}

/** One request; 570 is retried as the app's SDK retries it (lib/rio/busy-retry.ts), each counted; network errors throw. */
async function request<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
  const once = async (): Promise<Reply<T>> => {
    let res: Response
    try {
      res = await fetch(origin + url, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      })
    } catch (err) {
      counts.network++
      throw err
    }
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // Non-JSON answers are counted by status below.
    }
    if (res.status === 570) counts.status570++
    return { status: res.status, body: parsed as T }
  }
  const reply = await retryWhileBusy(once)
  if (reply.status >= 500 && reply.status !== 570) {
    bump(counts.other5xx, `${reply.status} ${method} ${url.split('?')[0]?.split('/').slice(0, 4).join('/')}`)
  } else if (reply.status >= 400 && reply.status < 500) {
    bump(counts.status4xx, `${reply.status} ${(reply.body as { code?: string })?.code ?? ''}`)
  } else if (reply.status < 400) {
    counts.ok2xx++
  }
  return reply
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Customer {
  email: string
  accountId: string
  userId: string
  token: string
}

/** One full OTP sign-in, as the app does it. */
async function signIn(email: string): Promise<Customer> {
  const anon = await request<{ response: { accessToken: string } }>('GET', `/root/INSTANCE/ProjectUser?projectId=${P}`)
  const t = anon.body.response.accessToken
  const inst = await request<{ instanceId: string }>('POST', `/${P}/INSTANCE/Account?_token=${t}`, { email })
  if (inst.status !== 200) throw new Error(`INSTANCE answered ${inst.status}`)
  const sendUrl = `/${P}/CALL/Account/sendOtp/${inst.body.instanceId}?_token=${t}`
  let sent = await request<{ code?: string; retryAfterSeconds?: number }>('POST', sendUrl)
  if (sent.status === 429 && sent.body.code === 'RATE_LIMITED') {
    // A retry after the kill: the code sent before it was committed (and may have been used by a
    // verify whose answer was lost), so wait out the resend throttle as a customer would.
    await sleep((sent.body.retryAfterSeconds ?? 30) * 1000)
    sent = await request('POST', sendUrl)
  }
  if (sent.status !== 200) throw new Error(`sendOtp answered ${sent.status}`)
  let code: string | undefined
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = await request<Array<{ code: string }>>('GET', `/__dev/outbox?to=${encodeURIComponent(email)}&limit=1`, undefined, { 'x-rio-dev': '1' })
    code = outbox.body[0]?.code
    if (!code) await sleep(100)
  }
  const verified = await request<{ success: boolean; data?: { customToken: string } }>(
    'POST',
    `/${P}/CALL/Account/verifyOtp/${inst.body.instanceId}?_token=${t}`,
    { code },
  )
  const customToken = verified.body.data?.customToken
  if (!customToken) throw new Error(`verifyOtp answered ${verified.status} ${JSON.stringify(verified.body)}`)
  const userId = JSON.parse(Buffer.from(customToken.split('.')[1] as string, 'base64url').toString()).userId as string
  const session = await request<{ accessToken: string }>('GET', `/root/CALL/ProjectUser/authWithCustomToken/${P}_${userId}?customToken=${customToken}`)
  if (session.status !== 200) throw new Error(`authWithCustomToken answered ${session.status}`)
  const token = session.body.accessToken
  // A subscription starts only with a delivery address.
  const address = await request('POST', `/${P}/CALL/Account/setDeliveryAddress/${inst.body.instanceId}?_token=${token}`, TEST_ADDRESS)
  if (address.status !== 200) throw new Error(`setDeliveryAddress answered ${address.status}`)
  return { email, accountId: inst.body.instanceId, userId, token }
}

type Outcome = 'acked' | 'refused' | 'unknown'
interface Attempt {
  plan: string
  outcome: Outcome
}

/**
 * The write the writers repeat: selecting a plan. Change only this (and `storedPlan`) when the
 * subscription semantics change; what is checked is "the stored value is the last acknowledged
 * one or one attempted after it".
 */
async function writeOnce(customer: Customer, plan: string): Promise<Outcome> {
  try {
    const res = await request('POST', `/${P}/CALL/Account/selectPlan/${customer.accountId}?_token=${customer.token}`, { planId: plan })
    if (res.status >= 200 && res.status < 300) return 'acked'
    return res.status >= 500 && res.status !== 570 ? 'unknown' : 'refused'
  } catch {
    // The runtime died with the request in flight: it may or may not have been committed.
    return 'unknown'
  }
}

async function storedPlan(customer: Customer): Promise<string | null | undefined> {
  const res = await request<{ user?: Record<string, { plan?: string | null }> }>('POST', `/${P}/STATE/Account/${customer.accountId}?_token=${customer.token}`)
  return res.body.user?.[customer.userId]?.plan
}

function startRuntime(env: NodeJS.ProcessEnv): RunningChild {
  // Warnings are expected while the emulator or the load is busy; errors are shown.
  return startRuntimeChild(env, errorLinesTo(warn))
}

const waitForHealth = () => waitForRuntime(origin)

/** Live documents are checked this long after the restart at the latest. */
const MIRRORED_WITHIN_MS = 5_000

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rio-soak-'))
  const port = await findFreePort()
  origin = `http://127.0.0.1:${port}`
  const found = findFirestoreEmulator()
  if (found instanceof Error) throw new Error(`the soak run needs the Firestore emulator: ${found.message}`)
  const emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: FIREBASE_PROJECT, log: () => undefined })
  // Writers start subscriptions, which need a saved card: localstripe for the run unless STRIPE_API_URL names one.
  const stripe = process.env.STRIPE_API_URL
    ? undefined
    : await startLocalstripe({ root: path.resolve(__dirname, '..'), port: await findFreePort(), output: new Writable({ write: (_c, _e, done) => done() }) })
  if (stripe) Object.assign(process.env, { STRIPE_API_URL: stripe.url, STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RIO_LOCAL_PORT: String(port),
    RIO_LOCAL_PROJECT_ID: P,
    RIO_LOCAL_DATA_DIR: dataDir,
    RIO_LOCAL_STORAGE: 'sqlite',
    RIO_LOCAL_DEV: '1',
    RIO_LOCAL_LIVE_STATE: '1',
    FIRESTORE_EMULATOR_HOST: emulator.hostPort,
    RIO_FIREBASE_PROJECT_ID: FIREBASE_PROJECT,
    RIO_LOG_LEVEL: 'warn',
    ...ONE_SOURCE_LIMITS,
  }
  let runtime = startRuntime(env)
  try {
    await waitForHealth()
    say(`Soak: runtime on ${origin} (SQLite in ${dataDir}), Firestore emulator on ${emulator.hostPort}`)

    const writers: Customer[] = []
    for (let i = 0; i < WRITERS; i += 10) {
      writers.push(...(await Promise.all(Array.from({ length: Math.min(10, WRITERS - i) }, (_, j) => signIn(`writer${i + j}@soak.example`)))))
    }
    for (const w of writers) {
      await savePaymentMethod((name, body) => request('POST', `/${P}/CALL/Account/${name}/${w.accountId}?_token=${w.token}`, body))
    }
    say(`${writers.length} writers signed in; starting ${SIGN_INS} concurrent sign-ins and ${WRITERS} concurrent writers`)

    const attempts = new Map<string, Attempt[]>(writers.map((w) => [w.accountId, []]))
    let acked = 0
    let stopAt = Number.POSITIVE_INFINITY
    let killed = false
    let restartedAt = 0

    // Odd writers stop at the kill: nothing after the restart refreshes their documents.
    const quiet = (index: number) => index % 2 === 1
    const writerLoop = async (w: Customer, index: number) => {
      const mine = attempts.get(w.accountId) as Attempt[]
      for (let n = index; Date.now() < stopAt && !(quiet(index) && killed); n++) {
        const plan = PLAN_IDS[n % PLAN_IDS.length] as string
        const outcome = await writeOnce(w, plan)
        mine.push({ plan, outcome })
        if (outcome === 'acked') acked++
        else if (outcome === 'unknown') await sleep(100)
      }
    }

    let signedIn = 0
    let interrupted = 0
    const signInWithRetry = async (email: string) => {
      let last: unknown
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          await signIn(email)
          signedIn++
          return
        } catch (err) {
          last = err
          if (attempt === 0) interrupted++
          await sleep(250)
        }
      }
      throw new Error(`sign-in of ${email} never completed: ${last instanceof Error ? last.message : String(last)}`)
    }

    const killer = (async () => {
      while (acked < KILL_AFTER_ACKED_WRITES) await sleep(10)
      killed = true
      await stopRuntimeChild(runtime, 'SIGKILL')
      say(`killed the runtime with SIGKILL after ${acked} acknowledged writes and ${signedIn} sign-ins`)
      restartedAt = Date.now()
      runtime = startRuntime(env)
      await waitForHealth()
      say(`restarted on the same data folder in ${Date.now() - restartedAt} ms`)
      stopAt = Date.now() + AFTER_RESTART_MS
    })()

    const started = Date.now()
    await Promise.all([
      killer,
      ...writers.map((w, i) => writerLoop(w, i)),
      ...Array.from({ length: SIGN_INS }, (_, i) => signInWithRetry(`customer${i}@soak.example`)),
    ])
    while (Date.now() < stopAt) await sleep(50)
    const loadMs = Date.now() - started

    // Checks: every acknowledged write is stored (or a later attempt overwrote it).
    let verified = 0
    const lost: string[] = []
    for (const w of writers) {
      const mine = attempts.get(w.accountId) as Attempt[]
      const lastAck = mine.map((a) => a.outcome).lastIndexOf('acked')
      const allowed = new Set<string | null | undefined>(mine.slice(Math.max(lastAck, 0)).filter((a) => a.outcome !== 'refused').map((a) => a.plan))
      if (lastAck < 0) allowed.add(null)
      const stored = await storedPlan(w)
      if (allowed.has(stored)) verified++
      else lost.push(`${w.email}: stored ${String(stored)}, last acknowledged ${lastAck >= 0 ? mine[lastAck]?.plan : 'none'}`)
    }

    // Live documents: 5 s after the restart each writer's user document holds the stored plan,
    // read straight from the emulator: no request touches the instance first.
    const storedPlans = new Map<string, string | null | undefined>()
    for (const w of writers) storedPlans.set(w.accountId, await storedPlan(w))
    while (Date.now() < restartedAt + MIRRORED_WITHIN_MS) await sleep(50)
    let mirrored = 0
    let quietWriters = 0
    const stale: string[] = []
    for (const [index, w] of writers.entries()) {
      if (quiet(index)) quietWriters++
      const stored = storedPlans.get(w.accountId)
      const doc = await readDocument(emulator.hostPort, FIREBASE_PROJECT, instanceDocumentPaths(P, 'Account', w.accountId).userState(w.userId))
      if (doc && doc.plan === stored) mirrored++
      else stale.push(`${w.email}${quiet(index) ? ' (stopped at the kill)' : ''}: document plan ${String(doc?.plan)}, stored ${String(stored)}`)
    }

    const writesTotal = [...attempts.values()].reduce((n, list) => n + list.length, 0)
    const ackedTotal = [...attempts.values()].reduce((n, list) => n + list.filter((a) => a.outcome === 'acked').length, 0)
    const unknownTotal = [...attempts.values()].reduce((n, list) => n + list.filter((a) => a.outcome === 'unknown').length, 0)
    say('')
    say(`Soak results (${Math.round(loadMs / 1000)} s of load, killed mid-load: ${killed ? 'yes' : 'no'})`)
    say(`  sign-ins completed:          ${signedIn} / ${SIGN_INS} (${interrupted} interrupted by the kill and retried)`)
    say(`  writes attempted:            ${writesTotal} (acknowledged 2xx: ${ackedTotal}, outcome unknown at the kill: ${unknownTotal})`)
    say(`  acknowledged writes present: ${verified} / ${writers.length} writers (lost: ${lost.length})`)
    say(`  live documents = stored ${Math.round(MIRRORED_WITHIN_MS / 1000)} s after the restart: ${mirrored} / ${writers.length} (${quietWriters} of them wrote nothing after it; stale: ${stale.length})`)
    say(`  answers: 2xx ${counts.ok2xx}, 570 ${counts.status570}, other 5xx ${[...counts.other5xx.values()].reduce((a, b) => a + b, 0)}, network errors ${counts.network}`)
    if (counts.status4xx.size > 0) say(`  4xx: ${[...counts.status4xx].map(([k, v]) => `${k} x${v}`).join(', ')}`)
    for (const [k, v] of counts.other5xx) warn(`  5xx: ${k} x${v}`)
    for (const line of [...lost, ...stale].slice(0, 10)) warn(`  ${line}`)
    const failed = !killed || lost.length > 0 || stale.length > 0 || counts.other5xx.size > 0 || signedIn < SIGN_INS
    say(failed ? '\nSOAK FAILED' : '\nSoak passed.')
    process.exitCode = failed ? 1 : 0
  } finally {
    await stopRuntimeChild(runtime)
    await emulator.stop()
    await stripe?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(async () => {
  // The e-mail part: an SMTP outage and a crash while the outbox catches up (soak-mail.ts).
  const mailPassed = await mailSoak()
  say(mailPassed ? 'Mail soak passed.' : 'MAIL SOAK FAILED')
  if (!mailPassed) process.exitCode = 1
}).catch((error: unknown) => {
  warn(`npm run soak: ${error instanceof Error ? error.stack : String(error)}`)
  process.exit(1)
})
