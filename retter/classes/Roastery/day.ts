/**
 * Where a Roastery instance keeps its day. Staff read the board live from the role state of the
 * `staff` identity, laid out over the day's own role document (the head: totals and the first part
 * of the packing list) and its shards' (BeanBloomBoard shards.ts), so no document nears Firestore's
 * 1 MiB however many deliveries the day has; the day keeps the other parts in its private state,
 * which no live document shows, so the whole board is the head and those parts, each stored once.
 * Public and user state stay empty: public state is readable by every session of the project, and
 * a board carries customers' names and addresses.
 */
import { Data } from '@retter/rdk'
import { Board, BoardDelivery, BoardHead, SHARD_SEPARATOR, ShardLayout, byPacking, emptyBoard, emptyLayout, layOut } from 'BeanBloomBoard'
import { STAFF_IDENTITY } from 'BeanBloomIdentity'

/** The class whose calls put deliveries on boards and record shipments. */
export const ACCOUNT_CLASS = 'Account'
/** This class: a day writes its shards through it. */
export const ROASTERY_CLASS = 'Roastery'

/** What a day keeps in private state. */
export interface DayPrivate {
  /** The parts of the packing list past the head's (by shard number), in packing order. */
  parts?: { [part: string]: BoardDelivery[] }
  /** Which part holds each delivery, and the parts' revisions. */
  layout?: ShardLayout
  /** Shards (by number) whose documents still have to be written. */
  unpushed?: { [part: string]: boolean }
  /** A `pushShards` task is scheduled. */
  pushRetryPending?: boolean
}

/** The day of this instance (its id, `YYYY-MM-DD`). */
export function dateOf(data: Data): string {
  return data.context.instanceId || ''
}

/** The day's private record (created when missing). */
export function dayPrivateOf(data: Data): DayPrivate {
  if (!data.state.private) data.state.private = {}
  return data.state.private as DayPrivate
}

/** The whole board of this day (set by init): the head's part and the others, in packing order. */
export function boardOf(data: Data): Board {
  const role = data.state.role as { [identity: string]: Board & Partial<BoardHead> } | undefined
  const head = role ? role[STAFF_IDENTITY] : undefined
  if (!head) return emptyBoard(dateOf(data))
  // A day stored before boards were laid out over shards has its whole board in the role document.
  let deliveries = head.deliveries || []
  const priv = data.state.private as DayPrivate | undefined
  const parts = priv && priv.parts ? priv.parts : {}
  const others = Object.keys(parts)
  if (others.length > 0) {
    for (const part of others) deliveries = deliveries.concat(parts[part] || [])
    deliveries.sort(byPacking)
  }
  return { date: head.date, deliveries: deliveries, totals: head.totals || [], updatedAt: head.updatedAt || null }
}

/**
 * Stores the board laid out where staff read it: the head in this day's role state, the other
 * parts in private state, and the shards whose part changed marked for writing (shards.ts writes
 * them before the method answers).
 */
export function storeBoard(data: Data, board: Board): void {
  const priv = dayPrivateOf(data)
  const laid = layOut({ board: boardOf(data), layout: priv.layout || emptyLayout() }, board)
  const parts: { [part: string]: BoardDelivery[] } = {}
  for (let part = 1; part < laid.parts.length; part++) parts[String(part)] = laid.parts[part] as BoardDelivery[]
  priv.parts = parts
  priv.layout = laid.layout
  const unpushed = priv.unpushed || {}
  for (const doc of laid.changed) unpushed[doc.shard.slice(doc.shard.lastIndexOf(SHARD_SEPARATOR) + 1)] = true
  priv.unpushed = unpushed
  if (!data.state.role) data.state.role = {}
  ;(data.state.role as { [identity: string]: unknown })[STAFF_IDENTITY] = laid.head
}
