/**
 * SQLite storage keeps the committed rows of recent instances in memory (instance-cache.ts): every
 * read must still answer what is committed, as its own copy, whatever the cache holds or dropped.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSqliteStorage } from './sqlite'
import { createInstanceCache } from './instance-cache'
import type { Storage, StoredInstance, TaskRecord } from './types'

const P = 'cache-tests'
let dir: string
let storage: Storage

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'instance-cache-'))
  storage = createSqliteStorage(dir)
})
afterEach(() => {
  storage.close()
  rmSync(dir, { recursive: true, force: true })
})

function instance(id: string, items: string[], extra: Partial<StoredInstance> = {}): StoredInstance {
  return { projectId: P, classId: 'Box', instanceId: id, state: { public: { items }, private: {}, user: {}, role: {} }, createdAt: 1000, updatedAt: 1000, version: 1, ...extra }
}

const task: TaskRecord = { projectId: P, classId: 'Box', method: 'later', instanceId: 'a', dueAt: 5000, createdAt: 1000, referer: { classId: 'Box', methodName: 'add', identity: 'developer' }, sourceIP: '127.0.0.1', busyRetries: 0 }

test('every read is its own copy: changing one changes neither storage nor the next read', () => {
  storage.commit({ instance: instance('a', ['one']) })
  const first = storage.getInstance(P, 'Box', 'a') as StoredInstance
  ;(first.state.public.items as string[]).push('changed')
  first.state.private.note = 'changed'
  expect(storage.getInstance(P, 'Box', 'a')?.state).toEqual({ public: { items: ['one'] }, private: {}, user: {}, role: {} })
})

test('a commit that fails leaves the committed state in place, for reads now and after reopening', () => {
  storage.commit({ instance: instance('a', ['one']) })
  expect(storage.getInstance(P, 'Box', 'a')?.state.public).toEqual({ items: ['one'] })
  // source_ip is NOT NULL: the whole transaction rolls back, the instance's new state with it.
  expect(() => storage.commit({ instance: instance('a', ['two'], { version: 2 }), tasks: [{ ...task, sourceIP: null as unknown as string }] })).toThrow()
  expect(storage.getInstance(P, 'Box', 'a')).toMatchObject({ state: { public: { items: ['one'] } }, version: 1 })
  storage.close()
  storage = createSqliteStorage(dir)
  expect(storage.getInstance(P, 'Box', 'a')).toMatchObject({ state: { public: { items: ['one'] } }, version: 1 })
})

test('a commit of the same state moves its time and version, kept across a reopen', () => {
  storage.commit({ instance: instance('a', ['one']) })
  storage.getInstance(P, 'Box', 'a')
  storage.commit({ instance: instance('a', ['one'], { updatedAt: 2000, version: 3 }) })
  expect(storage.getInstance(P, 'Box', 'a')).toMatchObject({ updatedAt: 2000, version: 3, createdAt: 1000 })
  storage.close()
  storage = createSqliteStorage(dir)
  expect(storage.getInstance(P, 'Box', 'a')).toMatchObject({ state: { public: { items: ['one'] } }, updatedAt: 2000, version: 3, createdAt: 1000 })
})

test('an update keeps the createdAt stored first, cached or not', () => {
  storage.commit({ instance: instance('a', ['one']) })
  storage.commit({ instance: instance('a', ['two'], { createdAt: 9999, updatedAt: 2000 }) })
  expect(storage.getInstance(P, 'Box', 'a')).toMatchObject({ createdAt: 1000, state: { public: { items: ['two'] } } })
  storage.close()
  storage = createSqliteStorage(dir)
  expect(storage.getInstance(P, 'Box', 'a')).toMatchObject({ createdAt: 1000, state: { public: { items: ['two'] } } })
})

test('the per-user index follows the users of each committed state', () => {
  const withUser = (items: string[], user: string) => ({ ...instance('a', items), state: { public: { items }, private: {}, user: { [user]: {} }, role: {} } })
  storage.commit({ instance: withUser(['one'], 'u1') })
  storage.commit({ instance: withUser(['two'], 'u1') })
  expect(storage.listInstanceIdsForUser(P, 'Box', 'u1')).toEqual(['a'])
  storage.commit({ instance: withUser(['two'], 'u2') })
  expect(storage.listInstanceIdsForUser(P, 'Box', 'u1')).toEqual([])
  expect(storage.listInstanceIdsForUser(P, 'Box', 'u2')).toEqual(['a'])
})

test('with room for one state only, every read still answers the committed one', () => {
  storage.close()
  storage = createSqliteStorage(dir, undefined, { maxCachedChars: 100 })
  for (const id of ['a', 'b', 'c']) storage.commit({ instance: instance(id, [`${id}-1`]) })
  for (const id of ['a', 'b', 'c']) storage.commit({ instance: instance(id, [`${id}-2`], { version: 2 }) })
  for (const id of ['c', 'a', 'b', 'a']) expect(storage.getInstance(P, 'Box', id)).toMatchObject({ state: { public: { items: [`${id}-2`] } }, version: 2 })
  expect(storage.hasInstance(P, 'Box', 'b')).toBe(true)
  expect(storage.hasInstance(P, 'Box', 'z')).toBe(false)
  expect(storage.getInstance(P, 'Box', 'z')).toBeUndefined()
})

test('the cache drops the least recently used rows beyond its size and keeps the one just set', () => {
  const cache = createInstanceCache(10)
  const row = (json: string) => ({ json, createdAt: 1, updatedAt: 1, version: 1, users: '[]' })
  cache.set('a', row('aaaa'))
  cache.set('b', row('bbbb'))
  expect(cache.get('a')?.json).toBe('aaaa')
  cache.set('c', row('cccc'))
  expect([cache.get('a')?.json, cache.get('b')?.json, cache.get('c')?.json]).toEqual(['aaaa', undefined, 'cccc'])
  cache.set('big', row('x'.repeat(50)))
  expect([cache.get('a'), cache.get('c'), cache.get('big')?.json.length]).toEqual([undefined, undefined, 50])
})
