/**
 * Numbered migrations: a data folder of every earlier shape (built here with the SQL those
 * runtimes ran, user_version 0) opens with its data intact and the latest user_version; a database
 * of a newer runtime is refused; a failing step leaves the database at the last whole step.
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MIGRATIONS, SCHEMA_VERSION, migrate } from './migrations'
import { createSqliteStorage } from './sqlite'
import { mirrorMarkOf } from './mirror-mark'
import type { Storage } from './types'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

const FAR = 4_000_000_000
const STATE = { public: { n: 1 }, private: { secret: 'kept' }, user: { u1: { seen: true } }, role: {} }

/** The tables of the first runtime, with the pre-rename `instances` table beside them. */
const FIRST = `
CREATE TABLE instances (project_id TEXT, class_id TEXT, instance_id TEXT, state TEXT);
INSERT INTO instances VALUES ('p', 'Account', 'old-unkeyed-id', '{}');
CREATE TABLE cloud_instances (project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL,
  state TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (project_id, class_id, instance_id)) WITHOUT ROWID;
CREATE TABLE lookup_keys (project_id TEXT NOT NULL, class_id TEXT NOT NULL, key_name TEXT NOT NULL, key_value TEXT NOT NULL,
  instance_id TEXT NOT NULL, PRIMARY KEY (project_id, class_id, key_name, key_value)) WITHOUT ROWID;
CREATE TABLE used_tokens (jti TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE revoked_sessions (sid TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, to_addr TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL,
  code TEXT NOT NULL, sent_at TEXT NOT NULL);
INSERT INTO cloud_instances VALUES ('p', 'Account', 'a1', '${JSON.stringify(STATE)}', 10, 20);
INSERT INTO lookup_keys VALUES ('p', 'Account', 'email', 'sam@example.com', 'a1');
INSERT INTO used_tokens VALUES ('custom-1', ${FAR});
INSERT INTO revoked_sessions VALUES ('sid-1', ${FAR});
INSERT INTO outbox (to_addr, subject, body, code, sent_at) VALUES ('sam@example.com', 'Your code', 'Code 123456', '123456', '2026-01-01T00:00:00.000Z');
`

/** Refresh-token reuse, delayed calls and HTML mail added; no per-user index, marks or version yet. */
const WITH_TASKS = `${FIRST}
CREATE TABLE used_refresh_tokens (jti TEXT PRIMARY KEY, used_at_ms INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE tasks (id INTEGER PRIMARY KEY AUTOINCREMENT, project_id TEXT NOT NULL, class_id TEXT NOT NULL, method TEXT NOT NULL,
  instance_id TEXT, lookup_name TEXT, lookup_value TEXT, payload TEXT, due_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL, referer TEXT NOT NULL, source_ip TEXT NOT NULL, busy_retries INTEGER NOT NULL);
ALTER TABLE outbox ADD COLUMN html TEXT;
INSERT INTO used_refresh_tokens VALUES ('refresh-1', 5000, ${FAR});
INSERT INTO tasks (project_id, class_id, method, instance_id, payload, due_at, created_at, referer, source_ip, busy_retries)
  VALUES ('p', 'Account', 'remind', 'a1', '{"day":"2026-12-01"}', 7000, 6000, '{"classId":"Account"}', '127.0.0.1', 0);
`

/** The per-user index and mirror marks exist (and a1's mark was cleared: it was mirrored); no version column. */
const WITH_MARKS = `${WITH_TASKS}
CREATE TABLE instance_users (project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL, user_id TEXT NOT NULL,
  PRIMARY KEY (project_id, class_id, instance_id, user_id)) WITHOUT ROWID;
CREATE TABLE mirror_pending (project_id TEXT NOT NULL, class_id TEXT NOT NULL, instance_id TEXT NOT NULL, state_hash TEXT NOT NULL,
  PRIMARY KEY (project_id, class_id, instance_id)) WITHOUT ROWID;
INSERT INTO instance_users VALUES ('p', 'Account', 'a1', 'u1');
`

/** Marks by a hash of the state's JSON, as they were kept before versions named the state: a1's is pending. */
const HASH_MARK = `${WITH_MARKS}
ALTER TABLE cloud_instances ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
UPDATE cloud_instances SET version = 4;
INSERT INTO mirror_pending VALUES ('p', 'Account', 'a1', 'sYx0Ufv8Rw1hTmD2CqZ5dHkG9bPnJeA3LoWiXrQ7tEc');
`

/** The newest shape before migrations: every table and column, user_version still 0. */
const UNVERSIONED = `${WITH_MARKS}
ALTER TABLE cloud_instances ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
UPDATE cloud_instances SET version = 4;
CREATE TABLE project_records (project_id TEXT NOT NULL, kind TEXT NOT NULL, part TEXT NOT NULL, sort TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (project_id, kind, part, sort)) WITHOUT ROWID;
INSERT INTO project_records VALUES ('p', 'db', 'carts', 'sam', '{"items":2}');
`

function folderWith(sql: string, userVersion = 0): string {
  const dir = mkdtempSync(join(tmpdir(), 'rio-migrate-'))
  dirs.push(dir)
  const db = new Database(join(dir, 'backend.sqlite'))
  db.exec(sql)
  db.pragma(`user_version = ${userVersion}`)
  db.close()
  return dir
}

function userVersion(dir: string): number {
  const db = new Database(join(dir, 'backend.sqlite'), { readonly: true })
  try {
    return db.pragma('user_version', { simple: true }) as number
  } finally {
    db.close()
  }
}

function tables(dir: string): string[] {
  const db = new Database(join(dir, 'backend.sqlite'), { readonly: true })
  try {
    return db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all().map((r) => r.name)
  } finally {
    db.close()
  }
}

/** The CREATE statement SQLite keeps for `table`. */
function tableSql(dir: string, table: string): string {
  const db = new Database(join(dir, 'backend.sqlite'), { readonly: true })
  try {
    return (db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string }).sql
  } finally {
    db.close()
  }
}

/** What every shape stored first, read through the storage the runtime uses. */
function expectFirstData(storage: Storage, version: number): void {
  expect(storage.getInstance('p', 'Account', 'a1')).toEqual({
    projectId: 'p', classId: 'Account', instanceId: 'a1', state: STATE, createdAt: 10, updatedAt: 20, version,
  })
  expect(storage.findLookupKey('p', 'Account', 'email', 'sam@example.com')).toBe('a1')
  expect(storage.listInstanceIdsForUser('p', 'Account', 'u1')).toEqual(['a1'])
  expect(storage.useTokenOnce('custom-1', FAR)).toBe(false)
  expect(storage.isSessionRevoked('sid-1')).toBe(true)
  expect(storage.listOutbox('sam@example.com')).toEqual([
    { to: 'sam@example.com', subject: 'Your code', text: 'Code 123456', code: '123456', sentAt: '2026-01-01T00:00:00.000Z' },
  ])
}

describe.each([
  ['the first tables (and the pre-rename instances table)', FIRST, { marked: true, tasks: false, records: false, version: 1 }],
  ['delayed calls and HTML mail', WITH_TASKS, { marked: true, tasks: true, records: false, version: 1 }],
  ['the per-user index and mirror marks', WITH_MARKS, { marked: false, tasks: true, records: false, version: 1 }],
  ['every table, before user_version was kept', UNVERSIONED, { marked: false, tasks: true, records: true, version: 4 }],
  ['a mirror mark by hash still pending', HASH_MARK, { marked: true, tasks: true, records: false, version: 4 }],
])('a data folder with %s', (_shape, sql, expected) => {
  it('opens with its data intact, every table of today, and the latest user_version', () => {
    const dir = folderWith(sql)
    const storage = createSqliteStorage(dir, 1000)
    try {
      expectFirstData(storage, expected.version)
      // A database that cannot tell what was mirrored mirrors everything once; one that can keeps its marks.
      expect(storage.pendingMirrors()).toEqual(expected.marked ? [{ projectId: 'p', classId: 'Account', instanceId: 'a1' }] : [])
      // A mark kept names the stored state as today's runtime names it: the mirror's report of that state clears it.
      storage.markMirrored('p', 'Account', 'a1', mirrorMarkOf({ createdAt: 10, version: expected.version }))
      expect(storage.pendingMirrors()).toEqual([])
      expect(storage.listTasks('p').map((t) => [t.method, t.payload])).toEqual(expected.tasks ? [['remind', { day: '2026-12-01' }]] : [])
      expect(storage.getRecord('p', 'db', 'carts', 'sam')).toBe(expected.records ? '{"items":2}' : undefined)
      // What the old runtime could not store, the upgraded one can.
      storage.commit({ outbox: [{ to: 'kim@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>', sentAt: '2026-01-02T00:00:00.000Z' }] })
      expect(storage.listOutbox('kim@example.com')[0]).toMatchObject({ html: '<p>Hi</p>' })
      storage.putRecord('p', 'db', 'carts', 'kim', '{"items":1}')
      expect(storage.getRecord('p', 'db', 'carts', 'kim')).toBe('{"items":1}')
    } finally {
      storage.close()
    }
    expect(userVersion(dir)).toBe(SCHEMA_VERSION)
    expect(tables(dir)).not.toContain('instances')
    expect(tables(dir)).toEqual(expect.arrayContaining(['cloud_instances', 'instance_users', 'mirror_pending', 'project_records', 'tasks', 'used_refresh_tokens']))
    // States, some of hundreds of kilobytes, are rows of a rowid table, not cells of the key's B-tree.
    expect(tableSql(dir, 'cloud_instances')).not.toMatch(/WITHOUT ROWID/i)
    expect(tables(dir)).not.toContain('cloud_instances_by_rowid')
  })
})

test('a new data folder gets every migration, and opening it again runs none', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rio-migrate-'))
  dirs.push(dir)
  createSqliteStorage(dir).close()
  expect(userVersion(dir)).toBe(SCHEMA_VERSION)
  expect(tableSql(dir, 'cloud_instances')).not.toMatch(/WITHOUT ROWID/i)
  const db = new Database(join(dir, 'backend.sqlite'))
  try {
    expect(migrate(db, 'backend.sqlite')).toEqual([])
  } finally {
    db.close()
  }
  expect(SCHEMA_VERSION).toBe(MIGRATIONS.length)
})

test("a database of today's shape at user_version 0 runs every step again and keeps its data and marks", () => {
  const dir = mkdtempSync(join(tmpdir(), 'rio-migrate-'))
  dirs.push(dir)
  const storage = createSqliteStorage(dir, 1000)
  storage.commit({ instance: { projectId: 'p', classId: 'Account', instanceId: 'a1', state: STATE, createdAt: 10, updatedAt: 20, version: 3 } })
  storage.close()
  const db = new Database(join(dir, 'backend.sqlite'))
  db.pragma('user_version = 0')
  db.close()

  const again = createSqliteStorage(dir, 1000)
  try {
    expect(again.getInstance('p', 'Account', 'a1')).toMatchObject({ state: STATE, version: 3 })
    expect(again.pendingMirrors()).toEqual([{ projectId: 'p', classId: 'Account', instanceId: 'a1' }])
    again.markMirrored('p', 'Account', 'a1', mirrorMarkOf({ createdAt: 10, version: 3 }))
    expect(again.pendingMirrors()).toEqual([])
  } finally {
    again.close()
  }
  expect(userVersion(dir)).toBe(SCHEMA_VERSION)
  expect(tableSql(dir, 'cloud_instances')).not.toMatch(/WITHOUT ROWID/i)
})

test('a database of a newer runtime is refused with what to do', () => {
  const dir = folderWith(UNVERSIONED, SCHEMA_VERSION + 1)
  expect(() => createSqliteStorage(dir)).toThrow(`schema version ${SCHEMA_VERSION + 1}, newer than this runtime's ${SCHEMA_VERSION}`)
})

test('migrations run once, in order; a failing one is rolled back and the database stays at the step before it', () => {
  const db = new Database(':memory:')
  const ran: string[] = []
  const step = (name: string, fail = false) => ({
    name,
    up(d: Database.Database) {
      d.exec(`CREATE TABLE ${name} (x)`)
      ran.push(name)
      if (fail) throw new Error(`${name} failed`)
    },
  })
  expect(() => migrate(db, ':memory:', [step('one'), step('two'), step('three', true)])).toThrow('three failed')
  expect(db.pragma('user_version', { simple: true })).toBe(2)
  const names = () => db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all().map((r) => r.name)
  expect(names()).toEqual(['one', 'two'])
  expect(migrate(db, ':memory:', [step('one'), step('two'), step('three')])).toEqual(['three'])
  expect(ran).toEqual(['one', 'two', 'three', 'three'])
  expect(db.pragma('user_version', { simple: true })).toBe(3)
  db.close()
})
