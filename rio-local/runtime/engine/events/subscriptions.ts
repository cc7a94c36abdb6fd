/**
 * Event subscriptions of a method (template.yml), as Retter's "Events" page (docs.retter.io,
 * Classes > Events, 2022) documents them:
 *
 *   - method: onOrder
 *     type: READ
 *     handler: index.onOrder
 *     subscriptions:
 *       - name: ORDER_PLACED
 *         instanceId: $.instanceId      # which instance receives it: a path into the payload, or an id
 *         filters:                      # optional since Retter v1.2.1; every one must hold
 *           - $.userId:
 *               EX: true
 *
 * "You cannot subscribe write methods to events": READ and STATIC only. A READ subscriber needs
 * `instanceId` (a READ runs on an instance); a STATIC one has none. Everything is checked at load
 * (ProjectError naming class, method, entry and problem), so a subscription never silently fails.
 */
import { ProjectError } from '../../../project/errors'
import { isRecord } from '../../../is-record'
import type { MethodType } from '../types'

/** The filter operators of the Events page. */
export const FILTER_OPERATORS = ['EX', 'EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'IN', 'NIN'] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/** A `$.a.b` path into the event's payload, as its keys. */
export type PayloadPath = string[]

export interface EventFilter {
  path: PayloadPath
  /** Every operator given must hold. */
  tests: Array<{ op: FilterOperator; value: unknown }>
}

export interface Subscription {
  /** The event's name (`data.events[].name`). */
  name: string
  /** READ subscribers: the receiving instance, from the payload (a path) or fixed (an id). */
  instanceId?: { path: PayloadPath } | { id: string }
  filters: EventFilter[]
}

const SUBSCRIPTION_KEYS = new Set(['name', 'instanceId', 'filters'])

/** `$.a.b` as ['a', 'b']; undefined for anything else (brackets and wildcards are not documented). */
export function parsePath(raw: string): PayloadPath | undefined {
  if (raw === '$') return []
  if (!raw.startsWith('$.')) return undefined
  const keys = raw.slice(2).split('.')
  return keys.every((k) => /^[A-Za-z0-9_-]+$/.test(k)) ? keys : undefined
}

function checkTest(op: string, value: unknown, where: string): { op: FilterOperator; value: unknown } {
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) throw new ProjectError(`${where}: "${op}" is not a filter operator; use one of ${FILTER_OPERATORS.join(', ')}`)
  const fail = (expected: string): never => {
    throw new ProjectError(`${where}: ${op} takes ${expected}, got ${JSON.stringify(value)}`)
  }
  if (op === 'EX' && typeof value !== 'boolean') fail('true or false')
  if (['GT', 'GTE', 'LT', 'LTE'].includes(op) && typeof value !== 'string' && typeof value !== 'number') fail('a string or a number')
  if ((op === 'IN' || op === 'NIN') && typeof value !== 'string' && !Array.isArray(value)) fail('a string or a list')
  return { op: op as FilterOperator, value }
}

function parseFilters(raw: unknown, where: string): EventFilter[] {
  if (raw === undefined || raw === null) return []
  if (!Array.isArray(raw)) throw new ProjectError(`${where}.filters must be a list of "$.path: {OPERATOR: value}" entries`)
  const filters: EventFilter[] = []
  raw.forEach((entry: unknown, i: number) => {
    const at = `${where}.filters[${i}]`
    if (!isRecord(entry) || Object.keys(entry).length === 0) throw new ProjectError(`${at} must be "$.path: {OPERATOR: value}"`)
    for (const [rawPath, ops] of Object.entries(entry)) {
      const path = parsePath(rawPath)
      if (!path) throw new ProjectError(`${at}: "${rawPath}" is not a payload path like $.userId`)
      if (!isRecord(ops) || Object.keys(ops).length === 0) throw new ProjectError(`${at}: ${rawPath} needs operators, e.g. {EX: true}`)
      filters.push({ path, tests: Object.entries(ops).map(([op, value]) => checkTest(op, value, `${at} ${rawPath}`)) })
    }
  })
  return filters
}

/**
 * The `subscriptions:` of a method, checked.
 * @param where e.g. `Audit/template.yml methods[2]`
 * @throws ProjectError for a write method, a bad entry, a READ without instanceId or a STATIC with one
 */
export function subscriptionsOf(raw: unknown, type: MethodType, where: string): Subscription[] | undefined {
  if (raw === undefined || raw === null) return undefined
  if (type !== 'READ' && type !== 'STATIC') {
    throw new ProjectError(`${where}: a ${type} method has "subscriptions"; Retter's Events page: "You cannot subscribe write methods to events" (use a READ or STATIC method)`)
  }
  if (!Array.isArray(raw) || raw.length === 0) throw new ProjectError(`${where}.subscriptions must be a list of {name, instanceId?, filters?}`)
  return raw.map((entry: unknown, i: number): Subscription => {
    const at = `${where}.subscriptions[${i}]`
    if (!isRecord(entry)) throw new ProjectError(`${at} must be {name, instanceId?, filters?}`)
    const unknown = Object.keys(entry).filter((k) => !SUBSCRIPTION_KEYS.has(k))
    if (unknown.length > 0) throw new ProjectError(`${at} has unknown key(s) ${unknown.map((k) => `"${k}"`).join(', ')}; a subscription has name, instanceId and filters`)
    if (typeof entry.name !== 'string' || entry.name === '') throw new ProjectError(`${at}.name must be the event's name`)
    let instanceId: Subscription['instanceId']
    if (entry.instanceId !== undefined) {
      if (type === 'STATIC') throw new ProjectError(`${at}: a STATIC method runs on no instance; remove instanceId`)
      if (typeof entry.instanceId !== 'string' || entry.instanceId === '') throw new ProjectError(`${at}.instanceId must be a payload path like $.instanceId, or an instance id`)
      if (entry.instanceId.startsWith('$')) {
        const path = parsePath(entry.instanceId)
        if (!path || path.length === 0) throw new ProjectError(`${at}.instanceId: "${entry.instanceId}" is not a payload path like $.instanceId`)
        instanceId = { path }
      } else {
        instanceId = { id: entry.instanceId }
      }
    } else if (type === 'READ') {
      throw new ProjectError(`${at}: a READ method runs on an instance; say which with instanceId (e.g. $.instanceId, from the payload)`)
    }
    return { name: entry.name, ...(instanceId ? { instanceId } : {}), filters: parseFilters(entry.filters, at) }
  })
}
