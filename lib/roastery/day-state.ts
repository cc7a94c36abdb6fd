/**
 * The one line under a day's heading on /roastery that says where the day stands for staff: what
 * customers may still change, and when nothing is left to do. It follows the deliveries, not only
 * the calendar: a shipped delivery can no longer change, whatever day it is.
 */

/** Where a day's deliveries stand (counts from `splitBoard`) and how near the day is. */
export interface DayStanding {
  /** Days from today (0 today). */
  offset: number
  /** Days that are final: customers can no longer change them (being roasted and packed). */
  leadDays: number
  /** Deliveries of the day, shipped or not. */
  total: number
  shipped: number
}

/**
 * The line for a day, or null while its board is not known (loading, or it failed: the page says so).
 * - every delivery shipped: nothing left to do, and nothing anyone can change;
 * - within the lead days: being prepared, customers can no longer change them;
 * - later days: customers can still change them (the ones not shipped, when some are), or add
 *   deliveries to a day that has none yet.
 * @param day the day's standing; `total` and `shipped` are whole numbers, `shipped` at most `total`
 */
export function dayStateText(day: DayStanding | null): string | null {
  if (day === null) return null
  const { offset, leadDays, total, shipped } = day
  if (![offset, leadDays, total, shipped].every(Number.isInteger) || shipped < 0 || shipped > total || offset < 0) {
    throw new RangeError(`dayStateText: expected whole counts with 0 <= shipped <= total and offset >= 0, got ${JSON.stringify(day)}`)
  }
  if (total > 0 && shipped === total) return 'All shipped: every delivery of the day has left the roastery.'
  if (offset < leadDays) return total === 0 ? 'Final: no deliveries for this day.' : 'Being prepared: customers can no longer change these deliveries.'
  if (total === 0) return 'Customers can still add deliveries to this day.'
  return shipped > 0 ? 'Customers can still change the deliveries not yet shipped.' : 'Customers can still change these deliveries.'
}
