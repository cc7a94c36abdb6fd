/**
 * Reading the delayed calls a handler asked for: `data.tasks` and `data.schedule` (rdk 1.1.15 types
 * both as `{method, after, payload?, classId?, instanceId?}`; Retter's later docs add
 * `lookupKey?: {name, value}`). Every entry is checked; a bad one fails the whole invocation
 * (500 INVALID_TASKS, nothing of it stored), the way Retter refuses a handler's Data it cannot read,
 * rather than losing a reminder silently.
 */
import { Buffer } from 'node:buffer'
import type { LoadedClass } from '../types'
import type { TaskRecord, TaskReferer } from '../../../storage/types'
import { HttpError } from '../../responses'
import { isRecord } from '../../../is-record'

/** Retter's limits: delays up to one year, at most 250 entries and 250 KB of payload per invocation. */
export const MAX_AFTER_SECONDS = 31_536_000
export const MAX_TASKS_PER_INVOCATION = 250
export const MAX_TASK_PAYLOAD_BYTES = 250 * 1024

const KNOWN_KEYS = new Set(['method', 'after', 'payload', 'classId', 'instanceId', 'lookupKey'])

/** Where a handler's entries come from, and what they default to. */
export interface TaskSource {
  projectId: string
  classes: Map<string, LoadedClass>
  /** The invocation's class, method (or INIT) and instance (none for STATIC). */
  classId: string
  methodName: string
  instanceId?: string
  userId?: string
  identity: string
  sourceIP: string
  /** Epoch ms. */
  now: number
}

/** The `tasks` and `schedule` lists of what the handler returned, else of the Data it was given. */
function listsOf(data: Record<string, unknown>, out: unknown): Array<{ key: 'tasks' | 'schedule'; list: unknown }> {
  const from = (key: 'tasks' | 'schedule') => (isRecord(out) && key in out ? out[key] : data[key])
  return (['tasks', 'schedule'] as const).map((key) => ({ key, list: from(key) }))
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/**
 * Checks the entries of `data.tasks` and `data.schedule` and turns them into records to store.
 * @param data the Data the handler was given (it may have set its lists there)
 * @param out what the handler returned (its lists win when it returned a Data with them)
 * @throws HttpError 500 INVALID_TASKS naming the class, method, entry and problem
 */
export function tasksOf(source: TaskSource, data: object, out: unknown): TaskRecord[] {
  const where = `${source.classId}.${source.methodName}`
  // Declared with its type so that TypeScript narrows after each call.
  const fail: (problem: string) => never = (problem) => {
    throw new HttpError(500, 'INVALID_TASKS', `${where}: ${problem}; nothing of this call was stored`)
  }
  const entries: Array<{ label: string; entry: unknown }> = []
  for (const { key, list } of listsOf(data as Record<string, unknown>, out)) {
    if (list === undefined || list === null) continue
    if (!Array.isArray(list)) fail(`data.${key} must be an array of {method, after, payload?, classId?, instanceId?, lookupKey?}`)
    list.forEach((entry: unknown, i: number) => entries.push({ label: `data.${key}[${i}]`, entry }))
  }
  if (entries.length > MAX_TASKS_PER_INVOCATION) fail(`${entries.length} delayed calls in data.tasks and data.schedule; at most ${MAX_TASKS_PER_INVOCATION} per call`)

  const referer: TaskReferer = {
    classId: source.classId,
    instanceId: source.instanceId,
    methodName: source.methodName,
    userId: source.userId,
    identity: source.identity,
  }
  let payloadBytes = 0
  return entries.map(({ label, entry }) => {
    if (!isRecord(entry)) fail(`${label} must be an object {method, after, …}`)
    const unknown = Object.keys(entry).filter((k) => !KNOWN_KEYS.has(k))
    if (unknown.length > 0) fail(`${label} has unknown field(s) ${unknown.map((k) => `"${k}"`).join(', ')}; known: ${[...KNOWN_KEYS].join(', ')}`)
    const { method, after, payload, classId, instanceId, lookupKey } = entry
    if (!nonEmptyString(method)) fail(`${label}.method must be a method name, got ${JSON.stringify(method)}`)
    if (typeof after !== 'number' || !Number.isFinite(after) || after < 0 || after > MAX_AFTER_SECONDS) {
      fail(`${label}.after must be a number of seconds from 0 to ${MAX_AFTER_SECONDS}, got ${JSON.stringify(after)}`)
    }
    if (classId !== undefined && !nonEmptyString(classId)) fail(`${label}.classId must be a class name, got ${JSON.stringify(classId)}`)
    if (instanceId !== undefined && !nonEmptyString(instanceId)) fail(`${label}.instanceId must be an instance id, got ${JSON.stringify(instanceId)}`)
    if (lookupKey !== undefined && !(isRecord(lookupKey) && nonEmptyString(lookupKey.name) && nonEmptyString(lookupKey.value))) {
      fail(`${label}.lookupKey must be {name, value} with two non-empty strings`)
    }
    if (instanceId !== undefined && lookupKey !== undefined) fail(`${label} names both instanceId and lookupKey; give one`)

    const targetClassId = classId ?? source.classId
    const targetClass = source.classes.get(targetClassId)
    if (!targetClass) fail(`${label}.classId: there is no class "${targetClassId}"`)
    const target = targetClass.methods.find((m) => m.method === method)
    if (!target) fail(`${label}.method: class ${targetClassId} has no method "${method}"`)
    const isStatic = target.type === 'STATIC'
    // Defaults as on Retter: the calling class and, for an instance method, the calling instance.
    const key = lookupKey as { name: string; value: string } | undefined
    const targetInstance = isStatic ? undefined : (instanceId ?? (key ? undefined : source.instanceId))
    if (!isStatic && targetInstance === undefined && key === undefined) {
      fail(`${label} calls ${targetClassId}.${method} (${target.type}) but names no instanceId or lookupKey, and ${where} has no instance to default to`)
    }

    let json: string | undefined
    try {
      json = payload === undefined ? undefined : JSON.stringify(payload)
    } catch (err) {
      fail(`${label}.payload cannot be sent as JSON (${err instanceof Error ? err.message : String(err)})`)
    }
    payloadBytes += json === undefined ? 0 : Buffer.byteLength(json, 'utf8')
    if (payloadBytes > MAX_TASK_PAYLOAD_BYTES) fail(`the payloads of data.tasks and data.schedule exceed ${MAX_TASK_PAYLOAD_BYTES} bytes (250 KB) of JSON`)

    const record: TaskRecord = {
      projectId: source.projectId,
      classId: targetClassId,
      method,
      ...(targetInstance === undefined ? {} : { instanceId: targetInstance }),
      ...(key === undefined || isStatic ? {} : { lookupKey: { name: key.name, value: key.value } }),
      // What the callee will read: the JSON round trip drops functions and undefined fields, as on the wire.
      ...(json === undefined ? {} : { payload: JSON.parse(json) as unknown }),
      dueAt: source.now + Math.round(after * 1000),
      createdAt: source.now,
      referer,
      sourceIP: source.sourceIP,
      busyRetries: 0,
    }
    return record
  })
}
