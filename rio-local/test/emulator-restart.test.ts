/**
 * Fault test: the Cloud Firestore emulator is stopped and started again under a running backend
 * (`npm run backend` as a child process, with live state). A new emulator has no rules and no
 * documents; the backend notices (firestore/watchdog.ts), loads the rules and writes every live
 * document again, so within a few seconds a board is refused to a request without a session and the
 * days nobody touched since are back.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { signTestToken } from './sign-token'
import { documentUrl, readDocument } from '../firestore/rest'
import { instanceDocumentPaths } from '../firestore/mirror'
import { startFirestoreEmulator, type RunningFirestoreEmulator } from '../../scripts/lib/firestore-emulator'
import { findFreePort } from '../../scripts/lib/ports'

const ROOT = join(__dirname, '../..')
const P = 'restart-tests'
const FIREBASE = 'demo-restart-tests'
const STAFF = 'rosa@example.com'
const SECRET = randomBytes(32).toString('hex')
const DAYS = ['2026-12-01', '2026-12-02']
/**
 * What "within a few seconds" means here, counted from when the new emulator answers: the watchdog
 * probes every 500 ms, and a new emulator's first request takes seconds (a cold JVM; 3.6 s measured).
 */
const BACK_WITHIN_MS = 8000

let emulator: RunningFirestoreEmulator
let backend: ChildProcess
let output = ''

function startBackend(host: string): Promise<string> {
  backend = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['rio-local/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, RIO_LOCAL_PORT: '0', RIO_LOCAL_STORAGE: 'memory', RIO_LOCAL_LIVE_STATE: '1', RIO_LOCAL_PROJECT_ID: P,
      FIRESTORE_EMULATOR_HOST: host, RIO_FIREBASE_PROJECT_ID: FIREBASE, RIO_JWT_SECRET: SECRET, STAFF_EMAILS: STAFF, RIO_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  backend.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  backend.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the backend did not start:\n${output}`)), 60_000)
    const check = () => {
      const url = /"msg":"local backend listening","url":"(http:\/\/[^"]+)"/.exec(output)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve(url)
      }
    }
    backend.stdout?.on('data', check)
    backend.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the backend exited (${String(code)}):\n${output}`))
    })
  })
}

/** A staff session's access token, signed with the backend's secret (sign-in is not what is tested here). */
function staffToken(): string {
  const iat = Math.floor(Date.now() / 1000)
  return signTestToken({ projectId: P, userId: 'staff-rosa', identity: 'staff', anonymous: false, claims: { email: STAFF }, kind: 'access', iat, exp: iat + 600 }, SECRET)
}

const boardPath = (day: string) => instanceDocumentPaths(P, 'Roastery', day).roleState('staff')

/** A read of a board by a request without any session, as a stranger on the machine could make. */
async function strangerReads(day: string): Promise<number> {
  const res = await fetch(documentUrl(emulator.hostPort, FIREBASE, boardPath(day)))
  await res.arrayBuffer()
  return res.status
}

async function until(what: string, ok: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now()
  for (;;) {
    if (await ok()) return Date.now() - started
    if (Date.now() - started > withinMs) throw new Error(`${what} not within ${withinMs} ms; backend output:\n${output.slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: await findFreePort(), projectId: FIREBASE })
}, 90_000)
afterAll(async () => {
  if (backend && backend.exitCode === null) {
    const exited = new Promise((resolve) => backend.once('exit', resolve))
    backend.kill('SIGTERM')
    await exited
  }
  await emulator?.stop()
})

test('after the emulator restarts, boards are refused without a session and untouched days are back within seconds', async () => {
  const origin = await startBackend(emulator.hostPort)
  for (const day of DAYS) {
    const opened = await fetch(`${origin}/${P}/INSTANCE/Roastery/${day}?_token=${staffToken()}`, { method: 'POST' })
    expect(opened.status).toBe(200)
  }
  await until('the boards written', async () => (await Promise.all(DAYS.map((d) => readDocument(emulator.hostPort, FIREBASE, boardPath(d))))).every(Boolean), 10_000)
  expect(await strangerReads(DAYS[0] as string)).toBe(403)

  // The emulator goes away under the running backend and a new one starts on the same port.
  const port = emulator.port
  await emulator.stop()
  emulator = await startFirestoreEmulator({ host: '127.0.0.1', port, projectId: FIREBASE })

  const refusedAfter = await until('a stranger refused', async () => (await strangerReads(DAYS[1] as string)) === 403, BACK_WITHIN_MS)
  const backAfter = await until('untouched days back', async () => {
    const docs = await Promise.all(DAYS.map((d) => readDocument(emulator.hostPort, FIREBASE, boardPath(d))))
    return docs.every((doc) => doc !== null && doc.date !== undefined)
  }, BACK_WITHIN_MS)
  expect(refusedAfter).toBeLessThan(BACK_WITHIN_MS)
  expect(backAfter).toBeLessThan(BACK_WITHIN_MS)
  for (const day of DAYS) expect(await strangerReads(day)).toBe(403)
  expect(output).toContain('the Firestore emulator was restarted')
}, 180_000)
