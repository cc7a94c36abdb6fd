/**
 * Delayed calls in both storages: stored in the same commit as the instance (SQLite: one
 * transaction, so a commit that fails stores neither), listed in due order, retried and removed,
 * and a payload kept exactly (absent, null, nested).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStorage } from './memory'
import { createSqliteStorage } from './sqlite'
import type { Storage, StoredInstance, TaskRecord } from './types'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

function sqlite(): { storage: Storage; reopen(): Storage } {
  const dir = mkdtempSync(join(tmpdir(), 'rio-task-store-'))
  dirs.push(dir)
  return { storage: createSqliteStorage(dir), reopen: () => createSqliteStorage(dir) }
}

const instance: StoredInstance = { projectId: 'p', classId: 'Reminder', instanceId: 'r1', state: { public: { n: 1 }, private: {}, user: {}, role: {} }, createdAt: 1, updatedAt: 1 }
const task = (over: Partial<TaskRecord> = {}): TaskRecord => ({
  projectId: 'p',
  classId: 'Reminder',
  method: 'record',
  instanceId: 'r1',
  dueAt: 1000,
  createdAt: 0,
  referer: { classId: 'Reminder', instanceId: 'r1', methodName: 'plan', identity: 'enduser', userId: 'u1' },
  sourceIP: '127.0.0.1',
  busyRetries: 0,
  ...over,
})

describe.each([
  ['memory', () => ({ storage: createMemoryStorage(), reopen: undefined as (() => Storage) | undefined })],
  ['sqlite', sqlite],
])('%s', (_name, make) => {
  test('tasks commit with the instance, list in due order (ties in storing order), retry and go', () => {
    const { storage, reopen } = make()
    storage.commit({ instance, tasks: [task({ dueAt: 3000, payload: { nested: [1, null, 'x'] } }), task({ dueAt: 1000 }), task({ dueAt: 3000, payload: null, lookupKey: { name: 'name', value: 'bob' }, instanceId: undefined })] })
    storage.commit({ tasks: [task({ projectId: 'other' })] })
    const listed = (reopen ? (storage.close(), reopen()) : storage).listTasks('p')
    expect(listed.map((t) => [t.dueAt, t.payload])).toEqual([[1000, undefined], [3000, { nested: [1, null, 'x'] }], [3000, null]])
    expect('payload' in (listed[0] as object)).toBe(false)
    expect(listed[2]).toMatchObject({ lookupKey: { name: 'name', value: 'bob' }, referer: { methodName: 'plan', userId: 'u1' } })
    expect(listed[2]?.instanceId).toBeUndefined()
    const [first, second, third] = listed as [typeof listed[0] & object, typeof listed[0] & object, typeof listed[0] & object]
    // The two due at 3000 in the order they were stored.
    expect(second.id).toBeLessThan(third.id)

    const again = reopen ? reopen() : storage
    again.commit({ retriedTasks: [{ id: first.id, dueAt: 5000, busyRetries: 1 }], removedTaskIds: [second.id] })
    expect(again.listTasks('p').map((t) => [t.id, t.dueAt, t.busyRetries])).toEqual([[third.id, 3000, 0], [first.id, 5000, 1]])
    expect(again.getInstance('p', 'Reminder', 'r1')?.state.public).toEqual({ n: 1 })
    again.close()
  })

  test('a commit whose task cannot be stored stores nothing, not even the instance', () => {
    const { storage } = make()
    // A field that cannot be read makes the commit throw, after the instance was written in it.
    const referer = Object.defineProperty({ classId: 'Reminder', methodName: 'plan', identity: 'x' }, 'userId', {
      enumerable: true,
      get(): string {
        throw new Error('unreadable')
      },
    })
    const bad = task({ referer })
    expect(() => storage.commit({ instance, tasks: [task(), bad] })).toThrow()
    expect(storage.getInstance('p', 'Reminder', 'r1')).toBeUndefined()
    expect(storage.listTasks('p')).toEqual([])
    storage.close()
  })
})
