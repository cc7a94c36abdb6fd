/**
 * Retter's project memory (rdk get/set/increment/deleteMemory), in process: values with an
 * optional expiry, checked against the runtime's clock on every access (so jest fake timers
 * move it). `expireAt` is epoch seconds, as Retter documents it (Memory page: "Expiration time in
 * seconds"); an increment keeps the key's expiry.
 */
import type { OperationResponse } from '@retter/rdk'
import { isRecord } from '../is-record'

interface Entry {
  value: unknown
  /** Epoch seconds. */
  expireAt?: number
}

export interface ProjectMemory {
  get(key: string): OperationResponse
  set(key: string, value: unknown, expireAt?: number): OperationResponse
  increment(key: string, by: number, path?: string): OperationResponse
  delete(key: string): OperationResponse
}

export function createProjectMemory(now: () => number): ProjectMemory {
  const entries = new Map<string, Entry>()

  function live(key: string): Entry | undefined {
    const entry = entries.get(key)
    if (entry && entry.expireAt !== undefined && entry.expireAt * 1000 <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }

  return {
    get(key) {
      const entry = live(key)
      return { success: true, data: entry ? structuredClone(entry.value) : undefined }
    },
    set(key, value, expireAt) {
      if (expireAt !== undefined && !Number.isFinite(expireAt)) return { success: false, error: 'expireAt must be epoch seconds' }
      entries.set(key, { value: structuredClone(value), expireAt })
      return { success: true }
    },
    increment(key, by, path) {
      if (!Number.isFinite(by)) return { success: false, error: 'value must be a number' }
      const entry = live(key) ?? { value: path === undefined ? 0 : {} }
      if (path === undefined) {
        if (typeof entry.value !== 'number') return { success: false, error: `memory key "${key}" does not hold a number` }
        entry.value += by
        entries.set(key, entry)
        return { success: true, data: entry.value }
      }
      if (!isRecord(entry.value)) return { success: false, error: `memory key "${key}" does not hold an object` }
      const before = entry.value[path] ?? 0
      if (typeof before !== 'number') return { success: false, error: `memory key "${key}" path "${path}" does not hold a number` }
      entry.value[path] = before + by
      entries.set(key, entry)
      return { success: true, data: entry.value[path] }
    },
    delete(key) {
      entries.delete(key)
      return { success: true }
    },
  }
}
