/**
 * Test harness of the backend: the real server on an ephemeral port, the real @retter/sdk 0.4.0
 * pointed at it over http, raw HTTP helpers and the OTP sign-in done the way the app does it.
 */
import Retter, { type RetterCloudObject } from '@retter/sdk'
import Request from '@retter/sdk/dist/Request'
import type { AxiosError } from 'axios'
import { deleteApp, getApps, initializeApp } from 'firebase/app'
import { getFirestore, terminate } from 'firebase/firestore'
import { createBackend, type Backend, type BackendOptions } from '../app'
import { createMemberRecords, type MemberRecords } from '../firestore/members'
import { createFirestoreMirror, loadRulesFile } from '../firestore/mirror'
import { connectToEmulators, emulatorHost } from '../firestore/test-support'
import type { StateMirror } from '../runtime/wire-types'
import { silentLogger } from '../logger'
import { startServer, type RunningServer } from '../runtime/http/server'
import type { OutboxMessage } from '../../lib/contract'
import { BUSY_RETRY } from '../../lib/rio/busy-retry'

export const FIREBASE_API_KEY = 'test-api-key'

/** Each Retter test project gets its own Firebase project, so test files never share documents. */
export const firebaseProjectFor = (projectId: string) => `demo-${projectId}`

// The SDK hard-codes https; in Node tests only, its URL builder is pointed at our http server.
// `url` of the client config carries `127.0.0.1:<port>`.
type RequestWithUrl = { url?: string }
;(Request.prototype as unknown as { buildUrl: (projectId: string, path: string) => string }).buildUrl = function (
  this: RequestWithUrl,
  projectId: string,
  path: string,
) {
  return `http://${this.url}/${projectId}/${path.replace(/^\//, '')}`
}

export interface Exchange {
  method: string
  url: string
  status: number
  body: string
}

export interface TestServer {
  backend: Backend
  /** Every request and answer, in order (the SDK's traffic, as the server saw it). */
  exchanges: Exchange[]
  server: RunningServer
  origin: string
  /** `127.0.0.1:<port>` for the SDK's `url`. */
  host: string
  close(): Promise<void>
}

/**
 * Starts createBackend + startServer on an ephemeral port, with the Firebase Auth routes mounted
 * (the SDK signs in to Firebase after every token fetch).
 */
export async function startTestServer(
  options: Partial<BackendOptions> & { projectId: string; liveState?: boolean; port?: number },
): Promise<TestServer> {
  const firebaseProjectId = firebaseProjectFor(options.projectId)
  let mirror: StateMirror | null = null
  let members: MemberRecords | null = null
  if (options.liveState) {
    const host = emulatorHost()
    await loadRulesFile(host, firebaseProjectId)
    mirror = createFirestoreMirror({ host, projectId: firebaseProjectId, logger: silentLogger })
    members = createMemberRecords(host, firebaseProjectId, options.projectId)
  }
  const backend = await createBackend({
    storage: 'memory',
    dev: true,
    firebase: { apiKey: FIREBASE_API_KEY, projectId: firebaseProjectId },
    logger: silentLogger,
    mirror,
    members,
    firebaseAuth: true,
    ...options,
  })
  const exchanges: Exchange[] = []
  const recording: Backend = {
    ...backend,
    handle: async (req) => {
      const res = await backend.handle(req)
      exchanges.push({ method: req.method, url: req.url, status: res.status, body: res.body })
      return res
    },
  }
  const server = await startServer(recording, { port: options.port ?? 0, logger: silentLogger })
  return {
    backend,
    exchanges,
    server,
    origin: server.origin,
    host: `127.0.0.1:${server.port}`,
    close: async () => {
      await server.close()
      await backend.close()
      await mirror?.close()
      // Let in-process clients read the FIN of their pooled keep-alive sockets before the next
      // server takes the port, as a real restart (seconds, not microtasks) would.
      await new Promise((r) => setTimeout(r, 20))
    },
  }
}

/**
 * A fresh SDK instance for `projectId` talking to `host`. Like lib/rio does in the browser, the
 * Firebase app the SDK will create is initialised first (same name and options) and connected to
 * our Auth routes and the Firestore emulator; the SDK's own `initializeApp` then reuses it.
 */
export function createSdk(projectId: string, host: string): Retter {
  // getInstance caches per projectId; each call here must give a new client.
  ;(Retter as unknown as { instances: Retter[] }).instances = []
  if (!getApps().some((a) => a.name === projectId)) {
    const firebaseProjectId = firebaseProjectFor(projectId)
    const app = initializeApp(
      { apiKey: FIREBASE_API_KEY, authDomain: `${firebaseProjectId}.firebaseapp.com`, projectId: firebaseProjectId },
      projectId,
    )
    connectToEmulators(app, `http://${host}`, emulatorHost())
  }
  // Busy instances (570) are tried again as the web app's SDK tries them (lib/rio/busy-retry.ts).
  return Retter.getInstance({ projectId, url: host, culture: 'en-us', retryConfig: { ...BUSY_RETRY } })
}

/** Token data answers the server sent for session calls of `kind`, oldest first. */
export function tokenAnswers(exchanges: Exchange[], kind: 'INSTANCE/ProjectUser' | 'authWithCustomToken' | 'refreshToken') {
  return exchanges
    .filter((e) => e.url.includes(`/root/`) && e.url.includes(kind) && e.status === 200)
    .map((e) => {
      const body = JSON.parse(e.body) as { response?: TokenPair } & TokenPair
      return body.response ?? body
    })
}

export interface TokenPair {
  accessToken: string
  refreshToken: string
}

/** Signs the SDK out and deletes its Firebase app, so no connection keeps jest alive. */
export async function disposeSdk(sdk: Retter, projectId: string): Promise<void> {
  await sdk.signOut()
  const app = getApps().find((a) => a.name === projectId)
  if (app) {
    await terminate(getFirestore(app))
    await deleteApp(app)
  }
}

export interface RawResponse<T = unknown> {
  status: number
  body: T
  headers: Headers
}

/** Plain HTTP against the test server (for what the SDK cannot send). */
export async function raw<T = unknown>(origin: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawResponse<T>> {
  const res = await fetch(origin + path, {
    method,
    headers: { 'content-type': 'application/json', ...(path.startsWith('/__dev/') ? { 'x-rio-dev': '1' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text === '' ? undefined : JSON.parse(text)
  } catch {
    // Non-JSON bodies stay text; tests assert on JSON where it matters.
  }
  return { status: res.status, body: parsed as T, headers: res.headers }
}

/** The newest outbox message for `email` (dev endpoint). */
export async function latestOtp(origin: string, email: string): Promise<OutboxMessage> {
  const res = await raw<OutboxMessage[]>(origin, 'GET', `/__dev/outbox?to=${encodeURIComponent(email)}`)
  const first = res.body[0]
  if (!first) throw new Error(`No outbox message for ${email}`)
  return first
}

/**
 * The Account of `email` as the app opens it: by lookup key (encoded as the app must, the SDK does
 * not encode), and, when no Account has that key (404, as on Retter), created with body `{email}`.
 */
export async function accountByEmail(sdk: Retter, email: string): Promise<RetterCloudObject> {
  try {
    return await sdk.getCloudObject({ classId: 'Account', key: { name: 'email', value: encodeURIComponent(email) } })
  } catch (err) {
    if ((err as { response?: { status?: number } }).response?.status !== 404) throw err
    return sdk.getCloudObject({ classId: 'Account', body: { email } })
  }
}

/** The whole OTP sign-in through the SDK: sendOtp, read the outbox, verifyOtp, custom-token sign-in. */
export async function signInWithOtp(sdk: Retter, origin: string, email: string) {
  const account = await accountByEmail(sdk, email)
  await account.call({ method: 'sendOtp' })
  const { code } = await latestOtp(origin, email)
  const verified = await account.call<{ success: boolean; data: { customToken: string } }>({ method: 'verifyOtp', body: { code } })
  const status = await sdk.authenticateWithCustomToken(verified.data.data.customToken)
  return { account, status, customToken: verified.data.data.customToken }
}

/** Payload of a JWT, unverified (what the SDK itself does). */
export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
}

/** The axios error an SDK call rejects with; fails the test when the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<AxiosError<{ code: string; message: string; issues?: unknown[] }>> {
  try {
    await promise
  } catch (err) {
    return err as AxiosError<{ code: string; message: string; issues?: unknown[] }>
  }
  throw new Error('Expected the call to fail')
}
