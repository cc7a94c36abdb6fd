/**
 * The e-mail part of `npm run soak`: an SMTP outage and a crash while the outbox catches up, on the
 * local runtime as a child process on SQLite, its e-mail sent to an SMTP server this script runs
 * (RIO_LOCAL_SMTP_URL) and takes away on purpose.
 *
 * 1. 30 customers sign in (the mail server is up: their codes arrive).
 * 2. The mail server goes away (every connection is answered 421). Each customer saves a delivery
 *    address: 30 confirmations are queued, and the back-off's first steps fail for 90 s of clock.
 * 3. The server comes back; the clock moves to the next retry and, while the outbox sends, the
 *    runtime is killed with SIGKILL after a third of them arrived, then started on the same data.
 * 4. The clock moves on until nothing is waiting.
 *
 * It counts, per customer, how often their confirmation arrived (by Message-ID): queued, delivered
 * once, delivered twice, lost (the last two must be 0), and exits 1 otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { retryWhileBusy } from '../lib/rio/busy-retry'
import { TEST_ADDRESS } from '../rio-local/test/address'
import { findFreePort } from './lib/ports'
import { say, warn } from './lib/log'
import { ONE_SOURCE_LIMITS } from './lib/one-source'
import type { RunningChild } from './lib/processes'
import { errorLinesTo, startRuntimeChild, stopRuntimeChild, waitForHealth } from './lib/runtime-child'

const P = 'soak-mail'
const CUSTOMERS = 30
/** The subject of the confirmation each customer's change sends. */
const CONFIRMATION = 'Your delivery address is saved'
/** Clock seconds the mail server stays away after the changes. */
const OUTAGE_SECONDS = 90
/** The runtime is killed once this many confirmations arrived after the outage. */
const KILL_AFTER = Math.floor(CUSTOMERS / 3)
/** How far the clock may move while the outbox catches up (its back-off ends after about a day). */
const CATCH_UP_LIMIT_SECONDS = 2 * 86_400

interface Received {
  to: string
  subject: string
  text: string
  messageId: string
}

/** An SMTP server on loopback that keeps what it receives, and can be taken away (421). */
async function startMailServer(port: number) {
  const received: Received[] = []
  let up = true
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      if (up) return callback()
      const down = Object.assign(new Error('Service not available (soak outage)'), { responseCode: 421 })
      return callback(down)
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        for (const rcpt of session.envelope.rcptTo) {
          received.push({ to: rcpt.address, subject: parsed.subject ?? '', text: parsed.text ?? '', messageId: parsed.messageId ?? '' })
        }
        callback()
      }, (err: Error) => callback(err))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    received,
    setUp(value: boolean) { up = value },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs the scenario and prints its figures.
 * @returns true when nothing was lost or delivered twice
 */
export async function mailSoak(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soak-mail-'))
  const [port, smtpPort] = [await findFreePort(), await findFreePort()]
  const origin = `http://127.0.0.1:${port}`
  const mail = await startMailServer(smtpPort)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...ONE_SOURCE_LIMITS,
    RIO_LOCAL_PORT: String(port),
    RIO_LOCAL_PROJECT_ID: P,
    RIO_LOCAL_STORAGE: 'sqlite',
    RIO_LOCAL_DATA_DIR: dataDir,
    RIO_LOCAL_DEV: '1',
    RIO_LOCAL_LIVE_STATE: '0',
    RIO_LOCAL_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RIO_LOCAL_LOG_LEVEL: 'error',
    // Charges play no part here; a Stripe key only satisfies the start-up check.
    STRIPE_API_URL: 'http://127.0.0.1:9',
    STRIPE_SECRET_KEY: 'sk_test_soak_mail',
  }
  const start = async () => {
    const child = startRuntimeChild(env, errorLinesTo((line) => { if (!/could not be sent|waits|moved to the dead/.test(line)) warn(line) }, 300))
    await waitForHealth(origin)
    return child
  }
  const dev = { 'x-rio-dev': '1', 'content-type': 'application/json' }
  // A busy account (570: a report of its Mailer holds it for a moment) is asked again, as the app's SDK does.
  const post = <T>(url: string, body?: unknown): Promise<{ status: number; body: T }> => retryWhileBusy(async () => {
    const res = await fetch(origin + url, { method: 'POST', headers: dev, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: res.status, body: (await res.json().catch(() => null)) as T }
  })
  const get = async <T>(url: string): Promise<T> => (await (await fetch(origin + url, { headers: dev })).json()) as T
  // The mail path's tasks: the Accounts' outbox runs and their Mailers' sends.
  const pendingMail = async () => (await get<Array<{ classId: string; method: string; dueAt: string }>>('/__dev/tasks'))
    .filter((t) => (t.classId === 'Account' && t.method === 'retryMail') || (t.classId === 'Mailer' && t.method === 'send'))
  const advance = (seconds: number) => post('/__dev/clock', { advanceSeconds: seconds })
  const runDue = () => post('/__dev/tasks/run')

  let runtime: RunningChild = await start()
  try {
    // 1. Sign-ins, with the mail server up.
    const customers: Array<{ email: string; accountId: string; token: string }> = []
    for (let i = 0; i < CUSTOMERS; i++) {
      const email = `mail${i}@soak.example`
      const anon = await get<{ response: { accessToken: string } }>(`/root/INSTANCE/ProjectUser?projectId=${P}`)
      const t = anon.response.accessToken
      const inst = await post<{ instanceId: string }>(`/${P}/INSTANCE/Account?_token=${t}`, { email })
      const sent = await post(`/${P}/CALL/Account/sendOtp/${inst.body.instanceId}?_token=${t}`)
      if (sent.status !== 200) throw new Error(`sendOtp answered ${sent.status}`)
      let code: string | undefined
      for (let k = 0; k < 100 && !code; k++) {
        code = mail.received.filter((m) => m.to === email).map((m) => /code is (\d{6})/.exec(m.text)?.[1]).find(Boolean)
        if (!code) await sleep(20)
      }
      const verified = await post<{ data?: { customToken: string } }>(`/${P}/CALL/Account/verifyOtp/${inst.body.instanceId}?_token=${t}`, { code })
      const customToken = verified.body.data?.customToken
      if (!customToken) throw new Error(`verifyOtp answered ${verified.status}`)
      const userId = JSON.parse(Buffer.from(customToken.split('.')[1] as string, 'base64url').toString()).userId as string
      const session = await get<{ accessToken: string }>(`/root/CALL/ProjectUser/authWithCustomToken/${P}_${userId}?customToken=${customToken}`)
      customers.push({ email, accountId: inst.body.instanceId, token: session.accessToken })
    }

    // 2. The outage: every change is saved, its confirmation queued.
    mail.setUp(false)
    let queued = 0
    for (const c of customers) {
      const saved = await post(`/${P}/CALL/Account/setDeliveryAddress/${c.accountId}?_token=${c.token}`, TEST_ADDRESS)
      if (saved.status === 200) queued++
      else warn(`setDeliveryAddress for ${c.email} answered ${saved.status}`)
    }
    for (let s = 0; s < OUTAGE_SECONDS; s += 15) {
      await advance(15)
      await runDue()
    }
    const duringOutage = mail.received.filter((m) => m.subject === CONFIRMATION).length
    const retryTasks = (await pendingMail()).length

    // 3. Back, and a crash while the outbox catches up.
    mail.setUp(true)
    const firstRetry = Math.min(...(await pendingMail()).map((t) => Date.parse(t.dueAt)))
    const now = (await get<{ now: string }>('/__dev/clock')).now
    await advance(Math.max(1, Math.ceil((firstRetry - Date.parse(now)) / 1000)))
    const running = runDue().catch(() => null)
    while (mail.received.filter((m) => m.subject === CONFIRMATION).length < KILL_AFTER) await sleep(1)
    await stopRuntimeChild(runtime, 'SIGKILL')
    const atKill = mail.received.filter((m) => m.subject === CONFIRMATION).length
    await running
    runtime = await start()

    // 4. Catch up: move the clock to each next retry until nothing waits.
    let moved = 0
    for (let pending = await pendingMail(); moved < CATCH_UP_LIMIT_SECONDS; pending = await pendingMail()) {
      const overdue = (await post<{ ok?: boolean }>('/__dev/tasks/run')).status
      if (overdue !== 200) break
      pending = await pendingMail()
      if (pending.length === 0) break
      const clock = Date.parse((await get<{ now: string }>('/__dev/clock')).now)
      const next = Math.max(1, Math.ceil((Math.min(...pending.map((t) => Date.parse(t.dueAt))) - clock) / 1000))
      await advance(next)
      moved += next
    }
    const arrivals = new Map<string, number>()
    for (const m of mail.received.filter((r) => r.subject === CONFIRMATION)) {
      arrivals.set(m.to, (arrivals.get(m.to) ?? 0) + 1)
    }
    const once = customers.filter((c) => arrivals.get(c.email) === 1).length
    const twice = customers.filter((c) => (arrivals.get(c.email) ?? 0) > 1).length
    const lost = customers.filter((c) => !arrivals.get(c.email)).length
    say('')
    say(`Mail soak: ${OUTAGE_SECONDS} s SMTP outage, then SIGKILL while the outbox caught up (after ${atKill} of ${queued})`)
    say(`  e-mails queued:            ${queued} (delivered during the outage: ${duringOutage}; retry tasks pending: ${retryTasks})`)
    say(`  delivered once:            ${once}`)
    say(`  delivered twice or more:   ${twice}`)
    say(`  lost:                      ${lost}`)
    say(`  clock moved to catch up:   ${Math.round(moved / 60)} min`)
    return twice === 0 && lost === 0 && queued === CUSTOMERS
  } finally {
    await stopRuntimeChild(runtime)
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (require.main === module) {
  mailSoak().then((passed) => {
    say(passed ? '\nMail soak passed.' : '\nMAIL SOAK FAILED')
    process.exitCode = passed ? 0 : 1
  }, (error: unknown) => {
    warn(`mail soak: ${error instanceof Error ? error.stack : String(error)}`)
    process.exit(1)
  })
}
