/**
 * Which number each document's key got, kept by the UTC day it got it. A key asked again gets its
 * number as long as its day is kept: the day itself and the KEYS_KEPT_DAYS after it. Then the
 * whole day goes at once, so the state holds a few days of keys (a few thousand at a thousand
 * receipts a day) rather than every key of two months, and forgetting costs nothing per key.
 */

/** The series of documents the seller numbers. */
export type DocumentSeries = 'receipt' | 'credit-note'

/**
 * Days a key is kept after the day it got its number. The latest retry of a document is Stripe
 * sending an event again, for up to three days; an Account asks again within a minute otherwise.
 */
export const KEYS_KEPT_DAYS = 3

/** Private state of the `seller` instance: the last number of each series and recent keys' numbers. */
export interface NumberingState {
  last: { [series in DocumentSeries]: number }
  /** UTC day (YYYY-MM-DD) -> `series|key` -> the sequence number the key got that day. */
  keys?: { [day: string]: { [seriesAndKey: string]: number } }
  /** How keys were kept before days: `series|key` -> {sequence, at (epoch ms)}. Moved into `keys` on the next number. */
  issued?: { [seriesAndKey: string]: { sequence: number; at: number } }
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The UTC day of an instant. */
function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The oldest day still kept at `nowMs`. */
function oldestKept(nowMs: number): string {
  return dayOf(nowMs - KEYS_KEPT_DAYS * DAY_MS)
}

/** The state's keys by day, with keys kept the old way moved in (and those past the window dropped). */
function keysOf(state: NumberingState, nowMs: number): { [day: string]: { [seriesAndKey: string]: number } } {
  const keys = state.keys || {}
  const legacy = state.issued
  if (legacy) {
    const oldest = oldestKept(nowMs)
    for (const id in legacy) {
      const given = legacy[id] as { sequence: number; at: number }
      const day = dayOf(given.at)
      if (day < oldest) continue
      const bucket = keys[day] || (keys[day] = {})
      bucket[id] = given.sequence
    }
    delete state.issued
  }
  state.keys = keys
  return keys
}

/**
 * The number a key gets: the one it got before (while its day is kept), or the next of its series.
 * Days past the window are forgotten on the way.
 * @returns the sequence number and whether it is new
 */
export function numberFor(state: NumberingState, series: DocumentSeries, key: string, nowMs: number): { sequence: number; fresh: boolean } {
  const id = series + '|' + key
  const keys = keysOf(state, nowMs)
  const oldest = oldestKept(nowMs)
  for (const day of Object.keys(keys)) {
    if (day < oldest) delete keys[day]
  }
  for (const day in keys) {
    const known = (keys[day] as { [seriesAndKey: string]: number })[id]
    if (known !== undefined) return { sequence: known, fresh: false }
  }
  const sequence = state.last[series] + 1
  state.last[series] = sequence
  const today = dayOf(nowMs)
  const bucket = keys[today] || (keys[today] = {})
  bucket[id] = sequence
  return { sequence: sequence, fresh: true }
}
