/**
 * Delayed calls in both storages: stored in the same commit as the instance (SQLite: one
 * transaction, so a commit that fails stores neither), listed in due order, retried and removed,
 * and a payload kept exactly (absent, null, nested); the earliest due time and the entries due by
 * a time, which the runner reads instead of the whole list.
 */
import fc from 'fast-check'
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

  test('the earliest due time and the entries due by a time: of the project only, in due order, the bound included', () => {
    const { storage } = make()
    expect(storage.nextTaskDueAt('p')).toBeNull()
    expect(storage.listTasks('p', 5000)).toEqual([])
    storage.commit({ tasks: [task({ dueAt: 3000, method: 'a' }), task({ dueAt: 1000, method: 'b' }), task({ dueAt: 3000, method: 'c' }), task({ projectId: 'other', dueAt: 500 })] })
    expect(storage.nextTaskDueAt('p')).toBe(1000)
    expect(storage.nextTaskDueAt('other')).toBe(500)
    expect(storage.listTasks('p', 999)).toEqual([])
    expect(storage.listTasks('p', 1000).map((t) => t.method)).toEqual(['b'])
    expect(storage.listTasks('p', 2999).map((t) => t.method)).toEqual(['b'])
    expect(storage.listTasks('p', 3000).map((t) => t.method)).toEqual(['b', 'a', 'c'])
    expect(storage.listTasks('p', 3000)).toEqual(storage.listTasks('p'))
    const [b, a] = storage.listTasks('p') as [ReturnType<Storage['listTasks']>[number], ReturnType<Storage['listTasks']>[number]]
    // A busy retry moves the entry later; a removed one is gone from both answers.
    storage.commit({ retriedTasks: [{ id: b.id, dueAt: 5000, busyRetries: 1 }], removedTaskIds: [a.id] })
    expect(storage.nextTaskDueAt('p')).toBe(3000)
    expect(storage.listTasks('p', 4999).map((t) => t.method)).toEqual(['c'])
    expect(storage.listTasks('p', 5000).map((t) => [t.method, t.busyRetries])).toEqual([['c', 0], ['b', 1]])
    storage.commit({ removedTaskIds: storage.listTasks('p').map((t) => t.id) })
    expect(storage.nextTaskDueAt('p')).toBeNull()
    expect(storage.nextTaskDueAt('other')).toBe(500)
    storage.close()
  })

  test('for any pending entries and time, the entries due by it are the due-order list cut at it, and the earliest due time its head', () => {
    const { storage } = make()
    // Few distinct times, so ties (ordered by storing order) and a bound equal to a due time are common.
    const dueAt = fc.integer({ min: 0, max: 20 }).map((n) => n * 100)
    fc.assert(
      fc.property(fc.array(fc.record({ dueAt, other: fc.boolean() }), { maxLength: 30 }), fc.oneof(dueAt, fc.integer({ min: -100, max: 2100 })), (entries, by) => {
        storage.commit({ tasks: entries.map((e, i) => task({ dueAt: e.dueAt, projectId: e.other ? 'other' : 'p', method: `m${i}` })) })
        const all = storage.listTasks('p')
        try {
          expect(storage.listTasks('p', by)).toEqual(all.filter((t) => t.dueAt <= by))
          expect(storage.nextTaskDueAt('p')).toBe(all[0]?.dueAt ?? null)
          expect(storage.nextTaskDueAt('p')).toBe(entries.some((e) => !e.other) ? Math.min(...entries.filter((e) => !e.other).map((e) => e.dueAt)) : null)
        } finally {
          storage.commit({ removedTaskIds: [...all, ...storage.listTasks('other')].map((t) => t.id) })
        }
      }),
      { numRuns: 100 },
    )
    storage.close()
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
