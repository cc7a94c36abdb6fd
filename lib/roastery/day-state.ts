/**
 * The one line under a day's heading on /roastery that says where the day stands for staff: what
 * customers may still change, and when nothing is left to do. It follows the deliveries, not only
 * the calendar: a shipped delivery can no longer change, whatever day it is.
 */
import type { Translate } from '@/lib/i18n/types'

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
 * @param t the page's words
 */
export function dayStateText(day: DayStanding | null, t: Translate): string | null {
  if (day === null) return null
  const { offset, leadDays, total, shipped } = day
  if (![offset, leadDays, total, shipped].every(Number.isInteger) || shipped < 0 || shipped > total || offset < 0) {
    throw new RangeError(`dayStateText: expected whole counts with 0 <= shipped <= total and offset >= 0, got ${JSON.stringify(day)}`)
  }
  if (total > 0 && shipped === total) return t('roastery.state.allShipped')
  if (offset < leadDays) return total === 0 ? t('roastery.state.finalEmpty') : t('roastery.state.preparing')
  if (total === 0) return t('roastery.state.canAdd')
  return shipped > 0 ? t('roastery.state.canChangeRest') : t('roastery.state.canChange')
}
