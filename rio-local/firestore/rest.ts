/**
 * The few calls of the Cloud Firestore emulator's REST API the backend needs. `Bearer owner` is the
 * emulator's admin credential: such requests bypass security rules (never sent by a browser).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fromFirestoreFields, type FirestoreValue } from './values'

/** True when the emulator at host:port answers its root URL with 200 ("Ok"). */
export async function emulatorAnswers(hostPort: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const res = await fetch(`http://${hostPort}/`, { signal: AbortSignal.timeout(timeoutMs) })
    await res.arrayBuffer()
    return res.ok
  } catch {
    return false
  }
}

/** rio-local/firestore.rules, the rules `npm run dev`, the backend and the tests load. */
export const FIRESTORE_RULES_PATH = join(__dirname, '..', 'firestore.rules')

const OWNER_HEADERS = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }
const DEFAULT_REQUEST_TIMEOUT_MS = 5000

/** An answer of the emulator other than 2xx. `status` 0 means no answer at all. */
export class FirestoreRestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'FirestoreRestError'
  }

  /** Worth another try: no answer, overload or a server error. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500
  }
}

/**
 * Checks one document-path segment. Firestore rejects ids that contain `/`, are `.` or `..`,
 * look like `__x__`, or exceed 1500 bytes; catching that here gives a clear message.
 */
export function assertDocumentId(id: string, what: string): void {
  if (
    typeof id !== 'string' ||
    id === '' ||
    id === '.' ||
    id === '..' ||
    id.includes('/') ||
    /^__.*__$/.test(id) ||
    Buffer.byteLength(id) > 1500
  ) {
    throw new Error(`${what} ${JSON.stringify(id)} cannot be a Firestore document id`)
  }
}

/** URL of a document; `path` is the slash-separated document path, e.g. `projects/p/classes/C/instances/i`. */
export function documentUrl(hostPort: string, firebaseProjectId: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  return `http://${hostPort}/v1/projects/${encodeURIComponent(firebaseProjectId)}/databases/(default)/documents/${encoded}`
}

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (err) {
    throw new FirestoreRestError(`Firestore emulator unreachable (${init.method} ${url}): ${(err as Error).message}`, 0)
  }
  if (!res.ok && res.status !== 404) {
    const text = await res.text().catch(() => '')
    throw new FirestoreRestError(`Firestore emulator answered ${res.status} to ${init.method} ${url}: ${text.slice(0, 500)}`, res.status)
  }
  return res
}

/** Replaces a whole document with `fields` (creating it when missing). */
export async function setDocument(
  hostPort: string,
  firebaseProjectId: string,
  path: string,
  fields: Record<string, FirestoreValue>,
  timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
): Promise<void> {
  const res = await send(
    documentUrl(hostPort, firebaseProjectId, path),
    { method: 'PATCH', headers: OWNER_HEADERS, body: JSON.stringify({ fields }) },
    timeoutMs,
  )
  if (res.status === 404) throw new FirestoreRestError(`Firestore emulator answered 404 to PATCH ${path}`, 404)
  await res.arrayBuffer()
}

/** Deletes a document (no error when it does not exist). */
export async function deleteDocument(
  hostPort: string,
  firebaseProjectId: string,
  path: string,
  timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
): Promise<void> {
  const res = await send(documentUrl(hostPort, firebaseProjectId, path), { method: 'DELETE', headers: OWNER_HEADERS }, timeoutMs)
  await res.arrayBuffer()
}

/** Reads a document with admin rights; null when it does not exist. */
export async function readDocument(
  hostPort: string,
  firebaseProjectId: string,
  path: string,
  timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
): Promise<Record<string, unknown> | null> {
  const res = await send(documentUrl(hostPort, firebaseProjectId, path), { method: 'GET', headers: OWNER_HEADERS }, timeoutMs)
  if (res.status === 404) {
    await res.arrayBuffer()
    return null
  }
  const body = (await res.json()) as { fields?: Record<string, FirestoreValue> }
  return fromFirestoreFields(body.fields ?? {})
}

/**
 * The documents directly in a collection, with admin rights (one page of up to 300; the records
 * listed this way are few: one per staff member).
 */
export async function listDocuments(
  hostPort: string,
  firebaseProjectId: string,
  collectionPath: string,
  timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  const res = await send(`${documentUrl(hostPort, firebaseProjectId, collectionPath)}?pageSize=300`, { method: 'GET', headers: OWNER_HEADERS }, timeoutMs)
  if (!res.ok) throw new FirestoreRestError(`Firestore emulator answered ${res.status} to listing ${collectionPath}`, res.status)
  const body = (await res.json()) as { documents?: Array<{ name: string; fields?: Record<string, FirestoreValue> }> }
  return (body.documents ?? []).map((d) => ({ id: d.name.slice(d.name.lastIndexOf('/') + 1), data: fromFirestoreFields(d.fields ?? {}) }))
}

interface RulesIssue {
  sourcePosition?: { line?: number; column?: number }
  description?: string
  severity?: string
}

/**
 * Loads security rules into the emulator for one Firebase project (what firebase-tools does).
 * @throws when the emulator rejects the rules, listing each issue with its line and column.
 */
export async function loadRules(hostPort: string, firebaseProjectId: string, rulesText: string): Promise<void> {
  const url = `http://${hostPort}/emulator/v1/projects/${encodeURIComponent(firebaseProjectId)}:securityRules`
  const body = JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rulesText }] } })
  let res: Response
  try {
    res = await send(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body }, 15_000)
  } catch (err) {
    if (err instanceof FirestoreRestError && err.status === 400) {
      // A compile error: the emulator explains it as "Error compiling rules:\nL1:71 ..." in error.message.
      const detail = /"message":"((?:[^"\\]|\\.)*)"/.exec(err.message)?.[1]
      const text = detail ? (JSON.parse(`"${detail}"`) as string) : err.message
      throw new Error(`The Firestore emulator rejected the security rules for ${firebaseProjectId}: ${text}`)
    }
    throw err
  }
  const answer = (await res.json().catch(() => ({}))) as { issues?: RulesIssue[] }
  const errors = (answer.issues ?? []).filter((i) => i.severity !== 'WARNING')
  if (res.status === 404 || errors.length > 0) {
    const details = errors
      .map((i) => `  line ${i.sourcePosition?.line ?? '?'}:${i.sourcePosition?.column ?? '?'} ${i.description ?? ''}`)
      .join('\n')
    throw new Error(`The Firestore emulator rejected the security rules for ${firebaseProjectId}:\n${details || `HTTP ${res.status}`}`)
  }
}

/** Reads rio-local/firestore.rules and loads it (see loadRules). */
export async function loadRulesFile(hostPort: string, firebaseProjectId: string, file = FIRESTORE_RULES_PATH): Promise<void> {
  await loadRules(hostPort, firebaseProjectId, readFileSync(file, 'utf8'))
}

export interface WaitForEmulatorOptions {
  /** Give up after this long (default: wait forever, until `signal` aborts). */
  timeoutMs?: number
  /** Pause between probes (default 500 ms). */
  intervalMs?: number
  /** Called on the first failed probe and then every `notifyEveryMs` (default 5 s), for a log line. */
  onWaiting?: (info: { elapsedMs: number; hostPort: string }) => void
  notifyEveryMs?: number
  signal?: AbortSignal
}

/**
 * Resolves once the Firestore emulator at `hostPort` answers; the backend waits here at start
 * instead of failing, because `npm run dev` may start both at the same time.
 * @throws after `timeoutMs`, or when `signal` aborts.
 */
export async function waitForEmulator(hostPort: string, options: WaitForEmulatorOptions = {}): Promise<void> {
  const started = Date.now()
  const interval = options.intervalMs ?? 500
  const notifyEvery = options.notifyEveryMs ?? 5000
  let lastNotice = -Infinity
  for (;;) {
    if (options.signal?.aborted) throw new Error(`Stopped waiting for the Firestore emulator at ${hostPort}`)
    if (await emulatorAnswers(hostPort, 1000)) return
    const elapsedMs = Date.now() - started
    if (options.timeoutMs !== undefined && elapsedMs >= options.timeoutMs) {
      throw new Error(
        `The Firestore emulator at ${hostPort} did not answer within ${Math.round(options.timeoutMs / 1000)} s. ` +
          'Start it with `npm run dev` (which starts it for you) or point FIRESTORE_EMULATOR_HOST at a running one.',
      )
    }
    if (elapsedMs - lastNotice >= notifyEvery) {
      lastNotice = elapsedMs
      options.onWaiting?.({ elapsedMs, hostPort })
    }
    await new Promise((r) => setTimeout(r, interval))
  }
}
