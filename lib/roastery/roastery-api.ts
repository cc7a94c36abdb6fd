/**
 * Requests of the `Roastery` class, for staff: a day's board (live, from the role state of the
 * session's `staff` identity) and marking deliveries shipped. The roastery provider calls these and
 * keeps only React state; every failure leaves here as an `AppError` made by `./errors`.
 */
import { ROASTERY_CLASS, type Board, type MarkAllShippedResult } from '@/lib/contract'
import { mergeShards, type BoardHead, type ShardDocument } from './board'
import { RioAppError } from '@/lib/rio/errors/app-error'
import type { RioAccessor, RioClient, RioCloudObject } from '@/lib/rio/client'
import { guarded } from '@/lib/rio/errors/map'
import { roleStateOf, subscribeLiveState, type LiveStateHandlers, type StateData } from '@/lib/rio/state'
import type { TrackingEntry } from './tracking-csv'

/**
 * What "mark all shipped" did: the contract's answer and how many deliveries stayed on hold for
 * their payment (paid ones ship; the others stay scheduled).
 */
export interface ShipAllResult extends MarkAllShippedResult {
  /** Scheduled deliveries not shipped because they are not paid (including any refused by their Account). */
  onHold: number
}

/** The days a staff member opened, each a Roastery instance. */
export interface RoasteryDays {
  /**
   * Every day's board, live: `onBoard` runs with the day and its board put together from the day's
   * document and its shards' (`live` false when it came from the one-off read after no snapshot
   * arrived; `complete` false while those documents disagree, or the day's document is behind the
   * revision the day answers: a part not arrived yet, or one whose write failed); returns a
   * function that stops all of them.
   */
  watch(handlers: { onBoard(date: string, board: Board, live: boolean, complete: boolean): void; onError(date: string, error: RioAppError): void }): () => void
  /** Reads a day's board once (when live updates are off). Rejects with an AppError. */
  readBoard(date: string): Promise<Board>
  /** Marks one delivery of `date` shipped. Rejects with an AppError (503 when the customer's account could not record it). */
  markShipped(date: string, deliveryId: string): Promise<void>
  /**
   * Marks every delivery of `date` still scheduled and paid shipped; the unpaid stay on hold. Rejects
   * with an AppError when any could not be recorded.
   */
  markAllShipped(date: string): Promise<ShipAllResult>
  /**
   * Records parcels' carrier and tracking number on `date` before they ship (all or nothing).
   * Rejects with an AppError naming the row and field of the first entry refused.
   */
  setTracking(date: string, entries: TrackingEntry[]): Promise<{ updated: number }>
  /**
   * Refunds `amountCents` of a paid delivery of `date`, with staff's reason. Rejects with an AppError
   * (409 REFUND_TOO_LARGE or ALREADY_REFUNDED naming what can still be refunded).
   */
  refundDelivery(date: string, deliveryId: string, amountCents: number, reason: string): Promise<RefundResult>
}

/** What a refund did: the amount, everything refunded of the delivery so far, and its credit note's number (absent while pending). */
export interface RefundResult {
  amountCents: number
  refundedCents: number
  creditNote: string | null
}


/**
 * When the day's revision is first asked for after its document arrived, and then how often: a
 * failed write of the day's own document leaves nothing in the live documents to disagree with,
 * so the page asks the day itself (a small READ) whether its document is behind.
 */
export const REVISION_CHECK_FIRST_MS = 5000
export const REVISION_CHECK_EVERY_MS = 30_000

/** A board as read from role state: a day nothing has reached yet reads as empty. */
function boardOf(date: string, state: Record<string, unknown>): Board {
  const board = state as Partial<Board>
  return {
    date: typeof board.date === 'string' ? board.date : date,
    deliveries: Array.isArray(board.deliveries) ? board.deliveries : [],
    totals: Array.isArray(board.totals) ? board.totals : [],
    updatedAt: typeof board.updatedAt === 'string' ? board.updatedAt : null,
  }
}

/** A day's live document: its board part, and the shards and revision it names when it has any. */
function headOf(date: string, state: Record<string, unknown>): Board & Partial<BoardHead> {
  const head = state as Partial<BoardHead>
  return {
    ...boardOf(date, state),
    ...(Array.isArray(head.shards) ? { shards: head.shards } : {}),
    ...(typeof head.count === 'number' ? { count: head.count } : {}),
    ...(typeof head.rev === 'number' ? { rev: head.rev } : {}),
  }
}

/** A shard's live document as it arrived (a shard nobody wrote yet reads as revision 0, empty). */
function shardOf(id: string, state: Record<string, unknown>): ShardDocument {
  const doc = state as Partial<ShardDocument>
  return {
    date: typeof doc.date === 'string' ? doc.date : '',
    shard: id,
    rev: typeof doc.rev === 'number' ? doc.rev : 0,
    deliveries: Array.isArray(doc.deliveries) ? doc.deliveries : [],
  }
}

type BoardHandlers = Parameters<RoasteryDays['watch']>[0]

/** What one watched day holds between snapshots. */
interface DayWatch {
  head: (Board & Partial<BoardHead>) | null
  headLive: boolean
  stopped: boolean
  /** The day's revision as the day itself last answered it. */
  stored: number
  checker: ReturnType<typeof setTimeout> | null
  shards: Record<string, ShardDocument | undefined>
  shardStops: Map<string, () => void>
}

/** Hands the day's board, put together from its document and shards, to `onBoard`. */
function emitBoard(watch: DayWatch, date: string, handlers: BoardHandlers): void {
  if (!watch.head || watch.stopped) return
  const merged = mergeShards(watch.head, watch.shards)
  // A document without a revision (read whole, or written before revisions) cannot be compared.
  const headBehind = watch.headLive && typeof watch.head.rev === 'number' && watch.stored > watch.head.rev
  handlers.onBoard(date, merged.board, watch.headLive, merged.complete && !headBehind)
}

/** Asks the day for its stored revision after `after` ms, then every REVISION_CHECK_EVERY_MS until stopped. */
function checkRevision(watch: DayWatch, day: RioCloudObject, after: number, emit: () => void): void {
  watch.checker = setTimeout(() => {
    day.call<{ rev?: unknown }>({ method: 'revision' }).then((response) => {
      const rev = response.data?.rev
      if (typeof rev === 'number') watch.stored = rev
      emit()
    }, () => undefined).finally(() => {
      if (!watch.stopped) checkRevision(watch, day, REVISION_CHECK_EVERY_MS, emit)
    })
  }, after)
}

/** A shard listed for the first time is opened and followed like the day itself. */
function followShard(client: RioClient, watch: DayWatch, id: string, emit: () => void): void {
  if (watch.shardStops.has(id)) return
  watch.shardStops.set(id, () => undefined)
  client.getCloudObject({ classId: ROASTERY_CLASS, instanceId: id }).then((object) => {
    if (watch.stopped) return
    watch.shardStops.set(id, subscribeLiveState<Record<string, unknown>>(object, {
      onState: (state) => {
        watch.shards[id] = shardOf(id, state)
        emit()
      },
      // The part stays missing, so the board reads as not complete.
      onError: () => undefined,
    }, undefined, 'role'))
  }, () => undefined)
}

/** Follows one day live: its document, the shards it names and its stored revision; returns the stop. */
function watchDay(client: RioClient, date: string, day: RioCloudObject, handlers: BoardHandlers): () => void {
  const watch: DayWatch = { head: null, headLive: true, stopped: false, stored: 0, checker: null, shards: {}, shardStops: new Map() }
  const emit = () => emitBoard(watch, date, handlers)
  const live: LiveStateHandlers<Record<string, unknown>> = {
    onState: (state, isLive) => {
      const first = watch.head === null
      watch.head = headOf(date, state)
      watch.headLive = isLive
      for (const ref of watch.head.shards ?? []) followShard(client, watch, ref.id, emit)
      emit()
      if (first && isLive) checkRevision(watch, day, REVISION_CHECK_FIRST_MS, emit)
    },
    onError: (error) => handlers.onError(date, error),
  }
  const stopHead = subscribeLiveState(day, live, undefined, 'role')
  return () => {
    watch.stopped = true
    if (watch.checker) clearTimeout(watch.checker)
    stopHead()
    watch.shardStops.forEach((stop) => stop())
  }
}

/*
 * The requests below take the day as a function: a day not open on this page (NOT_OPEN) is then
 * refused inside `guarded`, as a rejection like any other failure.
 */

/** A day's board read once. */
function readBoardOf(day: () => RioCloudObject, date: string): Promise<Board> {
  return guarded(async () => {
    const state = (await day().getState()).data as unknown as StateData
    return boardOf(date, roleStateOf(state))
  })
}

async function markAllShippedOn(day: () => RioCloudObject): Promise<ShipAllResult> {
  const response = await guarded(() => day().call<Partial<ShipAllResult>>({ method: 'markAllShipped', body: {} }))
  const data = response.data ?? {}
  return {
    shipped: typeof data.shipped === 'number' ? data.shipped : 0,
    failed: Array.isArray(data.failed) ? data.failed : [],
    // A Roastery from before payments holds nothing back and does not say so.
    onHold: typeof data.onHold === 'number' ? data.onHold : 0,
  }
}

async function setTrackingOn(day: () => RioCloudObject, entries: TrackingEntry[]): Promise<{ updated: number }> {
  const response = await guarded(() => day().call<{ updated?: number }>({ method: 'setTracking', body: { entries } }))
  return { updated: typeof response.data?.updated === 'number' ? response.data.updated : entries.length }
}

async function refundOn(day: () => RioCloudObject, deliveryId: string, amountCents: number, reason: string): Promise<RefundResult> {
  const response = await guarded(() => day().call<{ amountCents?: number; refundedCents?: number; creditNote?: { number?: string } }>({
    method: 'refundDelivery', body: { deliveryId, amountCents, reason },
  }))
  const data = response.data ?? {}
  return {
    amountCents: typeof data.amountCents === 'number' ? data.amountCents : amountCents,
    refundedCents: typeof data.refundedCents === 'number' ? data.refundedCents : amountCents,
    creditNote: typeof data.creditNote?.number === 'string' ? data.creditNote.number : null,
  }
}

/** Each day's Roastery instance by date; a date not opened here is refused with NOT_OPEN. */
async function openDayObjects(client: RioClient, dates: readonly string[]): Promise<(date: string) => RioCloudObject> {
  const objects = await Promise.all(dates.map((date) => client.getCloudObject({ classId: ROASTERY_CLASS, instanceId: date })))
  const byDate = new Map<string, RioCloudObject>(dates.map((date, i) => [date, objects[i] as RioCloudObject]))
  return (date) => {
    const object = byDate.get(date)
    if (!object) throw new RioAppError({ code: 'NOT_OPEN', message: `The roastery board of ${date} is not open on this page.` })
    return object
  }
}

/**
 * Opens the Roastery instance of each day (creating the ones nobody opened yet: an empty board).
 * @param dates `YYYY-MM-DD` delivery days
 */
export function openRoasteryDays(rio: RioAccessor, dates: readonly string[]): Promise<RoasteryDays> {
  return guarded(async () => {
    const client = await rio()
    const objectOf = await openDayObjects(client, dates)
    return {
      watch(handlers) {
        const stops = dates.map((date) => watchDay(client, date, objectOf(date), handlers))
        return () => stops.forEach((stop) => stop())
      },
      readBoard: (date) => readBoardOf(() => objectOf(date), date),
      async markShipped(date, deliveryId) {
        await guarded(() => objectOf(date).call({ method: 'markShipped', body: { deliveryId } }))
      },
      markAllShipped: (date) => markAllShippedOn(() => objectOf(date)),
      setTracking: (date, entries) => setTrackingOn(() => objectOf(date), entries),
      refundDelivery: (date, deliveryId, amountCents, reason) => refundOn(() => objectOf(date), deliveryId, amountCents, reason),
    }
  })
}

/**
 * Refunds one delivery on its day's board, opening that day alone (a day of the money view's month,
 * a customer's payment on their page for staff). Rejects as `openRoasteryDays` does.
 */
export async function refundOnDay(rio: RioAccessor, date: string, deliveryId: string, amountCents: number, reason: string): Promise<RefundResult> {
  const days = await openRoasteryDays(rio, [date])
  return days.refundDelivery(date, deliveryId, amountCents, reason)
}

/**
 * Reads the boards of `dates` once (the money view's month), opening days nobody opened yet (an
 * empty board). Rejects with an AppError when any cannot be read.
 * @param dates `YYYY-MM-DD` delivery days
 */
export function readRoasteryBoards(rio: RioAccessor, dates: readonly string[]): Promise<Board[]> {
  return guarded(async () => {
    const days = await openRoasteryDays(rio, dates)
    return Promise.all(dates.map((date) => days.readBoard(date)))
  })
}
