/** In-memory storage for tests and the web app's in-process mocks. Nothing survives the process. */
import type { ChangeSet, DevOutboxMessage, RecordKind, RecordQuery, Storage, StoredInstance, StoredTask } from './types'
import { selectRecords } from './records'
import { rememberStoredJson } from './state-json'

const key = (...parts: string[]) => parts.join('\u0000')

/** A stored instance as the memory store keeps it: its state as JSON, and the users it holds. */
interface KeptInstance {
  meta: Omit<StoredInstance, 'state'>
  json: string
  users: string[]
}

/**
 * Creates an empty in-memory store. It keeps each state as JSON, as SQLite does: a read parses
 * the reader's own copy (remembered with its JSON, so the engine neither copies it again for the
 * handler nor serialises it again to see whether it changed), and a handler can never change a
 * stored state without going through `commit`.
 */
export function createMemoryStorage(): Storage {
  const instances = new Map<string, KeptInstance>()
  /** (project, class, userId) -> ids of the instances holding that user's state (LIST). */
  const byUser = new Map<string, Set<string>>()
  const lookups = new Map<string, string>()
  const usedTokens = new Map<string, number>()
  const revokedSessions = new Map<string, number>()
  const usedRefreshTokens = new Map<string, number>()
  const outbox: DevOutboxMessage[] = []
  const tasks = new Map<number, StoredTask>()
  let nextTaskId = 1
  /** (project, kind, part) -> sort key -> record JSON. */
  const records = new Map<string, Map<string, string>>()

  return {
    getInstance(projectId, classId, instanceId) {
      const found = instances.get(key(projectId, classId, instanceId))
      if (!found) return undefined
      const state = JSON.parse(found.json) as StoredInstance['state']
      rememberStoredJson(state, found.json)
      return { ...found.meta, state }
    },
    hasInstance(projectId, classId, instanceId) {
      return instances.has(key(projectId, classId, instanceId))
    },
    listInstanceKeys(projectId) {
      return [...instances.values()].filter(({ meta }) => meta.projectId === projectId).map(({ meta }) => ({ classId: meta.classId, instanceId: meta.instanceId }))
    },
    listInstanceIdsForUser(projectId, classId, userId) {
      const ids = [...(byUser.get(key(projectId, classId, userId)) ?? [])]
      const createdAt = (id: string) => instances.get(key(projectId, classId, id))?.meta.createdAt ?? 0
      return ids.sort((a, b) => createdAt(a) - createdAt(b) || (a < b ? -1 : a > b ? 1 : 0))
    },
    findLookupKey(projectId, classId, name, value) {
      return lookups.get(key(projectId, classId, name, value))
    },
    commit(changes: ChangeSet) {
      // Cloned before anything is applied, so a change that cannot be stored changes nothing (as SQLite's transaction).
      const newTasks = structuredClone(changes.tasks ?? [])
      if (changes.instance) {
        const { state, ...meta } = changes.instance
        const json = changes.instanceStateJson ?? JSON.stringify(state)
        const users = Object.keys(state.user ?? {})
        const before = instances.get(key(meta.projectId, meta.classId, meta.instanceId))
        for (const userId of before?.users ?? []) byUser.get(key(meta.projectId, meta.classId, userId))?.delete(meta.instanceId)
        for (const userId of users) {
          const k = key(meta.projectId, meta.classId, userId)
          byUser.set(k, (byUser.get(k) ?? new Set<string>()).add(meta.instanceId))
        }
        instances.set(key(meta.projectId, meta.classId, meta.instanceId), { meta, json, users })
      }
      for (const k of changes.removedLookupKeys ?? []) lookups.delete(key(k.projectId, k.classId, k.name, k.value))
      for (const k of changes.lookupKeys ?? []) lookups.set(key(k.projectId, k.classId, k.name, k.value), k.instanceId)
      for (const m of changes.outbox ?? []) outbox.push({ ...m })
      for (const id of changes.removedTaskIds ?? []) tasks.delete(id)
      for (const r of changes.retriedTasks ?? []) {
        const task = tasks.get(r.id)
        if (task) tasks.set(r.id, { ...task, dueAt: r.dueAt, busyRetries: r.busyRetries })
      }
      for (const t of newTasks) {
        const id = nextTaskId++
        tasks.set(id, { ...t, id })
      }
    },
    // The mirror journal exists for a restart after a crash; a memory store never outlives its
    // process, so at start (the only time it is read) nothing is ever pending.
    pendingMirrors() {
      return []
    },
    markMirrored() {},
    useTokenOnce(jti, expiresAt) {
      if (usedTokens.has(jti)) return false
      usedTokens.set(jti, expiresAt)
      return true
    },
    claimRefreshToken(jti, usedAtMs) {
      const first = usedRefreshTokens.get(jti)
      if (first !== undefined) return first
      usedRefreshTokens.set(jti, usedAtMs)
      return undefined
    },
    revokeSession(sid, expiresAt) {
      revokedSessions.set(sid, expiresAt)
    },
    isSessionRevoked(sid) {
      return revokedSessions.has(sid)
    },
    listOutbox(to, limit = 50) {
      const all = to === undefined ? outbox : outbox.filter((m) => m.to === to)
      return all.slice(-limit).reverse().map((m) => ({ ...m }))
    },
    listTasks(projectId, dueBy = Infinity) {
      return [...tasks.values()]
        .filter((t) => t.projectId === projectId && t.dueAt <= dueBy)
        .sort((a, b) => a.dueAt - b.dueAt || a.id - b.id)
        .map((t) => structuredClone(t))
    },
    nextTaskDueAt(projectId) {
      let next: number | null = null
      for (const t of tasks.values()) if (t.projectId === projectId && (next === null || t.dueAt < next)) next = t.dueAt
      return next
    },
    listInstanceIds(projectId, classId, after, limit) {
      const ids: string[] = []
      for (const { meta } of instances.values()) if (meta.projectId === projectId && meta.classId === classId && (after === undefined || meta.instanceId > after)) ids.push(meta.instanceId)
      return ids.sort().slice(0, limit)
    },
    getRecord(projectId, kind: RecordKind, part, sort) {
      return records.get(key(projectId, kind, part))?.get(sort)
    },
    putRecord(projectId, kind: RecordKind, part, sort, value) {
      const k = key(projectId, kind, part)
      const partition = records.get(k) ?? new Map<string, string>()
      if (value === undefined) partition.delete(sort)
      else partition.set(sort, value)
      if (partition.size === 0) records.delete(k)
      else records.set(k, partition)
    },
    queryRecords(projectId, kind: RecordKind, part, query: RecordQuery) {
      const partition = records.get(key(projectId, kind, part)) ?? new Map<string, string>()
      return selectRecords([...partition.entries()].map(([sort, value]) => ({ sort, value })), query)
    },
    removePartition(projectId, kind: RecordKind, part) {
      records.delete(key(projectId, kind, part))
    },
    close() {
      instances.clear()
      byUser.clear()
    },
  }
}
