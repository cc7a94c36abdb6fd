/** The storage port of the backend: one interface, an in-memory and a SQLite implementation. */
import type { InstanceState } from '../runtime/wire-types'
import type { OutboxMessage } from '../../lib/contract'

export interface StoredInstance {
  projectId: string
  classId: string
  instanceId: string
  state: InstanceState
  createdAt: number
  updatedAt: number
  /**
   * `data.version`: 1 for a new instance, one more for each commit that changed its state (what
   * Retter's optimistic-concurrency sample compares). Absent is 1 (instances written by tools).
   */
  version?: number
}

export interface LookupKeyRecord {
  projectId: string
  classId: string
  name: string
  value: string
  instanceId: string
}

/**
 * One message of the dev outbox as stored and served. Unlike lib/contract's OutboxMessage, `code`
 * is there only for sign-in code e-mails and `html` only when the mail had an HTML part.
 */
export interface DevOutboxMessage extends Omit<OutboxMessage, 'code'> {
  code?: string
  html?: string
}

/** Who asked for a delayed call: the callee sees it in `context.referer*`, as with rdk calls. */
export interface TaskReferer {
  classId: string
  instanceId?: string
  methodName: string
  userId?: string
  identity: string
  /** Set for the delivery of a published event (`data.events`): its name. Failed deliveries are retried (tasks/runner.ts). */
  event?: string
}

/** A delayed method call (`data.tasks` / `data.schedule` of a handler), waiting for its time. */
export interface TaskRecord {
  projectId: string
  classId: string
  method: string
  /** The target instance; neither this nor `lookupKey` for a STATIC method. */
  instanceId?: string
  lookupKey?: { name: string; value: string }
  /** The called method's `data.request.body`; absent when the entry had none. */
  payload?: unknown
  /** Epoch milliseconds. */
  dueAt: number
  createdAt: number
  referer: TaskReferer
  /** `context.sourceIP` of the invocation that asked for it (as class-to-class calls carry it). */
  sourceIP: string
  /** How often the target instance was busy (570) when it ran. */
  busyRetries: number
}

export interface StoredTask extends TaskRecord {
  /** Assigned by storage, increasing: ties of `dueAt` run in the order they were stored. */
  id: number
}

/** Everything one request changes, written atomically. */
export interface ChangeSet {
  instance?: StoredInstance
  /**
   * `JSON.stringify(instance.state)`, when the caller already made it (the engine does, to tell
   * whether the state changed): storage that keeps JSON stores it rather than serialising again.
   */
  instanceStateJson?: string
  lookupKeys?: LookupKeyRecord[]
  /** Keys unbound by `rdk.deleteLookUpKey`. */
  removedLookupKeys?: Array<Omit<LookupKeyRecord, 'instanceId'>>
  outbox?: DevOutboxMessage[]
  /** Delayed calls the invocation asked for, stored with its state. */
  tasks?: TaskRecord[]
  /** Delayed calls that ran (or gave up). */
  removedTaskIds?: number[]
  /** Delayed calls that found their instance busy and wait again. */
  retriedTasks?: Array<{ id: number; dueAt: number; busyRetries: number }>
}

/** The records of one kind kept for the RDK's database, sorted-set and file operations. */
export type RecordKind = 'db' | 'sortedSet' | 'file'

/** A range of sort keys in one partition, read in sort-key order (byte order, as DynamoDB's). */
export interface RecordQuery {
  beginsWith?: string
  greaterOrEqual?: string
  lessOrEqual?: string
  reverse?: boolean
  /** Continue after this sort key (the previous page's last). */
  after?: string
  limit: number
}

/**
 * Synchronous on purpose: both implementations are in-process, and a synchronous read-modify-write
 * cannot interleave with another request on Node's single thread.
 */
export interface Storage {
  /** The instance as stored, its state the caller's own copy (changing it changes nothing stored). */
  getInstance(projectId: string, classId: string, instanceId: string): StoredInstance | undefined
  /** Whether the instance exists, without reading its state. */
  hasInstance(projectId: string, classId: string, instanceId: string): boolean
  /**
   * Ids of the instances of a class that hold user state for `userId`, oldest first, read from an
   * index kept by `commit`: the cost follows the answer, not the number of instances.
   */
  listInstanceIdsForUser(projectId: string, classId: string, userId: string): string[]
  findLookupKey(projectId: string, classId: string, name: string, value: string): string | undefined
  /**
   * Writes a change set atomically. A committed instance is also marked "not yet mirrored", in the
   * same transaction, until markMirrored is told its state reached the live documents: a crash
   * between the two leaves the mark, and the next start mirrors it (runtime/engine/mirror-journal.ts).
   */
  commit(changes: ChangeSet): void
  /**
   * Every instance of a project (class and id), for writing all live documents again when the
   * Firestore emulator lost them (rio-local/firestore/remirror.ts).
   */
  listInstanceKeys(projectId: string): Array<{ classId: string; instanceId: string }>
  /** The instances whose latest committed state is not known to be mirrored. */
  pendingMirrors(): Array<{ projectId: string; classId: string; instanceId: string }>
  /**
   * Clears an instance's mark if `mark` (storage/mirror-mark.ts) is still its latest committed
   * state's (a newer one stays marked).
   */
  markMirrored(projectId: string, classId: string, instanceId: string, mark: string): void
  /** Marks a single-use token id as used; false when it already was. `expiresAt` in epoch seconds. */
  useTokenOnce(jti: string, expiresAt: number): boolean
  /**
   * Records the first use of a refresh token (`usedAtMs` epoch ms; kept until `expiresAt`, epoch
   * seconds). Answers undefined on that first use, and the time of the first use on any later one.
   */
  claimRefreshToken(jti: string, usedAtMs: number, expiresAt: number): number | undefined
  /** Revokes a session (its refresh and access tokens) until `expiresAt` (epoch seconds). */
  revokeSession(sid: string, expiresAt: number): void
  isSessionRevoked(sid: string): boolean
  /** Outbox messages for one address (or all), newest first. */
  listOutbox(to?: string, limit?: number): DevOutboxMessage[]
  /**
   * The project's pending delayed calls, in due order (`dueAt`, then `id`); with `dueBy` (epoch
   * ms), only those due at or before it, so running what is due reads nothing else.
   */
  listTasks(projectId: string, dueBy?: number): StoredTask[]
  /** When the project's earliest pending delayed call is due (epoch ms); null when none is pending. */
  nextTaskDueAt(projectId: string): number | null
  /** Instance ids of a class in id order, after `after`, at most `limit` (rdk.listInstanceIds). */
  listInstanceIds(projectId: string, classId: string, after: string | undefined, limit: number): string[]
  /** One record's JSON (database item, sorted-set member, file body), or undefined. */
  getRecord(projectId: string, kind: RecordKind, part: string, sort: string): string | undefined
  /** Writes (or with undefined, removes) one record at once: these operations are not part of an invocation's commit on Retter either. */
  putRecord(projectId: string, kind: RecordKind, part: string, sort: string, value: string | undefined): void
  /** Records of one partition in sort-key order. */
  queryRecords(projectId: string, kind: RecordKind, part: string, query: RecordQuery): Array<{ sort: string; value: string }>
  /** Removes every record of one partition. */
  removePartition(projectId: string, kind: RecordKind, part: string): void
  close(): void
}
