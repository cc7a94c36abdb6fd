/**
 * The local Retter runtime's core (rio-local/), in-process, for the app tests: the msw handlers hand every request the
 * SDK and Firebase Auth make to it, so the mocks speak exactly the protocol the real app meets.
 * One fresh in-memory backend per test (reset in test/setup-app.ts).
 */
import { clearImmediate as nodeClearImmediate, setImmediate as nodeSetImmediate } from 'node:timers'
import { createBackend, DEFAULT_FIREBASE, type Backend, type BackendOptions } from '@/rio-local/app'
import type { BackendRequest, BackendResponse, StateMirror } from '@/rio-local/runtime/wire-types'
import type { OutboxMessage } from '@/lib/contract'
import { call, sessions, type Reply } from '@/rio-local/test/in-process'
import { emitSnapshot } from './live-state-double'

// Class code e-mails codes with nodemailer over SMTP (to the runtime's receiver, which runs in its
// own worker thread); nodemailer needs Node's setImmediate, which jsdom does not provide.
globalThis.setImmediate ??= nodeSetImmediate
globalThis.clearImmediate ??= nodeClearImmediate

// Fixed so a failing test can be replayed; the tokens never leave the test process.
const TEST_SECRET = 'jest-in-process-backend-secret-0123456789'

export type TestBackendOptions = Pick<BackendOptions, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds' | 'now'>

let current: Promise<Backend> | null = null
/** What the next backend is made with, when the next request makes it (see forgetBackend). */
let nextOptions: TestBackendOptions = {}

/**
 * Stands in for the Firestore mirror: every state change the backend publishes reaches the live
 * listeners of the double, as the emulator's snapshots reach the real app.
 */
const mirrorToDouble: StateMirror = {
  async publish(change) {
    const visible = Object.fromEntries(Object.entries(change.state.public).filter(([key]) => !key.startsWith('__')))
    emitSnapshot(change.instanceId, visible)
    for (const userState of Object.values(change.state.user)) emitSnapshot(change.instanceId, userState, 'user')
    for (const roleState of Object.values(change.state.role)) emitSnapshot(change.instanceId, roleState, 'role')
  },
  async flush() {},
  async close() {},
}

/** Replaces the in-process backend with a fresh, empty one (optionally with short-lived tokens), made now. */
export async function resetBackend(options: TestBackendOptions = {}): Promise<void> {
  const previous = current
  nextOptions = options
  current = newBackend()
  await current
  if (previous) await (await previous).close()
}

/**
 * Closes the in-process backend and leaves the next one to the first request that needs it (with
 * the defaults): each test still starts on an empty backend, and a test that never calls it (a
 * component with no data) does not pay for making one, the project's class code loaded included.
 */
export async function forgetBackend(): Promise<void> {
  const previous = current
  current = null
  nextOptions = {}
  if (previous) await (await previous).close()
}

function newBackend(): Promise<Backend> {
  return createBackend({
    storage: 'memory',
    dev: true,
    mirror: mirrorToDouble,
    secret: TEST_SECRET,
    firebase: DEFAULT_FIREBASE,
    firebaseAuth: true,
    ...nextOptions,
  })
}

/** The in-process backend, made on first use after a reset or forget. */
function backend(): Promise<Backend> {
  current ??= newBackend()
  return current
}

/** Hands one request to the in-process backend. */
export async function backendHandle(request: BackendRequest): Promise<BackendResponse> {
  return (await backend()).handle(request)
}

/** The newest one-time code the backend "e-mailed" to the address (its dev outbox). */
export async function readOtp(email: string): Promise<string> {
  const response = await backendHandle({ method: 'GET', url: `/__dev/outbox?to=${encodeURIComponent(email)}`, headers: { 'x-rio-dev': '1' } })
  const messages = JSON.parse(response.body) as OutboxMessage[]
  const newest = messages.find((message) => message.code)
  if (response.status !== 200 || !newest?.code) throw new Error(`No code was sent to ${email} (outbox answered ${response.status}: ${response.body})`)
  return newest.code
}

/** Closes the backend after the last test of a file. */
export async function closeBackend(): Promise<void> {
  const backend = current
  current = null
  if (backend) await (await backend).close()
}

/**
 * Someone signed in on the in-process backend outside the app under test (another person's browser:
 * the customer whose change the staff page must show, or staff shipping a customer's delivery).
 */
export async function backendSession(email: string): Promise<{ token: string; accountId: string }> {
  return sessions(await backend()).customer(email)
}

/** One cloud-object call on the in-process backend (path after the project id, e.g. `CALL/Account/selectPlan/<id>`). */
export async function backendCall<T = Record<string, unknown>>(path: string, token: string, body?: unknown): Promise<Reply<T>> {
  const served = await backend()
  return call<T>(served, 'POST', `/${served.projectId}/${path}?_token=${token}`, body)
}
