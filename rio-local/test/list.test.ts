/**
 * LIST answers the instances that hold user state for the caller, at a cost proportional to that
 * answer: it reads no other customer's instance, however many accounts there are, in memory and on
 * SQLite (also for a database written before the index existed).
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend } from '../app'
import type { Storage } from '../storage/types'
import { call, sessions } from './in-process'
import { accountIdFor } from './ids'

/** These tests open 120 Accounts from one source; how many one source may open is creation-limit.test.ts's subject. */
const MANY_ACCOUNTS = { ACCOUNT_CREATIONS_PER_HOUR: '1000000' }

/** Instances handed out by the storage of the backends of this file (every read path counts). */
const reads = { instances: 0 }

jest.mock('../storage/memory', () => {
  const actual = jest.requireActual<typeof import('../storage/memory')>('../storage/memory')
  return { createMemoryStorage: () => counting(actual.createMemoryStorage()) }
})
jest.mock('../storage/sqlite', () => {
  const actual = jest.requireActual<typeof import('../storage/sqlite')>('../storage/sqlite')
  return { createSqliteStorage: (...args: Parameters<typeof actual.createSqliteStorage>) => counting(actual.createSqliteStorage(...args)) }
})

function counting(storage: Storage): Storage {
  return {
    ...storage,
    getInstance: (...args) => {
      const found = storage.getInstance(...args)
      if (found) reads.instances++
      return found
    },
  }
}

const P = 'list-tests'
const ACCOUNTS = 120

async function fill(backend: Backend, anon: string): Promise<void> {
  for (let i = 0; i < ACCOUNTS; i++) {
    expect((await call(backend, 'POST', `/${P}/INSTANCE/Account?_token=${anon}`, { email: `other${i}@example.com` })).status).toBe(200)
  }
}

async function listOnce(backend: Backend, token: string): Promise<{ ids: string[]; read: number }> {
  const before = reads.instances
  const res = await call<{ instanceIds: string[] }>(backend, 'POST', `/${P}/LIST/Account?_token=${token}`)
  expect(res.status).toBe(200)
  return { ids: res.body.instanceIds, read: reads.instances - before }
}

test(`with ${ACCOUNTS} other accounts in memory, LIST answers the caller's one Account and reads no other instance`, async () => {
  const backend = await createBackend({ projectId: P, storage: 'memory', dev: true, projectEnv: MANY_ACCOUNTS })
  try {
    const anon = await sessions(backend).anonymous()
    await fill(backend, anon)
    const { token } = await sessions(backend).customer('mine@example.com')
    const { ids, read } = await listOnce(backend, token)
    expect(ids).toEqual([accountIdFor('mine@example.com')])
    expect(read).toBeLessThanOrEqual(ids.length)
    // Anonymous and signed-out callers are refused by the class (403/401): they hold no user state.
    expect((await call(backend, 'POST', `/${P}/LIST/Account?_token=${anon}`)).status).toBe(403)
  } finally {
    await backend.close()
  }
})

test('on SQLite, also for a database from before the index: LIST reads only the answer', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rio-list-'))
  try {
    const first = await createBackend({ projectId: P, storage: { dir }, dev: true, projectEnv: MANY_ACCOUNTS })
    const anon = await sessions(first).anonymous()
    await fill(first, anon)
    const mine = await sessions(first).customer('mine@example.com')
    await first.close()
    // A database written before LIST had its index: the table is simply not there, and the
    // database predates the schema version too (storage/migrations.ts: user_version 0).
    const db = new Database(join(dir, 'backend.sqlite'))
    db.exec('DROP TABLE IF EXISTS instance_users')
    db.pragma('user_version = 0')
    db.close()

    const again = await createBackend({ projectId: P, storage: { dir }, dev: true, projectEnv: MANY_ACCOUNTS })
    try {
      const { ids, read } = await listOnce(again, mine.token)
      expect(ids).toEqual([accountIdFor('mine@example.com')])
      expect(read).toBeLessThanOrEqual(ids.length)
    } finally {
      await again.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
