/**
 * SQLite storage (better-sqlite3, WAL). Loaded lazily by app.ts so the in-memory path never
 * touches a native module (the web app's jsdom tests import the backend core).
 */
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { ensurePrivateDir, ensurePrivateFile, restrictFiles } from './data-dir'
import type { ChangeSet, DevOutboxMessage, RecordKind, RecordQuery, Storage, StoredInstance, StoredTask, TaskReferer } from './types'
import { selectRecords } from './records'

// `cloud_instances` replaced `instances` when ids became secret-keyed: old rows are unreachable anyway.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS cloud_instances (
  project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL,
  state TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
  PRIMARY KEY (project_id, class_id, instance_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS lookup_keys (
  project_id TEXT NOT NULL, class_id TEXT NOT NULL, key_name TEXT NOT NULL, key_value TEXT NOT NULL,
  instance_id TEXT NOT NULL,
  PRIMARY KEY (project_id, class_id, key_name, key_value)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS used_tokens (jti TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS used_refresh_tokens (jti TEXT PRIMARY KEY, used_at_ms INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS revoked_sessions (sid TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT, to_addr TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL,
  code TEXT NOT NULL, sent_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_to ON outbox (to_addr, id);
CREATE TABLE IF NOT EXISTS tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL, class_id TEXT NOT NULL, method TEXT NOT NULL,
  instance_id TEXT, lookup_name TEXT, lookup_value TEXT, payload TEXT, due_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL, referer TEXT NOT NULL, source_ip TEXT NOT NULL, busy_retries INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tasks_due ON tasks (project_id, due_at, id);
CREATE TABLE IF NOT EXISTS instance_users (
  project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL, user_id TEXT NOT NULL,
  PRIMARY KEY (project_id, class_id, instance_id, user_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS instance_users_by_user ON instance_users (project_id, class_id, user_id);
CREATE TABLE IF NOT EXISTS project_records (
  project_id TEXT NOT NULL, kind TEXT NOT NULL, part TEXT NOT NULL, sort TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (project_id, kind, part, sort)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mirror_pending (
  project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL, state_hash TEXT NOT NULL,
  PRIMARY KEY (project_id, class_id, instance_id)
) WITHOUT ROWID;
`

/** Columns added after a table was first shipped: data folders made before them get them on open. */
const ADDED_COLUMNS: Array<{ table: string; column: string; type: string }> = [
  { table: 'outbox', column: 'html', type: 'TEXT' },
  // `data.version`: an instance stored before it counted starts at 1.
  { table: 'cloud_instances', column: 'version', type: 'INTEGER NOT NULL DEFAULT 1' },
]

function addMissingColumns(db: Database.Database): void {
  for (const { table, column, type } of ADDED_COLUMNS) {
    const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all()
    if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`)
  }
}

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

function toInstance(row: InstanceRow): StoredInstance {
  return {
    projectId: row.project_id,
    classId: row.class_id,
    instanceId: row.instance_id,
    state: JSON.parse(row.state) as StoredInstance['state'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  }
}

/** A short fingerprint of a state's JSON: a mirror mark is cleared only for the state it was set for. */
function stateHash(stateJson: string): string {
  return createHash('sha256').update(stateJson).digest('base64url')
}

function toMessage(row: OutboxRow): DevOutboxMessage {
  return {
    to: row.to_addr,
    subject: row.subject,
    text: row.body,
    ...(row.code === '' ? {} : { code: row.code }),
    ...(row.html === null ? {} : { html: row.html }),
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
 * Opens (creating if needed) `<dir>/backend.sqlite`.
 * @param dir the data folder; created when missing
 * @param nowSeconds clock used to purge expired token bookkeeping at start
 */
export function createSqliteStorage(dir: string, nowSeconds: number = Math.floor(Date.now() / 1000)): Storage {
  ensurePrivateDir(dir)
  const file = join(dir, 'backend.sqlite')
  // SQLite gives its -wal and -shm files the database file's mode: create that one 0600 first.
  ensurePrivateFile(file)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  restrictFiles([`${file}-wal`, `${file}-shm`])
  // NORMAL is durable across process crashes in WAL mode; only an OS crash may lose the last commit.
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 2000')
  // A database from before LIST's index (instance_users) gets it filled from the stored states once.
  const hadUserIndex = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'instance_users'").get() !== undefined
  // Nor can it tell what was mirrored: every instance is mirrored once at the next start.
  const hadMirrorMarks = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mirror_pending'").get() !== undefined
  db.exec(SCHEMA)
  addMissingColumns(db)
  db.prepare('DELETE FROM used_tokens WHERE expires_at < ?').run(nowSeconds)
  db.prepare('DELETE FROM revoked_sessions WHERE expires_at < ?').run(nowSeconds)
  db.prepare('DELETE FROM used_refresh_tokens WHERE expires_at < ?').run(nowSeconds)

  const getInstance = db.prepare<[string, string, string], InstanceRow>(
    'SELECT * FROM cloud_instances WHERE project_id = ? AND class_id = ? AND instance_id = ?',
  )
  const upsertInstance = db.prepare(
    `INSERT INTO cloud_instances (project_id, class_id, instance_id, state, created_at, updated_at, version)
     VALUES (@projectId, @classId, @instanceId, @state, @createdAt, @updatedAt, @version)
     ON CONFLICT (project_id, class_id, instance_id)
     DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, version = excluded.version`,
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
  const indexInstanceUsers = (projectId: string, classId: string, instanceId: string, state: StoredInstance['state']) => {
    unindexUsers.run(projectId, classId, instanceId)
    for (const userId of Object.keys(state.user ?? {})) indexUser.run(projectId, classId, instanceId, userId)
  }
  const markPending = db.prepare<[string, string, string, string]>(
    'INSERT OR REPLACE INTO mirror_pending (project_id, class_id, instance_id, state_hash) VALUES (?, ?, ?, ?)',
  )
  const clearPending = db.prepare<[string, string, string, string]>(
    'DELETE FROM mirror_pending WHERE project_id = ? AND class_id = ? AND instance_id = ? AND state_hash = ?',
  )
  const instanceKeys = db.prepare<[string], { class_id: string; instance_id: string }>(
    'SELECT class_id, instance_id FROM cloud_instances WHERE project_id = ? ORDER BY class_id, instance_id',
  )
  const allPending = db.prepare<[], { project_id: string; class_id: string; instance_id: string }>(
    'SELECT project_id, class_id, instance_id FROM mirror_pending',
  )
  if (!hadMirrorMarks) {
    db.transaction(() => {
      for (const row of db.prepare<[], InstanceRow>('SELECT * FROM cloud_instances').all()) {
        markPending.run(row.project_id, row.class_id, row.instance_id, stateHash(row.state))
      }
    })()
  }
  if (!hadUserIndex) {
    db.transaction(() => {
      // all(), not iterate(): better-sqlite3 allows no write while a read is still open.
      for (const row of db.prepare<[], InstanceRow>('SELECT * FROM cloud_instances').all()) {
        indexInstanceUsers(row.project_id, row.class_id, row.instance_id, toInstance(row).state)
      }
    })()
  }
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
  const insertOutbox = db.prepare(
    'INSERT INTO outbox (to_addr, subject, body, code, html, sent_at) VALUES (@to, @subject, @text, @code, @html, @sentAt)',
  )
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
  const useToken = db.prepare('INSERT OR IGNORE INTO used_tokens (jti, expires_at) VALUES (?, ?)')
  const claimRefresh = db.prepare('INSERT OR IGNORE INTO used_refresh_tokens (jti, used_at_ms, expires_at) VALUES (?, ?, ?)')
  const firstRefreshUse = db.prepare<[string], { used_at_ms: number }>('SELECT used_at_ms FROM used_refresh_tokens WHERE jti = ?')
  const revoke = db.prepare('INSERT OR REPLACE INTO revoked_sessions (sid, expires_at) VALUES (?, ?)')
  const isRevoked = db.prepare<[string], { sid: string }>('SELECT sid FROM revoked_sessions WHERE sid = ?')
  const outboxFor = db.prepare<[string, number], OutboxRow>(
    'SELECT * FROM outbox WHERE to_addr = ? ORDER BY id DESC LIMIT ?',
  )
  const outboxAll = db.prepare<[number], OutboxRow>('SELECT * FROM outbox ORDER BY id DESC LIMIT ?')

  const commit = db.transaction((changes: ChangeSet) => {
    if (changes.instance) {
      const i = changes.instance
      const state = JSON.stringify(i.state)
      markPending.run(i.projectId, i.classId, i.instanceId, stateHash(state))
      upsertInstance.run({
        projectId: i.projectId,
        classId: i.classId,
        instanceId: i.instanceId,
        state,
        createdAt: i.createdAt,
        updatedAt: i.updatedAt,
        version: i.version ?? 1,
      })
      indexInstanceUsers(i.projectId, i.classId, i.instanceId, i.state)
    }
    for (const k of changes.removedLookupKeys ?? []) deleteLookup.run(k.projectId, k.classId, k.name, k.value)
    for (const k of changes.lookupKeys ?? []) upsertLookup.run(k)
    for (const m of changes.outbox ?? []) insertOutbox.run({ to: m.to, subject: m.subject, text: m.text, code: m.code ?? '', html: m.html ?? null, sentAt: m.sentAt })
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
  })

  const listIds = db.prepare<[string, string, string, number], { instance_id: string }>(
    'SELECT instance_id FROM cloud_instances WHERE project_id = ? AND class_id = ? AND instance_id > ? ORDER BY instance_id LIMIT ?',
  )
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
    getInstance: (p, c, i) => {
      const row = getInstance.get(p, c, i)
      return row && toInstance(row)
    },
    listInstanceKeys: (p) => instanceKeys.all(p).map((r) => ({ classId: r.class_id, instanceId: r.instance_id })),
    listInstanceIdsForUser: (p, c, u) => idsForUser.all(p, c, u).map((row) => row.instance_id),
    findLookupKey: (p, c, n, v) => findLookup.get(p, c, n, v)?.instance_id,
    commit: (changes) => commit(changes),
    pendingMirrors: () => allPending.all().map((r) => ({ projectId: r.project_id, classId: r.class_id, instanceId: r.instance_id })),
    markMirrored: (p, c, i, state) => {
      clearPending.run(p, c, i, stateHash(JSON.stringify(state)))
    },
    useTokenOnce: (jti, expiresAt) => useToken.run(jti, expiresAt).changes === 1,
    claimRefreshToken: (jti, usedAtMs, expiresAt) =>
      claimRefresh.run(jti, usedAtMs, expiresAt).changes === 1 ? undefined : firstRefreshUse.get(jti)?.used_at_ms,
    revokeSession: (sid, expiresAt) => {
      revoke.run(sid, expiresAt)
    },
    isSessionRevoked: (sid) => isRevoked.get(sid) !== undefined,
    listOutbox: (to, limit = 50) => (to === undefined ? outboxAll.all(limit) : outboxFor.all(to, limit)).map(toMessage),
    listTasks: (projectId, dueBy) => (dueBy === undefined ? listTasks.all(projectId) : listDueTasks.all(projectId, dueBy)).map(toTask),
    nextTaskDueAt: (projectId) => nextDueAt.get(projectId)?.due_at ?? null,
    listInstanceIds: (p, c, after, limit) =>
      listIds.all(p, c, after ?? '', limit).map((r) => r.instance_id),
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
    close: () => {
      if (db.open) db.close()
    },
  }
}
