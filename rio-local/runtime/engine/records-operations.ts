/**
 * The RDK operations Retter keeps project data with, on local storage (SQLite or memory), with
 * Retter's answers: the database (`writeToDatabase`, `readDatabase`, `queryDatabase`,
 * `incrementDatabase`, `removeFromDatabase`, `removePartitionFromDatabase`), sorted sets
 * (`addToSortedSet`, `getFromSortedSet`, `querySortedSet`, `removeFromSortedSet`), file storage
 * (`setFile`, `getFile`, `listFiles`, `deleteFile`) and `listInstanceIds`. Each call is written at
 * once, not with the invocation's state (Retter's operations are not part of it either).
 */
import type { OperationResponse } from '@retter/rdk'
import type { RecordKind, Storage } from '../../storage/types'

/** Retter's file limit (rdk 1.1.15's `fileSizeLimit`). */
export const MAX_FILE_BYTES = 250_000_000
/** A database item or sorted-set member: DynamoDB's item limit, which Retter's database sits on. */
export const MAX_RECORD_BYTES = 400_000
/** Items per query page when the caller gives no limit, and the most it may ask for. */
export const DEFAULT_PAGE = 100
export const MAX_PAGE = 1000

type Input = Record<string, unknown>

const fail = (error: string): OperationResponse => ({ success: false, error })

function text(input: Input, field: string): string | undefined {
  const value = input[field]
  return typeof value === 'string' && value !== '' ? value : undefined
}

function pageOf(input: Input): { after?: string; limit: number } | string {
  const limit = input.limit === undefined ? DEFAULT_PAGE : input.limit
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) return `limit must be a whole number from 1 to ${MAX_PAGE}`
  if (input.nextToken === undefined) return { limit }
  if (typeof input.nextToken !== 'string') return 'nextToken must be the string a previous page answered'
  try {
    const after = (JSON.parse(Buffer.from(input.nextToken, 'base64url').toString('utf8')) as { after?: unknown }).after
    if (typeof after !== 'string') return 'nextToken is not one this runtime answered'
    return { after, limit }
  } catch {
    return 'nextToken is not one this runtime answered'
  }
}

const tokenAfter = (sort: string) => Buffer.from(JSON.stringify({ after: sort }), 'utf8').toString('base64url')

/** A record's JSON with its expiry (epoch seconds), as stored. */
interface Stored {
  data: unknown
  expireAt?: number
}

/** The record operations of one project, on `storage`, with `now` (epoch ms) for expiries. */
export function createRecordOperations(storage: Storage, projectId: string, now: () => number) {
  const live = (kind: RecordKind, part: string, sort: string): Stored | undefined => {
    const raw = storage.getRecord(projectId, kind, part, sort)
    if (raw === undefined) return undefined
    const stored = JSON.parse(raw) as Stored
    if (stored.expireAt !== undefined && stored.expireAt * 1000 <= now()) {
      storage.putRecord(projectId, kind, part, sort, undefined)
      return undefined
    }
    return stored
  }
  const write = (kind: RecordKind, part: string, sort: string, stored: Stored): OperationResponse => {
    const json = JSON.stringify(stored)
    if (Buffer.byteLength(json) > MAX_RECORD_BYTES) return fail(`the record is ${Buffer.byteLength(json)} bytes; at most ${MAX_RECORD_BYTES}`)
    storage.putRecord(projectId, kind, part, sort, json)
    return { success: true }
  }
  const keysOf = (input: Input, partField: string): { part: string; sort: string } | string => {
    const part = text(input, partField)
    const sort = text(input, 'sortKey')
    if (!part) return `${partField} is required (a non-empty string)`
    if (!sort) return 'sortKey is required (a non-empty string)'
    return { part, sort }
  }
  const query = (kind: RecordKind, input: Input, partField: string, item: (sort: string, data: unknown) => Record<string, unknown>): OperationResponse => {
    const part = text(input, partField)
    if (!part) return fail(`${partField} is required (a non-empty string)`)
    const page = pageOf(input)
    if (typeof page === 'string') return fail(page)
    const rows = storage.queryRecords(projectId, kind, part, {
      beginsWith: text(input, 'beginsWith'),
      greaterOrEqual: text(input, 'greaterOrEqual'),
      lessOrEqual: text(input, 'lessOrEqual'),
      reverse: input.reverse === true,
      after: page.after,
      limit: page.limit + 1,
    })
    const items = rows.slice(0, page.limit).filter((r) => live(kind, part, r.sort) !== undefined)
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined
    return { success: true, data: { items: items.map((r) => item(r.sort, (JSON.parse(r.value) as Stored).data)), ...(last ? { nextToken: tokenAfter(last.sort) } : {}) } }
  }
  // Removing a record that is not there is no error, as on Retter.
  const remove = (kind: RecordKind, input: Input, partField: string): OperationResponse => {
    const keys = keysOf(input, partField)
    if (typeof keys === 'string') return fail(keys)
    storage.putRecord(projectId, kind, keys.part, keys.sort, undefined)
    return { success: true }
  }
  const isData = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

  return {
    async writeToDatabase(input: Input): Promise<OperationResponse> {
      const keys = keysOf(input, 'partKey')
      if (typeof keys === 'string') return fail(keys)
      if (!isData(input.data)) return fail('data must be an object')
      const expireAt = input.expireAt
      if (expireAt !== undefined && (typeof expireAt !== 'number' || !Number.isFinite(expireAt))) return fail('expireAt must be epoch seconds')
      return write('db', keys.part, keys.sort, { data: input.data, ...(expireAt === undefined ? {} : { expireAt }) })
    },
    async readDatabase(input: Input): Promise<OperationResponse> {
      const keys = keysOf(input, 'partKey')
      if (typeof keys === 'string') return fail(keys)
      const stored = live('db', keys.part, keys.sort)
      return { success: true, data: stored ? { part: keys.part, sort: keys.sort, data: stored.data } : undefined }
    },
    async incrementDatabase(input: Input): Promise<OperationResponse> {
      const keys = keysOf(input, 'partKey')
      if (typeof keys === 'string') return fail(keys)
      if (typeof input.value !== 'number' || !Number.isFinite(input.value)) return fail('value must be a number')
      const stored = live('db', keys.part, keys.sort)
      const path = text(input, 'path')
      if (path === undefined) {
        const before = stored?.data ?? 0
        if (typeof before !== 'number') return fail(`${keys.part}/${keys.sort} does not hold a number`)
        const result = write('db', keys.part, keys.sort, { ...stored, data: before + input.value })
        return result.success ? { success: true, data: before + input.value } : result
      }
      const data = stored?.data ?? {}
      if (!isData(data)) return fail(`${keys.part}/${keys.sort} does not hold an object`)
      const before = data[path] ?? 0
      if (typeof before !== 'number') return fail(`${keys.part}/${keys.sort} path "${path}" does not hold a number`)
      const result = write('db', keys.part, keys.sort, { ...stored, data: { ...data, [path]: before + input.value } })
      return result.success ? { success: true, data: before + input.value } : result
    },
    async queryDatabase(input: Input): Promise<OperationResponse> {
      return query('db', input, 'partKey', (sortKey, data) => ({ partKey: input.partKey, sortKey, data }))
    },
    async removeFromDatabase(input: Input): Promise<OperationResponse> {
      return remove('db', input, 'partKey')
    },
    async removePartitionFromDatabase(input: Input): Promise<OperationResponse> {
      const part = text(input, 'partKey')
      if (!part) return fail('partKey is required (a non-empty string)')
      storage.removePartition(projectId, 'db', part)
      return { success: true }
    },
    async addToSortedSet(input: Input): Promise<OperationResponse> {
      const keys = keysOf(input, 'setName')
      if (typeof keys === 'string') return fail(keys)
      if (!isData(input.data)) return fail('data must be an object')
      return write('sortedSet', keys.part, keys.sort, { data: input.data })
    },
    async getFromSortedSet(input: Input): Promise<OperationResponse> {
      const keys = keysOf(input, 'setName')
      if (typeof keys === 'string') return fail(keys)
      return { success: true, data: live('sortedSet', keys.part, keys.sort)?.data }
    },
    async removeFromSortedSet(input: Input): Promise<OperationResponse> {
      return remove('sortedSet', input, 'setName')
    },
    async querySortedSet(input: Input): Promise<OperationResponse> {
      return query('sortedSet', input, 'setName', (sortKey, data) => ({ sortKey, data }))
    },
    async setFile(input: Input): Promise<OperationResponse> {
      const filename = text(input, 'filename')
      if (!filename) return fail('filename is required (a non-empty string)')
      if (typeof input.body !== 'string') return fail('body must be a string')
      const size = Buffer.byteLength(input.body)
      if (size > MAX_FILE_BYTES) return fail(`the file is ${size} bytes; at most ${MAX_FILE_BYTES}`)
      storage.putRecord(projectId, 'file', '', filename, JSON.stringify({ data: input.body }))
      return { success: true }
    },
    async getFile(input: Input): Promise<OperationResponse> {
      const filename = text(input, 'filename')
      if (!filename) return fail('filename is required (a non-empty string)')
      if (input.returnSignedURL === true) return fail('signed URLs are not emulated by rio-local: read the content (returnSignedURL false)')
      const stored = live('file', '', filename)
      return stored ? { success: true, data: stored.data } : fail(`there is no file "${filename}"`)
    },
    async deleteFile(input: Input): Promise<OperationResponse> {
      const filename = text(input, 'filename')
      if (!filename) return fail('filename is required (a non-empty string)')
      storage.putRecord(projectId, 'file', '', filename, undefined)
      return { success: true }
    },
    async listFiles(input: Input): Promise<{ statusCode: number; body: unknown }> {
      const page = pageOf(input)
      if (typeof page === 'string') return { statusCode: 400, body: { message: page } }
      const rows = storage.queryRecords(projectId, 'file', '', { beginsWith: text(input, 'prefix'), after: page.after, limit: page.limit + 1 })
      const last = rows.length > page.limit ? rows[page.limit - 1] : undefined
      return { statusCode: 200, body: { files: rows.slice(0, page.limit).map((r) => r.sort), ...(last ? { nextToken: tokenAfter(last.sort) } : {}) } }
    },
    async listInstanceIds(classId: string, input: Input): Promise<{ statusCode: number; body: unknown }> {
      const page = pageOf(input)
      if (typeof page === 'string') return { statusCode: 400, body: { message: page } }
      const ids = storage.listInstanceIds(projectId, classId, page.after, page.limit + 1)
      const last = ids.length > page.limit ? ids[page.limit - 1] : undefined
      return { statusCode: 200, body: { instanceIds: ids.slice(0, page.limit), ...(last ? { nextToken: tokenAfter(last) } : {}) } }
    },
  }
}

export type RecordOperations = ReturnType<typeof createRecordOperations>
