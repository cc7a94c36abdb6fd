/**
 * A day's board split over several live documents, so that no document nears Cloud Firestore's
 * limit of 1 MiB whatever the number and size of the day's entries. Pure functions, no imports but
 * the board's: the Roastery lays a board out with them, and the web app puts it together again
 * with the same module.
 *
 * - The day's instance (`YYYY-MM-DD`) keeps the whole board: its staff role document (the "head")
 *   holds the totals, the first part of the packing list, and the list of shards, and its private
 *   state the other parts (so nothing is stored twice); each shard is a Roastery instance `YYYY-MM-DD_N` (N = 1, 2, ...) whose staff role
 *   document holds another part of the packing list.
 * - A delivery stays in the part it was placed in while it fits, so a change rewrites only the
 *   head and the one shard that holds it. A new delivery goes to the first part with room; a part
 *   that grows past its budget (payments, receipts, credit notes) hands entries on.
 * - Every change of the day counts a revision. The head names the revision each shard must show and
 *   each shard document carries the revision it shows, so a reader can tell a complete board from
 *   one whose documents disagree (a write that failed or has not arrived yet).
 */
import { utf8Bytes } from 'BeanBloomKit/text'
import { Board, BoardDelivery, byPacking } from './board'

/** What separates the day from the shard number in a shard's instance id. */
// Retter's instance ids allow letters, digits and _ - . @ + : = only (no `~`).
export const SHARD_SEPARATOR = '_'

/**
 * Bytes of entries one live document may hold: a quarter of Firestore's 1 MiB, so an entry that
 * grows after it was placed (credit notes), the head's totals and a count that differs from
 * Firestore's own by a few bytes per value all stay far below the limit, and each change rewrites
 * at most a few hundred kB.
 */
export const SHARD_BUDGET_BYTES = 256 * 1024

const DAY = /^\d{4}-\d{2}-\d{2}$/
const SHARD = /^(\d{4}-\d{2}-\d{2})_([1-9]\d{0,5})$/

/** The instance id of shard `n` (1, 2, ...) of `date`. */
export function shardId(date: string, n: number): string {
  return date + SHARD_SEPARATOR + n
}

/** True for a shard's instance id, `YYYY-MM-DD_N` with N from 1. */
export function isShardId(value: unknown): value is string {
  return typeof value === 'string' && SHARD.test(value)
}

/** The day and number of a shard id; null for anything else. */
export function parseShardId(value: string): { date: string; n: number } | null {
  const match = SHARD.exec(value)
  if (!match || !DAY.test(match[1] as string)) return null
  return { date: match[1] as string, n: Number(match[2]) }
}

/** UTF-8 bytes of a string (the kit's one rule), as this module has always exported it. */
export { utf8Bytes }

/**
 * Bytes a value takes in a Firestore document, counted as Firestore documents it: a string its
 * UTF-8 bytes + 1, a number 8, a boolean or null 1, an array the sum of its values, a map the sum of
 * its field names (UTF-8 + 1) and values.
 */
export function firestoreBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1
  if (typeof value === 'number') return 8
  if (typeof value === 'string') return utf8Bytes(value) + 1
  if (Array.isArray(value)) {
    let sum = 0
    for (const item of value) sum += firestoreBytes(item)
    return sum
  }
  if (typeof value === 'object') {
    let sum = 0
    const map = value as { [key: string]: unknown }
    for (const key in map) {
      if (Object.prototype.hasOwnProperty.call(map, key) && map[key] !== undefined) sum += utf8Bytes(key) + 1 + firestoreBytes(map[key])
    }
    return sum
  }
  return 0
}

/** One shard as the head lists it. */
export interface ShardRef {
  /** The shard's instance id, `YYYY-MM-DD_N`. */
  id: string
  /** The revision its document must show. */
  rev: number
}

/** The day's own live document: the totals, the first part of the packing list, and the shards. */
export interface BoardHead extends Board {
  /** The day's revision: counts every change. */
  rev: number
  /** Deliveries of the whole day (this document's and every shard's). */
  count: number
  /** The other parts of the packing list, in order. */
  shards: ShardRef[]
}

/** A shard's live document. */
export interface ShardDocument {
  /** The delivery day, `YYYY-MM-DD`. */
  date: string
  /** This shard's instance id. */
  shard: string
  /** The day's revision this part was last changed in. */
  rev: number
  /** This part of the packing list, in packing order. */
  deliveries: BoardDelivery[]
}

/** Where each delivery of a day is kept, and what each part shows (the day's private record). */
export interface ShardLayout {
  /** The day's revision. */
  rev: number
  /** deliveryId -> part (0: the head, n: shard n). */
  placement: { [deliveryId: string]: number }
  /** part -> the revision it was last changed in. */
  revs: { [part: string]: number }
  /**
   * part -> bytes of its entries, kept as entries come and go, so a change counts the bytes of the
   * entries it touched rather than of the whole day.
   */
  used?: { [part: string]: number }
}

/** The layout of a day nothing has reached yet. */
export function emptyLayout(): ShardLayout {
  return { rev: 0, placement: {}, revs: {} }
}

/** Bytes the head holds besides its entries (totals, the shard list, its own fields), with room to spare. */
function headOverhead(board: Board, shards: number): number {
  return 1024 + firestoreBytes(board.totals) + shards * 48
}

/** Where each delivery goes, and how many bytes of entries each part then holds. */
export interface Placement {
  placement: { [deliveryId: string]: number }
  used: { [part: string]: number }
}

/**
 * Which part holds each delivery of `board`: a delivery keeps its part while that part stays
 * within `budget`; new ones and those a grown part hands on go to the first part with room, or to
 * a new shard. Deterministic: the same boards and layout give the same answer.
 * @param previous the board before the change and its layout: entries the change did not touch
 *   (the same objects) are not counted again when the layout knows its parts' bytes
 * @param budget bytes of entries per part (SHARD_BUDGET_BYTES)
 */
export function placeDeliveries(board: Board, previous: { board: Board; layout: ShardLayout }, budget: number = SHARD_BUDGET_BYTES): Placement {
  const before = previous.layout.placement
  const known = previous.layout.used
  const used: { [part: string]: number } = {}
  const placement: { [deliveryId: string]: number } = {}
  const waiting: BoardDelivery[] = []
  const old: { [deliveryId: string]: BoardDelivery } = {}
  for (const d of previous.board.deliveries) old[d.deliveryId] = d
  const add = function (part: number, bytes: number): void {
    used[String(part)] = (used[String(part)] || 0) + bytes
  }
  if (known) {
    for (const key in known) if (Object.prototype.hasOwnProperty.call(known, key)) used[key] = known[key] as number
    // Entries gone or replaced give their bytes back; the others are counted already.
    const next: { [deliveryId: string]: BoardDelivery } = {}
    for (const d of board.deliveries) next[d.deliveryId] = d
    for (const d of previous.board.deliveries) {
      const part = before[d.deliveryId]
      if (part !== undefined && next[d.deliveryId] !== d) add(part, -firestoreBytes(d))
    }
  }
  let parts = 1
  for (const d of board.deliveries) {
    const part = before[d.deliveryId]
    if (typeof part === 'number' && part >= 0) {
      placement[d.deliveryId] = part
      if (!known || old[d.deliveryId] !== d) add(part, firestoreBytes(d))
      if (part + 1 > parts) parts = part + 1
    } else waiting.push(d)
  }
  const room = function (part: number): number {
    return part === 0 ? budget - headOverhead(board, parts + 1) : budget
  }
  const over = function (part: number): boolean {
    return (used[String(part)] || 0) > room(part)
  }
  // A part over its budget hands on its last entries (packing order), keeping at least one.
  let anyOver = false
  for (let part = 0; part < parts; part++) if (over(part)) anyOver = true
  if (anyOver) {
    for (let i = board.deliveries.length - 1; i >= 0; i--) {
      const d = board.deliveries[i] as BoardDelivery
      const part = placement[d.deliveryId]
      if (part === undefined || !over(part)) continue
      const size = firestoreBytes(d)
      if ((used[String(part)] || 0) - size > 0) {
        add(part, -size)
        delete placement[d.deliveryId]
        waiting.unshift(d)
      }
    }
  }
  for (const d of waiting) {
    const size = firestoreBytes(d)
    let part = 0
    while (part < parts && (used[String(part)] || 0) > 0 && (used[String(part)] || 0) + size > room(part)) part++
    if (part === parts) parts++
    placement[d.deliveryId] = part
    add(part, size)
  }
  for (const key in used) if (Object.prototype.hasOwnProperty.call(used, key) && !(used[key] as number > 0)) delete used[key]
  return { placement: placement, used: used }
}

/** The deliveries of each part, in packing order (the board's order). */
function partsOf(board: Board, placement: { [deliveryId: string]: number }): BoardDelivery[][] {
  const parts: BoardDelivery[][] = [[]]
  for (const d of board.deliveries) {
    const part = placement[d.deliveryId] || 0
    while (parts.length <= part) parts.push([])
    ;(parts[part] as BoardDelivery[]).push(d)
  }
  return parts
}

function samePart(a: BoardDelivery[] | undefined, b: BoardDelivery[]): boolean {
  if (!a || a.length !== b.length) return false
  for (let i = 0; i < b.length; i++) {
    const x = a[i]
    const y = b[i]
    if (x !== y && JSON.stringify(x) !== JSON.stringify(y)) return false
  }
  return true
}

/** What one change of a day's board writes: the head, the shards whose part changed, the new layout. */
export interface ShardedBoard {
  head: BoardHead
  /** Every part's deliveries in packing order (0: the head's). */
  parts: BoardDelivery[][]
  /** The shards whose documents must be written, with what they must show. */
  changed: ShardDocument[]
  layout: ShardLayout
}

/**
 * Lays out `next` (the day's whole board after a change) over the head and its shards.
 * @param previous the whole board before the change, and its layout
 * @param budget bytes of entries per part (SHARD_BUDGET_BYTES)
 */
export function layOut(previous: { board: Board; layout: ShardLayout }, next: Board, budget: number = SHARD_BUDGET_BYTES): ShardedBoard {
  const rev = previous.layout.rev + 1
  const placed = placeDeliveries(next, previous, budget)
  const placement = placed.placement
  const before = partsOf(previous.board, previous.layout.placement)
  const after = partsOf(next, placement)
  const revs: { [part: string]: number } = {}
  const changed: ShardDocument[] = []
  for (let part = 0; part < after.length; part++) {
    const deliveries = after[part] as BoardDelivery[]
    const kept = previous.layout.revs[String(part)]
    if (part === 0 || kept === undefined || !samePart(before[part], deliveries)) {
      revs[String(part)] = rev
      if (part > 0) changed.push({ date: next.date, shard: shardId(next.date, part), rev: rev, deliveries: deliveries })
    } else revs[String(part)] = kept
  }
  // A shard left empty stays listed (empty) rather than vanish: its document may still hold entries.
  for (let part = after.length; part < before.length; part++) {
    revs[String(part)] = rev
    changed.push({ date: next.date, shard: shardId(next.date, part), rev: rev, deliveries: [] })
  }
  const shards: ShardRef[] = []
  const parts = Math.max(after.length, before.length)
  for (let part = 1; part < parts; part++) shards.push({ id: shardId(next.date, part), rev: revs[String(part)] as number })
  const head: BoardHead = {
    date: next.date, deliveries: after[0] as BoardDelivery[], totals: next.totals, updatedAt: next.updatedAt,
    rev: rev, count: next.deliveries.length, shards: shards,
  }
  return { head: head, parts: after, changed: changed, layout: { rev: rev, placement: placement, revs: revs, used: placed.used } }
}

/** The document a shard shows now, from the day's whole board and layout (to write it again). */
export function shardDocumentOf(board: Board, layout: ShardLayout, n: number): ShardDocument {
  const deliveries = partsOf(board, layout.placement)[n] || []
  return { date: board.date, shard: shardId(board.date, n), rev: layout.revs[String(n)] || layout.rev, deliveries: deliveries }
}

/** A day's board as read from its live documents, and whether they agree. */
export interface MergedBoard {
  board: Board
  /** True when every shard the head lists shows the revision the head names, and the count adds up. */
  complete: boolean
  /** Shards the head lists that are missing or show another revision. */
  behind: string[]
}

/**
 * Puts a day's board together from its head and shard documents as they arrived (a head without
 * `shards`, such as one read whole with STATE, is the whole board).
 * @param shards shard id -> its document, when it has arrived
 */
export function mergeShards(head: Board & Partial<BoardHead>, shards: { [id: string]: ShardDocument | undefined }): MergedBoard {
  const listed = Array.isArray(head.shards) ? head.shards : []
  const seen: { [deliveryId: string]: boolean } = {}
  const deliveries: BoardDelivery[] = []
  const add = function (list: ReadonlyArray<BoardDelivery>): void {
    for (const d of list) {
      if (seen[d.deliveryId]) continue
      seen[d.deliveryId] = true
      deliveries.push(d)
    }
  }
  add(head.deliveries)
  const behind: string[] = []
  for (const ref of listed) {
    const doc = shards[ref.id]
    if (!doc || doc.rev !== ref.rev) behind.push(ref.id)
    if (doc && Array.isArray(doc.deliveries)) add(doc.deliveries)
  }
  if (listed.length > 0) deliveries.sort(byPacking)
  const count = typeof head.count === 'number' ? head.count : deliveries.length
  return {
    board: { date: head.date, deliveries: deliveries, totals: head.totals, updatedAt: head.updatedAt },
    complete: behind.length === 0 && count === deliveries.length,
    behind: behind,
  }
}
