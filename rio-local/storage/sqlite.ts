/**
 * SQLite storage (better-sqlite3, WAL). Loaded lazily by app.ts so the in-memory path never
 * touches a native module (the web app's jsdom tests import the backend core). The schema is
 * built and evolved by numbered migrations (migrations.ts).
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { ensurePrivateDir, ensurePrivateFile, restrictFiles } from './data-dir'
import { migrate } from './migrations'
import { mirrorMarkOf } from './mirror-mark'
import type { ChangeSet, DevOutboxMessage, RecordKind, RecordQuery, Storage, StoredInstance, StoredTask, TaskReferer } from './types'
import { selectRecords } from './records'
import { createInstanceCache, userKeysOf, type CachedRow } from './instance-cache'
import { rememberStoredJson } from './state-json'

type Db = Database.Database

interface InstanceRow {
  project_id: string
  class_id: string
  instance_id: string
  state: string
  created_at: number
  updated_at: number
  version: number
}

interface OutboxRow {
  to_addr: string
  subject: string
  body: string
  /** '' when the message carries no sign-in code. */
  code: string
  html: string | null
  /** JSON of the attachments; NULL for none. */
  attachments: string | null
  sent_at: string
}

interface TaskRow {
  id: number
  project_id: string
  class_id: string
  method: string
  instance_id: string | null
  lookup_name: string | null
  lookup_value: string | null
  payload: string | null
  due_at: number
  created_at: number
  referer: string
  source_ip: string
  busy_retries: number
}

/** A cached row as the caller's own instance: its state parsed afresh and remembered with its JSON. */
function toInstance(projectId: string, classId: string, instanceId: string, row: CachedRow): StoredInstance {
  const state = JSON.parse(row.json) as StoredInstance['state']
  rememberStoredJson(state, row.json)
  return { projectId, classId, instanceId, state, createdAt: row.createdAt, updatedAt: row.updatedAt, version: row.version }
}

function toCachedRow(row: InstanceRow): CachedRow {
  const state = JSON.parse(row.state) as Partial<StoredInstance['state']>
  return { json: row.state, createdAt: row.created_at, updatedAt: row.updated_at, version: row.version, users: userKeysOf(state.user) }
}

const cacheKey = (projectId: string, classId: string, instanceId: string) => `${projectId}\u0000${classId}\u0000${instanceId}`

function toMessage(row: OutboxRow): DevOutboxMessage {
  return {
    to: row.to_addr,
    subject: row.subject,
    text: row.body,
    ...(row.code === '' ? {} : { code: row.code }),
    ...(row.html === null ? {} : { html: row.html }),
    ...(row.attachments ? { attachments: JSON.parse(row.attachments) as NonNullable<DevOutboxMessage['attachments']> } : {}),
    sentAt: row.sent_at,
  }
}

function toTask(row: TaskRow): StoredTask {
  return {
    id: row.id,
    projectId: row.project_id,
    classId: row.class_id,
    method: row.method,
    ...(row.instance_id === null ? {} : { instanceId: row.instance_id }),
    ...(row.lookup_name === null || row.lookup_value === null ? {} : { lookupKey: { name: row.lookup_name, value: row.lookup_value } }),
    // NULL: the entry had no payload; the text 'null' is a payload of null.
    ...(row.payload === null ? {} : { payload: JSON.parse(row.payload) as unknown }),
    dueAt: row.due_at,
    createdAt: row.created_at,
    referer: JSON.parse(row.referer) as TaskReferer,
    sourceIP: row.source_ip,
    busyRetries: row.busy_retries,
  }
}

/**
 * WAL pages between automatic checkpoints (SQLite's default is 1,000, 4 MB). A day's board of
 * hundreds of kilobytes is a hundred pages a write, so the default copied the WAL back into the
 * database every few charges; 16 MB moves the same bytes in fewer, larger checkpoints.
 */
const WAL_CHECKPOINT_PAGES = 4096

/** Opens `file` in a private `dir` with the pragmas the runtime relies on. */
function openDatabase(dir: string, file: string): Db {
  ensurePrivateDir(dir)
  // SQLite gives its -wal and -shm files the database file's mode: create that one 0600 first.
  ensurePrivateFile(file)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  restrictFiles([`${file}-wal`, `${file}-shm`])
  // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last commit.
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 2000')
  db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`)
  return db
}

/** Token bookkeeping past its expiry can no longer matter: drop it at start. */
function purgeExpiredTokens(db: Db, nowSeconds: number): void {
  db.prepare('DELETE FROM used_tokens WHERE expires_at < ?').run(nowSeconds)
  db.prepare('DELETE FROM revoked_sessions WHERE expires_at < ?').run(nowSeconds)
  db.prepare('DELETE FROM used_refresh_tokens WHERE expires_at < ?').run(nowSeconds)
}

/**
 * Instances with their per-user index and mirror marks, which every stored state updates. Reads
 * come from the cache of committed rows when it has them (instance-cache.ts); a commit writes the
 * state only when its JSON differs from the committed one, and the index only when its users do.
 */
function instanceStore(db: Db, maxCachedChars?: number) {
  const cache = createInstanceCache(maxCachedChars)
  const getInstance = db.prepare<[string, string, string], InstanceRow>(
    'SELECT * FROM cloud_instances WHERE project_id = ? AND class_id = ? AND instance_id = ?',
  )
  const upsertInstance = db.prepare(
    `INSERT INTO cloud_instances (project_id, class_id, instance_id, state, created_at, updated_at, version)
     VALUES (@projectId, @classId, @instanceId, @state, @createdAt, @updatedAt, @version)
     ON CONFLICT (project_id, class_id, instance_id)
     DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, version = excluded.version
     RETURNING created_at`,
  )
  const instanceExists = db.prepare<[string, string, string], { one: number }>(
    'SELECT 1 AS one FROM cloud_instances WHERE project_id = ? AND class_id = ? AND instance_id = ?',
  )
  const touchInstance = db.prepare<[number, number, string, string, string]>(
    'UPDATE cloud_instances SET updated_at = ?, version = ? WHERE project_id = ? AND class_id = ? AND instance_id = ?',
  )
  const unindexUsers = db.prepare<[string, string, string]>('DELETE FROM instance_users WHERE project_id = ? AND class_id = ? AND instance_id = ?')
  const indexUser = db.prepare<[string, string, string, string]>(
    'INSERT OR IGNORE INTO instance_users (project_id, class_id, instance_id, user_id) VALUES (?, ?, ?, ?)',
  )
  const idsForUser = db.prepare<[string, string, string], { instance_id: string }>(
    `SELECT u.instance_id FROM instance_users u
     JOIN cloud_instances i ON i.project_id = u.project_id AND i.class_id = u.class_id AND i.instance_id = u.instance_id
     WHERE u.project_id = ? AND u.class_id = ? AND u.user_id = ? ORDER BY i.created_at, u.instance_id`,
  )
  const markPending = db.prepare<[string, string, string, string]>(
    'INSERT OR REPLACE INTO mirror_pending (project_id, class_id, instance_id, state_mark) VALUES (?, ?, ?, ?)',
  )
  const clearPending = db.prepare<[string, string, string, string]>(
    'DELETE FROM mirror_pending WHERE project_id = ? AND class_id = ? AND instance_id = ? AND state_mark = ?',
  )
  const instanceKeys = db.prepare<[string], { class_id: string; instance_id: string }>(
    'SELECT class_id, instance_id FROM cloud_instances WHERE project_id = ? ORDER BY class_id, instance_id',
  )
  const allPending = db.prepare<[], { project_id: string; class_id: string; instance_id: string }>(
    'SELECT project_id, class_id, instance_id FROM mirror_pending',
  )
  const listIds = db.prepare<[string, string, string, number], { instance_id: string }>(
    'SELECT instance_id FROM cloud_instances WHERE project_id = ? AND class_id = ? AND instance_id > ? ORDER BY instance_id LIMIT ?',
  )
  return {
    /**
     * Stores one instance, its per-user index and its not-yet-mirrored mark (inside a commit).
     * @param json the state's JSON when the caller has it
     * @returns what the cache holds for the instance once the commit is through
     */
    write(i: StoredInstance, json?: string): { key: string; row: CachedRow } {
      const state = json ?? JSON.stringify(i.state)
      const key = cacheKey(i.projectId, i.classId, i.instanceId)
      const before = cache.get(key)
      const version = i.version ?? 1
      let createdAt: number
      if (before && before.json === state) {
        // The same state: its row, mark and live documents stand; only the time and version move.
        touchInstance.run(i.updatedAt, version, i.projectId, i.classId, i.instanceId)
        createdAt = before.createdAt
      } else {
        // An update keeps the row's own createdAt: the cache and the mark take the stored one.
        createdAt = (upsertInstance.get({ projectId: i.projectId, classId: i.classId, instanceId: i.instanceId, state, createdAt: i.createdAt, updatedAt: i.updatedAt, version }) as { created_at: number }).created_at
        markPending.run(i.projectId, i.classId, i.instanceId, mirrorMarkOf({ createdAt, version }))
      }
      const users = userKeysOf(i.state.user)
      if (!before || before.users !== users) {
        unindexUsers.run(i.projectId, i.classId, i.instanceId)
        for (const userId of Object.keys(i.state.user ?? {})) indexUser.run(i.projectId, i.classId, i.instanceId, userId)
      }
      return { key, row: { json: state, createdAt, updatedAt: i.updatedAt, version, users } }
    },
    /** After a commit: the cache holds what it wrote. */
    committed(written: { key: string; row: CachedRow }): void {
      cache.set(written.key, written.row)
    },
    clearCache: () => cache.clear(),
    reads: {
      getInstance: (p, c, i) => {
        const key = cacheKey(p, c, i)
        let row = cache.get(key)
        if (!row) {
          const stored = getInstance.get(p, c, i)
          if (!stored) return undefined
          row = toCachedRow(stored)
          cache.set(key, row)
        }
        return toInstance(p, c, i, row)
      },
      hasInstance: (p, c, i) => cache.get(cacheKey(p, c, i)) !== undefined || instanceExists.get(p, c, i) !== undefined,
      listInstanceKeys: (p) => instanceKeys.all(p).map((r) => ({ classId: r.class_id, instanceId: r.instance_id })),
      listInstanceIdsForUser: (p, c, u) => idsForUser.all(p, c, u).map((row) => row.instance_id),
      pendingMirrors: () => allPending.all().map((r) => ({ projectId: r.project_id, classId: r.class_id, instanceId: r.instance_id })),
      markMirrored: (p, c, i, mark) => {
        clearPending.run(p, c, i, mark)
      },
      listInstanceIds: (p, c, after, limit) => listIds.all(p, c, after ?? '', limit).map((r) => r.instance_id),
    } satisfies Partial<Storage>,
  }
}

/** Lookup keys, written in a commit and read by `findLookupKey`. */
function lookupStore(db: Db) {
  const findLookup = db.prepare<[string, string, string, string], { instance_id: string }>(
    'SELECT instance_id FROM lookup_keys WHERE project_id = ? AND class_id = ? AND key_name = ? AND key_value = ?',
  )
  const upsertLookup = db.prepare(
    `INSERT INTO lookup_keys (project_id, class_id, key_name, key_value, instance_id)
     VALUES (@projectId, @classId, @name, @value, @instanceId)
     ON CONFLICT DO UPDATE SET instance_id = excluded.instance_id`,
  )
  const deleteLookup = db.prepare<[string, string, string, string]>(
    'DELETE FROM lookup_keys WHERE project_id = ? AND class_id = ? AND key_name = ? AND key_value = ?',
  )
  return {
    write(changes: ChangeSet): void {
      for (const k of changes.removedLookupKeys ?? []) deleteLookup.run(k.projectId, k.classId, k.name, k.value)
      for (const k of changes.lookupKeys ?? []) upsertLookup.run(k)
    },
    reads: {
      findLookupKey: (p, c, n, v) => findLookup.get(p, c, n, v)?.instance_id,
    } satisfies Partial<Storage>,
  }
}

/** The dev outbox of sent e-mails. */
function outboxStore(db: Db) {
  const insertOutbox = db.prepare(
    'INSERT INTO outbox (to_addr, subject, body, code, html, attachments, sent_at) VALUES (@to, @subject, @text, @code, @html, @attachments, @sentAt)',
  )
  const outboxFor = db.prepare<[string, number], OutboxRow>(
    'SELECT * FROM outbox WHERE to_addr = ? ORDER BY id DESC LIMIT ?',
  )
  const outboxAll = db.prepare<[number], OutboxRow>('SELECT * FROM outbox ORDER BY id DESC LIMIT ?')
  return {
    write(changes: ChangeSet): void {
      for (const m of changes.outbox ?? []) insertOutbox.run({
        to: m.to, subject: m.subject, text: m.text, code: m.code ?? '', html: m.html ?? null, attachments: m.attachments ? JSON.stringify(m.attachments) : null, sentAt: m.sentAt,
      })
    },
    reads: {
      listOutbox: (to, limit = 50) => (to === undefined ? outboxAll.all(limit) : outboxFor.all(to, limit)).map(toMessage),
    } satisfies Partial<Storage>,
  }
}

/** Delayed calls: stored, retried and removed in commits; read by due time. */
function taskStore(db: Db) {
  const insertTask = db.prepare(
    `INSERT INTO tasks (project_id, class_id, method, instance_id, lookup_name, lookup_value, payload, due_at, created_at, referer, source_ip, busy_retries)
     VALUES (@projectId, @classId, @method, @instanceId, @lookupName, @lookupValue, @payload, @dueAt, @createdAt, @referer, @sourceIP, @busyRetries)`,
  )
  const deleteTask = db.prepare<[number]>('DELETE FROM tasks WHERE id = ?')
  const retryTask = db.prepare<[number, number, number]>('UPDATE tasks SET due_at = ?, busy_retries = ? WHERE id = ?')
  const listTasks = db.prepare<[string], TaskRow>('SELECT * FROM tasks WHERE project_id = ? ORDER BY due_at, id')
  // Both read the tasks_due index: the runner asks on every commit that stores tasks and per batch.
  const listDueTasks = db.prepare<[string, number], TaskRow>('SELECT * FROM tasks WHERE project_id = ? AND due_at <= ? ORDER BY due_at, id')
  const nextDueAt = db.prepare<[string], { due_at: number | null }>('SELECT MIN(due_at) AS due_at FROM tasks WHERE project_id = ?')
  return {
    write(changes: ChangeSet): void {
      for (const id of changes.removedTaskIds ?? []) deleteTask.run(id)
      for (const r of changes.retriedTasks ?? []) retryTask.run(r.dueAt, r.busyRetries, r.id)
      for (const t of changes.tasks ?? []) {
        insertTask.run({
          projectId: t.projectId,
          classId: t.classId,
          method: t.method,
          instanceId: t.instanceId ?? null,
          lookupName: t.lookupKey?.name ?? null,
          lookupValue: t.lookupKey?.value ?? null,
          payload: t.payload === undefined ? null : JSON.stringify(t.payload),
          dueAt: t.dueAt,
          createdAt: t.createdAt,
          referer: JSON.stringify(t.referer),
          sourceIP: t.sourceIP,
          busyRetries: t.busyRetries,
        })
      }
    },
    reads: {
      listTasks: (projectId, dueBy) => (dueBy === undefined ? listTasks.all(projectId) : listDueTasks.all(projectId, dueBy)).map(toTask),
      nextTaskDueAt: (projectId) => nextDueAt.get(projectId)?.due_at ?? null,
    } satisfies Partial<Storage>,
  }
}

/** Single-use custom tokens, refresh-token first uses and revoked sessions. */
function tokenStore(db: Db) {
  const useToken = db.prepare('INSERT OR IGNORE INTO used_tokens (jti, expires_at) VALUES (?, ?)')
  const claimRefresh = db.prepare('INSERT OR IGNORE INTO used_refresh_tokens (jti, used_at_ms, expires_at) VALUES (?, ?, ?)')
  const firstRefreshUse = db.prepare<[string], { used_at_ms: number }>('SELECT used_at_ms FROM used_refresh_tokens WHERE jti = ?')
  const revoke = db.prepare('INSERT OR REPLACE INTO revoked_sessions (sid, expires_at) VALUES (?, ?)')
  const isRevoked = db.prepare<[string], { sid: string }>('SELECT sid FROM revoked_sessions WHERE sid = ?')
  return {
    useTokenOnce: (jti, expiresAt) => useToken.run(jti, expiresAt).changes === 1,
    claimRefreshToken: (jti, usedAtMs, expiresAt) =>
      claimRefresh.run(jti, usedAtMs, expiresAt).changes === 1 ? undefined : firstRefreshUse.get(jti)?.used_at_ms,
    revokeSession: (sid, expiresAt) => {
      revoke.run(sid, expiresAt)
    },
    isSessionRevoked: (sid) => isRevoked.get(sid) !== undefined,
  } satisfies Partial<Storage>
}

/** The RDK's database, sorted-set and file records. */
function recordStore(db: Db) {
  const getRecordRow = db.prepare<[string, string, string, string], { value: string }>(
    'SELECT value FROM project_records WHERE project_id = ? AND kind = ? AND part = ? AND sort = ?',
  )
  const putRecordRow = db.prepare<[string, string, string, string, string]>(
    'INSERT OR REPLACE INTO project_records (project_id, kind, part, sort, value) VALUES (?, ?, ?, ?, ?)',
  )
  const deleteRecordRow = db.prepare<[string, string, string, string]>('DELETE FROM project_records WHERE project_id = ? AND kind = ? AND part = ? AND sort = ?')
  const partitionRows = db.prepare<[string, string, string], { sort: string; value: string }>(
    'SELECT sort, value FROM project_records WHERE project_id = ? AND kind = ? AND part = ? ORDER BY sort',
  )
  const removePartitionRows = db.prepare<[string, string, string]>('DELETE FROM project_records WHERE project_id = ? AND kind = ? AND part = ?')
  return {
    getRecord: (p, kind: RecordKind, part, sort) => getRecordRow.get(p, kind, part, sort)?.value,
    putRecord: (p, kind: RecordKind, part, sort, value) => {
      if (value === undefined) deleteRecordRow.run(p, kind, part, sort)
      else putRecordRow.run(p, kind, part, sort, value)
    },
    // A local partition is small: read it whole in key order and select in one place (records.ts).
    queryRecords: (p, kind: RecordKind, part, query: RecordQuery) => selectRecords(partitionRows.all(p, kind, part), query),
    removePartition: (p, kind: RecordKind, part) => {
      removePartitionRows.run(p, kind, part)
    },
  } satisfies Partial<Storage>
}

/**
 * Opens (creating if needed) `<dir>/backend.sqlite`, bringing its schema up to date.
 * @param dir the data folder; created when missing
 * @param nowSeconds clock used to purge expired token bookkeeping at start
 */
export function createSqliteStorage(dir: string, nowSeconds: number = Math.floor(Date.now() / 1000), options: { maxCachedChars?: number } = {}): Storage {
  const file = join(dir, 'backend.sqlite')
  const db = openDatabase(dir, file)
  migrate(db, file)
  purgeExpiredTokens(db, nowSeconds)
  const instances = instanceStore(db, options.maxCachedChars)
  const lookups = lookupStore(db)
  const outbox = outboxStore(db)
  const tasks = taskStore(db)
  // One transaction: a commit that fails stores none of its parts.
  const commit = db.transaction((changes: ChangeSet) => {
    const written = changes.instance && instances.write(changes.instance, changes.instanceStateJson)
    lookups.write(changes)
    outbox.write(changes)
    tasks.write(changes)
    return written
  })
  return {
    ...instances.reads,
    ...lookups.reads,
    ...outbox.reads,
    ...tasks.reads,
    ...tokenStore(db),
    ...recordStore(db),
    commit: (changes) => {
      // A commit that throws rolled back: the cache keeps the row that is still stored.
      const written = commit(changes)
      if (written) instances.committed(written)
    },
    close: () => {
      instances.clearCache()
      if (db.open) db.close()
    },
  }
}
