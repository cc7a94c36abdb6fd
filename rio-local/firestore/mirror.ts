/**
 * The StateMirror that feeds live state to browsers: after every state change it writes the
 * instance's public, user and role documents to the Cloud Firestore emulator, at the paths
 * @retter/sdk 0.4.0 listens to (`getFirebaseState` in node_modules/@retter/sdk/dist/index.js):
 *
 *   projects/{P}/classes/{class}/instances/{id}                      state.public
 *   projects/{P}/classes/{class}/instances/{id}/userState/{userId}   state.user[userId]
 *   projects/{P}/classes/{class}/instances/{id}/roleState/{identity} state.role[identity]
 *
 * P is the Retter project id; the documents live in the emulator's Firebase project. Who may read
 * which is Retter's model, in ../firestore.rules: no extra fields are written for the rules.
 *
 * A document is written only when the change altered it: a method that changed only private state
 * (an e-mail recorded as sent, say) writes nothing. Besides sparing every listener a
 * snapshot, this keeps writes few while a browser listens: the emulator can corrupt a Listen stream
 * when snapshots of its documents are sent at the same moment ("Received message larger than max"),
 * and Firebase then waits 30 to 60 s before it listens again.
 */
import type { Logger } from '../logger'
import type { PublishOptions, StateChange, StateMirror } from '../runtime/wire-types'
import { assertDocumentId, deleteDocument, FirestoreRestError, setDocument } from './rest'
import { toFirestoreFields, type FirestoreValue } from './values'

export { loadRules, loadRulesFile, readDocument, waitForEmulator, FIRESTORE_RULES_PATH } from './rest'
export type { WaitForEmulatorOptions } from './rest'



/** Structured logger: a message plus fields (the backend's logger fits). */
export type MirrorLogger = Pick<Logger, 'debug' | 'warn' | 'error'>

export interface FirestoreMirrorOptions {
  /** `host:port` of the emulator (FIRESTORE_EMULATOR_HOST). */
  host: string
  /** Firebase project id of the documents, e.g. `demo-coffee-local` (RIO_FIREBASE_PROJECT_ID). */
  projectId: string
  logger: MirrorLogger
  /** Tries per document write before it is given up (default 5). */
  attempts?: number
  /** First pause between tries, doubled each time up to 2 s (default 100 ms). */
  retryDelayMs?: number
  /** Per-request time limit (default 5 s). */
  requestTimeoutMs?: number
}

/** Slash-separated document paths of one instance, as the SDK builds them. */
export interface InstanceDocumentPaths {
  public: string
  userState(userId: string): string
  roleState(identity: string): string
}

/**
 * Document paths of an instance of `classId` in Retter project `retterProjectId`.
 * @throws when an id cannot be a Firestore document id.
 */
export function instanceDocumentPaths(retterProjectId: string, classId: string, instanceId: string): InstanceDocumentPaths {
  assertDocumentId(retterProjectId, 'Project id')
  assertDocumentId(classId, 'Class id')
  assertDocumentId(instanceId, 'Instance id')
  const base = `projects/${retterProjectId}/classes/${classId}/instances/${instanceId}`
  return {
    public: base,
    userState: (userId) => {
      assertDocumentId(userId, 'User id')
      return `${base}/userState/${userId}`
    },
    roleState: (identity) => {
      assertDocumentId(identity, 'Identity')
      return `${base}/roleState/${identity}`
    },
  }
}

type WriteOp = { kind: 'set'; fields: Record<string, FirestoreValue> } | { kind: 'delete' }

/**
 * The newest write waiting for a document, and everyone waiting for it: a write superseded before
 * it ran hands its waiters on, since the newer write carries its content forward.
 */
interface PendingWrite {
  op: WriteOp
  done: Array<(written: boolean) => void>
}

/** One document's queue: at most one write in flight; only the newest waiting write is kept. */
interface DocumentSlot {
  pending: PendingWrite | null
  running: Promise<void> | null
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/**
 * Creates the Firestore mirror. `publish` never throws or rejects: failures are logged, retried
 * with back-off, and superseded by newer state of the same document.
 */
export function createFirestoreMirror(options: FirestoreMirrorOptions): StateMirror {
  const { host, projectId: firebaseProjectId, logger } = options
  const attempts = Math.max(1, options.attempts ?? 5)
  const retryDelayMs = options.retryDelayMs ?? 100
  const timeoutMs = options.requestTimeoutMs ?? 5000
  const slots = new Map<string, DocumentSlot>()
  /** instance key -> user ids / identities written last time, to delete documents whose state went away. */
  const written = new Map<string, { users: Set<string>; roles: Set<string> }>()
  /** document path -> the write that last landed there, to leave a document the change kept as it was. */
  const landed = new Map<string, string>()
  let closed = false

  async function perform(path: string, op: WriteOp): Promise<void> {
    if (op.kind === 'set') await setDocument(host, firebaseProjectId, path, op.fields, timeoutMs)
    else await deleteDocument(host, firebaseProjectId, path, timeoutMs)
  }

  /** Writes `write`, retrying; settles its waiters with the outcome, or hands them to a newer write. */
  async function writeWithRetry(path: string, write: PendingWrite, slot: DocumentSlot): Promise<void> {
    const settle = (written: boolean) => write.done.forEach((done) => done(written))
    for (let attempt = 1; ; attempt++) {
      try {
        const started = Date.now()
        await perform(path, write.op)
        logger.debug('firestore mirror wrote document', { path, op: write.op.kind, ms: Date.now() - started })
        landed.set(path, JSON.stringify(write.op))
        settle(true)
        return
      } catch (err) {
        const retryable = err instanceof FirestoreRestError ? err.retryable : true
        if (slot.pending) {
          // A newer state of this document is waiting; writing it makes this one moot.
          logger.warn('firestore mirror write failed; a newer state supersedes it', { path, error: (err as Error).message })
          slot.pending.done.push(...write.done)
          return
        }
        if (!retryable || attempt >= attempts) {
          logger.error('firestore mirror gave up writing a document', { path, attempts: attempt, error: (err as Error).message })
          // What the document holds is unknown now: the next change writes it whatever it holds.
          landed.delete(path)
          settle(false)
          return
        }
        await sleep(Math.min(2000, retryDelayMs * 2 ** (attempt - 1)))
      }
    }
  }

  /** Queues a write of `path`; resolves true once it (or a newer one) is written, false when given up. */
  function enqueue(path: string, op: WriteOp): Promise<boolean> {
    let slot = slots.get(path)
    if (!slot) {
      slot = { pending: null, running: null }
      slots.set(path, slot)
    }
    const s = slot
    const written = new Promise<boolean>((resolve) => {
      if (s.pending) {
        s.pending.op = op
        s.pending.done.push(resolve)
      } else {
        s.pending = { op, done: [resolve] }
      }
    })
    if (!s.running) {
      s.running = (async () => {
        while (s.pending) {
          const next = s.pending
          s.pending = null
          await writeWithRetry(path, next, s)
        }
        s.running = null
        slots.delete(path)
      })()
    }
    return written
  }

  function plan(change: StateChange): Array<[string, WriteOp]> {
    const { projectId, classId, instanceId, state } = change
    const paths = instanceDocumentPaths(projectId, classId, instanceId)
    const dropped = (doc: string) => (field: string) =>
      logger.warn('firestore mirror left out a value Firestore cannot store', { doc, field })
    const ops: Array<[string, WriteOp]> = []
    ops.push([
      paths.public,
      { kind: 'set', fields: toFirestoreFields(state.public ?? {}, dropped(paths.public)) },
    ])
    const users = new Set<string>()
    for (const [userId, userState] of Object.entries(state.user ?? {})) {
      const path = paths.userState(userId)
      users.add(userId)
      ops.push([path, { kind: 'set', fields: toFirestoreFields(userState ?? {}, dropped(path)) }])
    }
    const roles = new Set<string>()
    for (const [identity, roleState] of Object.entries(state.role ?? {})) {
      const path = paths.roleState(identity)
      roles.add(identity)
      ops.push([path, { kind: 'set', fields: toFirestoreFields(roleState ?? {}, dropped(path)) }])
    }
    const key = paths.public
    const before = written.get(key)
    for (const userId of before?.users ?? []) if (!users.has(userId)) ops.push([paths.userState(userId), { kind: 'delete' }])
    for (const identity of before?.roles ?? []) if (!roles.has(identity)) ops.push([paths.roleState(identity), { kind: 'delete' }])
    written.set(key, { users, roles })
    return ops
  }

  async function flush(): Promise<void> {
    // Writes may enqueue while we wait (a publish racing the flush), so loop until idle.
    while (slots.size > 0) {
      await Promise.all([...slots.values()].map((s) => s.running))
    }
  }

  return {
    async publish(change: StateChange, options?: PublishOptions): Promise<boolean> {
      if (closed) {
        logger.warn('firestore mirror is closed; state change not mirrored', { classId: change.classId, instanceId: change.instanceId })
        return false
      }
      let ops: Array<[string, WriteOp]>
      try {
        ops = plan(change)
      } catch (err) {
        logger.error('firestore mirror cannot mirror this state change', {
          classId: change?.classId,
          instanceId: change?.instanceId,
          error: (err as Error).message,
        })
        return false
      }
      // A document with a write on its way is queued whatever it holds (the newest state must land
      // last); otherwise one that holds what last landed there is left alone.
      const needed = options?.rewrite ? ops : ops.filter(([path, op]) => slots.has(path) || landed.get(path) !== JSON.stringify(op))
      return Promise.all(needed.map(([path, op]) => enqueue(path, op))).then((results) => results.every(Boolean))
    },

    flush,

    async close(): Promise<void> {
      closed = true
      await flush()
    },
  }
}
