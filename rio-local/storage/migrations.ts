/**
 * The SQLite schema as numbered migrations. `PRAGMA user_version` holds how many have run; each
 * runs once, in order, in its own transaction with the version bump, so a crash leaves a database
 * at the last whole step.
 *
 * Data folders made before this file have `user_version` 0 in any of the earlier shapes, so the
 * steps that add something check whether it is there already: for those databases a step may find
 * its work done. New steps go at the end; a shipped step is never edited.
 */
import type Database from 'better-sqlite3'
import { createHash } from 'node:crypto'

type Db = Database.Database

/** One step of the schema: a name for errors and logs, and the change it makes. */
export interface Migration {
  name: string
  up(db: Db): void
}

function hasTable(db: Db, table: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined
}

function hasColumn(db: Db, table: string, column: string): boolean {
  return db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table).some((c) => c.name === column)
}

function addColumnOnce(db: Db, table: string, column: string, type: string): void {
  if (!hasColumn(db, table, column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`)
}

/** A short fingerprint of a state's JSON: what the first mirror marks held (createMirrorPending). */
function stateHash(stateJson: string): string {
  return createHash('sha256').update(stateJson).digest('base64url')
}

/** The tables the first runtime shipped with. */
function createFirstTables(db: Db): void {
  db.exec(`
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
CREATE TABLE IF NOT EXISTS revoked_sessions (sid TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT, to_addr TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL,
  code TEXT NOT NULL, sent_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_to ON outbox (to_addr, id);
`)
}

/**
 * `cloud_instances` replaced `instances` when instance ids became secret-keyed: no request can
 * reach an old row, so the old table only took space.
 */
function dropPreSecretInstances(db: Db): void {
  db.exec('DROP TABLE IF EXISTS instances')
}

/** Single-use refresh tokens and the time each was first redeemed (the reuse interval). */
function createUsedRefreshTokens(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS used_refresh_tokens (jti TEXT PRIMARY KEY, used_at_ms INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID')
}

/** Delayed calls (`data.tasks`, `data.schedule`), read by due time. */
function createTasks(db: Db): void {
  db.exec(`
CREATE TABLE IF NOT EXISTS tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL, class_id TEXT NOT NULL, method TEXT NOT NULL,
  instance_id TEXT, lookup_name TEXT, lookup_value TEXT, payload TEXT, due_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL, referer TEXT NOT NULL, source_ip TEXT NOT NULL, busy_retries INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tasks_due ON tasks (project_id, due_at, id);
`)
}

/** The HTML part of a sent e-mail (NULL for the messages stored before it). */
function addOutboxHtml(db: Db): void {
  addColumnOnce(db, 'outbox', 'html', 'TEXT')
}

/** The files attached to a sent e-mail, as JSON (NULL for none, and for messages stored before). */
function addOutboxAttachments(db: Db): void {
  addColumnOnce(db, 'outbox', 'attachments', 'TEXT')
}

/** LIST's per-user index, filled from the stored states of a database made before it. */
function createInstanceUsers(db: Db): void {
  const backFill = !hasTable(db, 'instance_users')
  db.exec(`
CREATE TABLE IF NOT EXISTS instance_users (
  project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL, user_id TEXT NOT NULL,
  PRIMARY KEY (project_id, class_id, instance_id, user_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS instance_users_by_user ON instance_users (project_id, class_id, user_id);
`)
  if (!backFill) return
  const index = db.prepare<[string, string, string, string]>('INSERT OR IGNORE INTO instance_users (project_id, class_id, instance_id, user_id) VALUES (?, ?, ?, ?)')
  // all(), not iterate(): better-sqlite3 allows no write while a read is still open.
  const rows = db.prepare<[], { project_id: string; class_id: string; instance_id: string; state: string }>('SELECT project_id, class_id, instance_id, state FROM cloud_instances').all()
  for (const row of rows) {
    const state = JSON.parse(row.state) as { user?: Record<string, unknown> }
    for (const userId of Object.keys(state.user ?? {})) index.run(row.project_id, row.class_id, row.instance_id, userId)
  }
}

/**
 * Marks of commits not yet in the live documents. A database made before them cannot tell what
 * was mirrored, so every instance is marked and mirrored once at the next start.
 */
function createMirrorPending(db: Db): void {
  const markAll = !hasTable(db, 'mirror_pending')
  db.exec(`
CREATE TABLE IF NOT EXISTS mirror_pending (
  project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL, state_hash TEXT NOT NULL,
  PRIMARY KEY (project_id, class_id, instance_id)
) WITHOUT ROWID;
`)
  if (!markAll) return
  const mark = db.prepare<[string, string, string, string]>('INSERT OR REPLACE INTO mirror_pending (project_id, class_id, instance_id, state_hash) VALUES (?, ?, ?, ?)')
  const rows = db.prepare<[], { project_id: string; class_id: string; instance_id: string; state: string }>('SELECT project_id, class_id, instance_id, state FROM cloud_instances').all()
  for (const row of rows) mark.run(row.project_id, row.class_id, row.instance_id, stateHash(row.state))
}

/** `data.version`: an instance stored before it counted starts at 1. */
function addInstanceVersion(db: Db): void {
  addColumnOnce(db, 'cloud_instances', 'version', 'INTEGER NOT NULL DEFAULT 1')
}

/**
 * A mirror mark names its state by the instance's creation time and version (mirror-mark.ts)
 * instead of a hash of its JSON. A mark always stands for the latest committed state, so each
 * mark kept becomes that state's.
 */
function markMirrorsByVersion(db: Db): void {
  if (!hasColumn(db, 'mirror_pending', 'state_hash')) return
  db.exec(`
ALTER TABLE mirror_pending RENAME COLUMN state_hash TO state_mark;
UPDATE mirror_pending SET state_mark = i.created_at || '.' || i.version FROM cloud_instances i
WHERE i.project_id = mirror_pending.project_id AND i.class_id = mirror_pending.class_id AND i.instance_id = mirror_pending.instance_id;
`)
}

/**
 * States live in a table with rowids. In a WITHOUT ROWID table every row is a cell of the key's
 * B-tree, which SQLite meant for small rows: rewriting a state of hundreds of kilobytes there (a day's
 * board, at each charge) cost about four times what it costs in a rowid table, where the key's
 * index points to the row (1,000 such writes with 8,000 small ones: 0.79 s against 1.1–1.6 s).
 */
function moveStatesToRowidTable(db: Db): void {
  const table = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'cloud_instances'").get()
  if (!table || !/WITHOUT\s+ROWID/i.test(table.sql)) return
  db.exec(`
CREATE TABLE cloud_instances_by_rowid (
  project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL,
  state TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, class_id, instance_id)
);
INSERT INTO cloud_instances_by_rowid (project_id, class_id, instance_id, state, created_at, updated_at, version)
  SELECT project_id, class_id, instance_id, state, created_at, updated_at, version FROM cloud_instances;
DROP TABLE cloud_instances;
ALTER TABLE cloud_instances_by_rowid RENAME TO cloud_instances;
`)
}

/** The RDK's database, sorted-set and file operations. */
function createProjectRecords(db: Db): void {
  db.exec(`
CREATE TABLE IF NOT EXISTS project_records (
  project_id TEXT NOT NULL, kind TEXT NOT NULL, part TEXT NOT NULL, sort TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (project_id, kind, part, sort)
) WITHOUT ROWID;
`)
}

/** Every step, in order; `user_version` N means the first N have run. */
export const MIGRATIONS: readonly Migration[] = [
  { name: 'createFirstTables', up: createFirstTables },
  { name: 'dropPreSecretInstances', up: dropPreSecretInstances },
  { name: 'createUsedRefreshTokens', up: createUsedRefreshTokens },
  { name: 'createTasks', up: createTasks },
  { name: 'addOutboxHtml', up: addOutboxHtml },
  { name: 'createInstanceUsers', up: createInstanceUsers },
  { name: 'createMirrorPending', up: createMirrorPending },
  { name: 'addInstanceVersion', up: addInstanceVersion },
  { name: 'createProjectRecords', up: createProjectRecords },
  { name: 'addOutboxAttachments', up: addOutboxAttachments },
  { name: 'markMirrorsByVersion', up: markMirrorsByVersion },
  { name: 'moveStatesToRowidTable', up: moveStatesToRowidTable },
]

/** The `user_version` of a database with every migration run. */
export const SCHEMA_VERSION = MIGRATIONS.length

/**
 * Runs the migrations a database has not had yet, each in its own transaction with its version.
 * @param db an open database
 * @param file its path, named in the error for a database of a newer runtime
 * @returns the names of the migrations run
 */
export function migrate(db: Db, file: string, migrations: readonly Migration[] = MIGRATIONS): string[] {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > migrations.length) {
    throw new Error(
      `${file} has schema version ${current}, newer than this runtime's ${migrations.length}: it was written by a newer rio-local; update this checkout or use another RIO_LOCAL_DATA_DIR`,
    )
  }
  const ran: string[] = []
  migrations.slice(current).forEach((migration, i) => {
    const version = current + i + 1
    db.transaction(() => {
      migration.up(db)
      db.pragma(`user_version = ${version}`)
    })()
    ran.push(migration.name)
  })
  return ran
}
