/**
 * Publishing: the events a handler pushed to `data.events` (rdk 1.3.4's `RioEvent {name, payload}`;
 * Retter's Events page) become one delivery per subscribed method, stored with the publisher's
 * commit and run by the delayed-call runner: each subscriber gets each event once (at least once
 * across a crash, as every stored delayed call), one instance's deliveries in the order published,
 * the payload as the subscriber's `data.request.body`, the publisher in its `context.referer*`
 * fields. A failing delivery is retried by the runner (runner.ts, EVENT_RETRY).
 */
import { Buffer } from 'node:buffer'
import type { Logger } from '../../../logger'
import type { TaskRecord } from '../../../storage/types'
import { HttpError } from '../../responses'
import { isRecord } from '../../../is-record'
import type { TaskSource } from '../tasks/entries'
import type { EventFilter, PayloadPath, Subscription } from './subscriptions'

/** Limits of one invocation's events: as many as its delayed calls may be (Retter documents none of its own). */
export const MAX_EVENTS_PER_INVOCATION = 250
export const MAX_EVENT_PAYLOAD_BYTES = 250 * 1024

export interface PublishedEvent {
  name: string
  payload: Record<string, unknown>
}

const EVENT_KEYS = new Set(['name', 'payload'])

/**
 * The events of what the handler returned, else of the Data it was given, checked.
 * @throws HttpError 500 INVALID_EVENTS naming the entry and problem (the caller stores nothing)
 */
export function eventsOf(where: string, data: object, out: unknown): PublishedEvent[] {
  const list = isRecord(out) && 'events' in out ? out.events : (data as { events?: unknown }).events
  if (list === undefined || list === null) return []
  const fail: (problem: string) => never = (problem) => {
    throw new HttpError(500, 'INVALID_EVENTS', `${where}: ${problem}; nothing of this call was stored`)
  }
  if (!Array.isArray(list)) fail('data.events must be an array of {name, payload}')
  if (list.length > MAX_EVENTS_PER_INVOCATION) fail(`${list.length} events in data.events; at most ${MAX_EVENTS_PER_INVOCATION} per call`)
  let bytes = 0
  return list.map((entry: unknown, i: number) => {
    const label = `data.events[${i}]`
    if (!isRecord(entry)) fail(`${label} must be an object {name, payload}`)
    const unknown = Object.keys(entry).filter((k) => !EVENT_KEYS.has(k))
    if (unknown.length > 0) fail(`${label} has unknown field(s) ${unknown.map((k) => `"${k}"`).join(', ')}; an event has name and payload`)
    if (typeof entry.name !== 'string' || entry.name === '') fail(`${label}.name must be the event's name, got ${JSON.stringify(entry.name)}`)
    if (!isRecord(entry.payload)) fail(`${label}.payload must be an object (Retter's Events page: Record<string, any>)`)
    let json = ''
    try {
      json = JSON.stringify(entry.payload)
    } catch (err) {
      fail(`${label}.payload cannot be sent as JSON (${err instanceof Error ? err.message : String(err)})`)
    }
    bytes += Buffer.byteLength(json, 'utf8')
    if (bytes > MAX_EVENT_PAYLOAD_BYTES) fail(`the payloads of data.events exceed ${MAX_EVENT_PAYLOAD_BYTES} bytes (250 KB) of JSON`)
    // What the subscriber reads: the JSON round trip, as on the wire.
    return { name: entry.name, payload: JSON.parse(json) as Record<string, unknown> }
  })
}

function at(payload: unknown, path: PayloadPath): unknown {
  let value = payload
  for (const key of path) value = isRecord(value) ? value[key] : undefined
  return value
}

/** How `a` compares with `b` (negative, 0, positive) when both are numbers or both strings; undefined otherwise. */
function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  return undefined
}

/** IN as the Events page's table has it, by the types of the target and the given value. */
function isIn(target: unknown, given: unknown): boolean {
  if (Array.isArray(target)) return Array.isArray(given) ? given.some((g) => target.includes(g)) : target.includes(given)
  if (typeof target === 'string') return Array.isArray(given) ? given.includes(target) : typeof given === 'string' && target.includes(given)
  return false
}

/** True when every operator of `filter` holds for the payload. */
export function passes(filter: EventFilter, payload: unknown): boolean {
  const value = at(payload, filter.path)
  return filter.tests.every(({ op, value: given }) => {
    switch (op) {
      case 'EX':
        return (value !== undefined) === given
      case 'EQ':
        return JSON.stringify(value) === JSON.stringify(given)
      case 'NE':
        return JSON.stringify(value) !== JSON.stringify(given)
      case 'GT':
        return (compare(value, given) ?? NaN) > 0
      case 'GTE':
        return (compare(value, given) ?? NaN) >= 0
      case 'LT':
        return (compare(value, given) ?? NaN) < 0
      case 'LTE':
        return (compare(value, given) ?? NaN) <= 0
      case 'IN':
        return isIn(value, given)
      case 'NIN':
        return !isIn(value, given)
    }
  })
}

/** The subscribed methods of a project: class, method, its subscriptions. */
export interface Subscriber {
  classId: string
  method: string
  subscriptions: Subscription[]
}

/**
 * One delivery (a delayed call due now) per event and subscribed method whose filters hold, in the
 * order the events were published. A READ subscriber whose instanceId path finds no id in the
 * payload gets nothing, logged (there is no instance to run it on).
 */
export function deliveriesOf(source: TaskSource, subscribers: readonly Subscriber[], events: readonly PublishedEvent[], logger: Logger): TaskRecord[] {
  const deliveries: TaskRecord[] = []
  for (const event of events) {
    for (const sub of subscribers) {
      for (const subscription of sub.subscriptions) {
        if (subscription.name !== event.name || !subscription.filters.every((f) => passes(f, event.payload))) continue
        let instanceId: string | undefined
        if (subscription.instanceId) {
          const found = 'id' in subscription.instanceId ? subscription.instanceId.id : at(event.payload, subscription.instanceId.path)
          if (typeof found !== 'string' || found === '') {
            logger.warn(`event ${event.name} of ${source.classId}.${source.methodName} not delivered to ${sub.classId}.${sub.method}: its instanceId $.${'path' in subscription.instanceId ? subscription.instanceId.path.join('.') : ''} names no instance in the payload`)
            continue
          }
          instanceId = found
        }
        deliveries.push({
          projectId: source.projectId,
          classId: sub.classId,
          method: sub.method,
          ...(instanceId === undefined ? {} : { instanceId }),
          payload: event.payload,
          dueAt: source.now,
          createdAt: source.now,
          referer: { classId: source.classId, instanceId: source.instanceId, methodName: source.methodName, userId: source.userId, identity: source.identity, event: event.name },
          sourceIP: source.sourceIP,
          busyRetries: 0,
        })
      }
    }
  }
  return deliveries
}
