/**
 * A "not yet mirrored" mark is cleared only by the mirror's report of the state it was set for: a
 * newer commit stays marked, a commit that leaves the state as it was keeps the mark it had, and a
 * new incarnation of an instance is not cleared by its predecessor's report.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mirrorMarkOf } from './mirror-mark'
import { createSqliteStorage } from './sqlite'
import type { Storage, StoredInstance } from './types'

let dir: string
let storage: Storage

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rio-mark-'))
  storage = createSqliteStorage(dir, 1000)
})

afterEach(() => {
  storage.close()
  rmSync(dir, { recursive: true, force: true })
})

const board = (n: number): StoredInstance['state'] => ({ public: {}, private: { n }, user: {}, role: {} })

function commit(state: StoredInstance['state'], version: number, createdAt = 100, updatedAt = 200 + version): StoredInstance {
  const instance: StoredInstance = { projectId: 'p', classId: 'Roastery', instanceId: '2026-12-03', state, createdAt, updatedAt, version }
  storage.commit({ instance })
  return instance
}

const pending = () => storage.pendingMirrors().map((p) => p.instanceId)

test("a report of an older state leaves the newer one marked; the newer state's report clears it", () => {
  const first = commit(board(1), 1)
  const second = commit(board(2), 2)
  expect(pending()).toEqual(['2026-12-03'])
  storage.markMirrored('p', 'Roastery', '2026-12-03', mirrorMarkOf(first))
  expect(pending()).toEqual(['2026-12-03'])
  storage.markMirrored('p', 'Roastery', '2026-12-03', mirrorMarkOf(second))
  expect(pending()).toEqual([])
})

test('a commit that leaves the state as it was marks nothing again', () => {
  const kept = commit(board(1), 1)
  storage.markMirrored('p', 'Roastery', '2026-12-03', mirrorMarkOf(kept))
  commit(board(1), 1, 100, 900)
  expect(pending()).toEqual([])
})

test('the mark is the stored creation time and version, whatever createdAt a later commit carries', () => {
  commit(board(1), 1, 100)
  // An update keeps the row's own creation time, so its mark names that one.
  const later = commit(board(2), 2, 555)
  storage.markMirrored('p', 'Roastery', '2026-12-03', mirrorMarkOf(later))
  expect(pending()).toEqual(['2026-12-03'])
  storage.markMirrored('p', 'Roastery', '2026-12-03', mirrorMarkOf({ createdAt: 100, version: 2 }))
  expect(pending()).toEqual([])
})

test('marks and their clearing last across a restart', () => {
  const first = commit(board(1), 1)
  storage.close()
  storage = createSqliteStorage(dir, 1000)
  expect(pending()).toEqual(['2026-12-03'])
  storage.markMirrored('p', 'Roastery', '2026-12-03', mirrorMarkOf(first))
  storage.close()
  storage = createSqliteStorage(dir, 1000)
  expect(pending()).toEqual([])
})
