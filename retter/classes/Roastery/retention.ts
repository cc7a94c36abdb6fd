/**
 * How long a day's board keeps its customers' names and addresses: through PERSONAL_DATA_KEPT_DAYS
 * (BeanBloomBoard retention.ts) after the day, for a lost or damaged parcel to be reported, traced
 * with the carrier and refunded. Then `purgePersonalData` blanks each entry's name and street
 * address (the country stays: it is the VAT country's and says nothing of the person) and keeps
 * everything the money view, its CSV and a later refund read: the delivery id, what was packed,
 * its status, payment, amount, receipt, refunds and credit notes, and the day's totals.
 *
 * `purgePastBoards`, a scheduled STATIC method (template.yml: daily), asks each day past its
 * retention, over the last SWEEP_DAYS of such days, to purge itself: a missed or failed run is made
 * up by the next ones, and a day already purged changes nothing.
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { Board, BoardDelivery, byPacking, callUntilFree, describeFailure, isBoardDate, oldestKeptDay, succeeded } from 'BeanBloomBoard'
import { ROASTERY_CLASS, boardOf, dateOf, storeBoard } from './day'

const rdk = new RDK()

/** The day method the sweep calls (platform only). */
export const PURGE_DAY_METHOD = 'purgePersonalData'
/** Days past their retention the daily sweep asks again (so up to this many missed runs are made up). */
export const SWEEP_DAYS = 35

const DAY_MS = 24 * 60 * 60 * 1000

/** True when nothing of the entry names or locates a person any more. */
function isPurged(d: BoardDelivery): boolean {
  return d.name === '' && d.address.line1 === '' && d.address.line2 === undefined && d.address.city === '' && d.address.postalCode === ''
}

/** The board without names and street addresses (packing order kept); `purged` counts the entries changed. */
export function withoutPersonalData(board: Board, nowIso: string): { board: Board; purged: number } {
  let purged = 0
  const deliveries = board.deliveries.map(function (d) {
    if (isPurged(d)) return d
    purged++
    const kept: BoardDelivery = { ...d, name: '', address: { line1: '', city: '', postalCode: '', country: d.address.country } }
    return kept
  })
  if (purged === 0) return { board: board, purged: 0 }
  return { board: { date: board.date, deliveries: deliveries.sort(byPacking), totals: board.totals, updatedAt: nowIso }, purged: purged }
}

/**
 * WRITE (platform only: the sweep, or the developer for a day the sweep no longer reaches) {}: blanks this day's names and addresses once the day is past
 * its retention. 409 STILL_KEPT before then (nothing changes); 400 NOT_A_DAY on a shard (its day
 * rewrites it).
 */
export async function purgePersonalData(data: Data): Promise<Data> {
  const date = dateOf(data)
  if (!isBoardDate(date)) {
    refuse(data, 400, 'NOT_A_DAY', 'Only a day (YYYY-MM-DD) purges its board; its shards follow it.')
    return data
  }
  if (date >= oldestKeptDay(Date.now())) {
    refuse(data, 409, 'STILL_KEPT', 'The board of ' + date + ' keeps its names and addresses until ' + date + ' is more than the retention period ago.')
    return data
  }
  const result = withoutPersonalData(boardOf(data), new Date(Date.now()).toISOString())
  if (result.purged > 0) storeBoard(data, result.board)
  respond(data, { purged: result.purged })
  return data
}

/** The days (`YYYY-MM-DD`, newest first) the sweep at `nowMs` asks to purge. */
export function daysToSweep(nowMs: number): string[] {
  const newest = Date.parse(oldestKeptDay(nowMs) + 'T00:00:00.000Z') - DAY_MS
  const days: string[] = []
  for (let i = 0; i < SWEEP_DAYS; i++) days.push(new Date(newest - i * DAY_MS).toISOString().slice(0, 10))
  return days
}

/**
 * STATIC (scheduled; platform only): asks every day of `daysToSweep` to purge itself. A day never
 * opened answers 404 and is skipped; a day that fails is logged and asked again the next day.
 * Answers `{purged: [days that removed something], failed: [days]}`.
 */
export async function purgePastBoards(data: Data): Promise<Data> {
  const purged: string[] = []
  const failed: string[] = []
  for (const day of daysToSweep(Date.now())) {
    const answer = await callUntilFree(function () {
      return rdk.methodCall({ classId: ROASTERY_CLASS, instanceId: day, methodName: PURGE_DAY_METHOD, body: {} })
    })
    if (answer.statusCode === 404) continue
    if (!succeeded(answer)) {
      failed.push(day)
      console.error('[Roastery] the board of ' + day + ' was not purged: ' + describeFailure(answer))
      continue
    }
    const body = answer.body as { purged?: number } | undefined
    if (body && body.purged) purged.push(day)
  }
  respond(data, { purged: purged, failed: failed })
  return data
}
