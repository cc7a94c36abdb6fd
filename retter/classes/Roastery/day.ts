/**
 * Where a Roastery instance keeps its day. The whole board lives in the day's private state, which
 * no live document shows; staff read it live from the role state of the `staff` identity, laid out
 * over the day's own role document and its shards' (BeanBloomBoard shards.ts), so no document nears
 * Firestore's 1 MiB however many deliveries the day has. Public and user state stay empty: public
 * state is readable by every session of the project, and a board carries customers' names and
 * addresses.
 */
import { Data } from '@retter/rdk'
import { Board, SHARD_SEPARATOR, ShardLayout, emptyBoard, emptyLayout, layOut } from 'BeanBloomBoard'
import { STAFF_IDENTITY } from 'BeanBloomIdentity'

/** The class whose calls put deliveries on boards and record shipments. */
export const ACCOUNT_CLASS = 'Account'
/** This class: a day writes its shards through it. */
export const ROASTERY_CLASS = 'Roastery'

/** What a day keeps in private state. */
export interface DayPrivate {
  /** The whole board. */
  board?: Board
  /** Which part of the live documents holds each delivery, and their revisions. */
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

/** The whole board of this day (set by init). */
export function boardOf(data: Data): Board {
  const priv = data.state.private as DayPrivate | undefined
  if (priv && priv.board) return priv.board
  // A day stored before boards were laid out over shards keeps its whole board in the role document.
  const role = data.state.role as { [identity: string]: Board } | undefined
  const stored = role ? role[STAFF_IDENTITY] : undefined
  if (!stored) return emptyBoard(dateOf(data))
  return { date: stored.date, deliveries: stored.deliveries || [], totals: stored.totals || [], updatedAt: stored.updatedAt || null }
}

/**
 * Stores the whole board and lays it out where staff read it: the head in this day's role state,
 * and the shards whose part changed marked for writing (shards.ts writes them before the method
 * answers).
 */
export function storeBoard(data: Data, board: Board): void {
  const priv = dayPrivateOf(data)
  const laid = layOut({ board: boardOf(data), layout: priv.layout || emptyLayout() }, board)
  priv.board = board
  priv.layout = laid.layout
  const unpushed = priv.unpushed || {}
  for (const doc of laid.changed) unpushed[doc.shard.slice(doc.shard.lastIndexOf(SHARD_SEPARATOR) + 1)] = true
  priv.unpushed = unpushed
  if (!data.state.role) data.state.role = {}
  ;(data.state.role as { [identity: string]: unknown })[STAFF_IDENTITY] = laid.head
}
