/**
 * The timeline of one delivery, the one story every page, e-mail, document and the terms tell:
 *
 *   change until the end of its last changeable day (LEAD_DAYS before it)
 *   → final at the start of the next day (finalMomentMs): charged, roasted and sent that day
 *   → arrives on its day (the grid date).
 *
 * Nothing here is a new rule: each moment is read from the schedule (lastChangeableDay) and the
 * payment lifecycle (finalMomentMs, when the charge task runs), so changing LEAD_DAYS changes every
 * sentence with it. Texts take the date formatter of their medium (customerDate in e-mails and
 * documents, shortDate on pages), so the words stay the one European way of dates.ts.
 */
import { finalMomentMs } from './payments'
import { DAY_MS, firstChangeableDay, isoDay, lastChangeableDay, startOfUtcDay } from './schedule'

/** The moments of the delivery arriving on one day (ISO days unless said otherwise). */
export interface DeliveryTimeline {
  /** The last day a change (skip, pause, plan, grind, roast, address) reaches it: until that day's end (UTC). */
  lastChangeDay: string
  /** ISO instant it becomes final and is charged (the start of `roastDay`, UTC). */
  finalAt: string
  /** The day it is charged. */
  chargeDay: string
  /** The day it is roasted and packed. */
  roastDay: string
  /** The day it leaves the roastery. */
  shipDay: string
  /** The day it arrives: the delivery's own date. */
  arrivalDay: string
}

/** The timeline of the delivery on `date` (an ISO day or `YYYY-MM-DD`). */
export function deliveryTimeline(date: string): DeliveryTimeline {
  const arrival = startOfUtcDay(Date.parse(date))
  if (isNaN(arrival)) throw new RangeError('deliveryTimeline: "' + date + '" is not a date')
  const arrivalDay = isoDay(arrival)
  const finalMs = finalMomentMs(arrivalDay)
  const finalDay = isoDay(finalMs)
  return {
    lastChangeDay: lastChangeableDay(arrivalDay),
    finalAt: new Date(finalMs).toISOString(),
    chargeDay: finalDay,
    roastDay: finalDay,
    shipDay: finalDay,
    arrivalDay: arrivalDay,
  }
}

/** Whole days from `earlier` to `later` (ISO days). */
function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(later) - Date.parse(earlier)) / DAY_MS)
}

/** "the day before", "two days before", "3 days before". */
function daysBeforeWords(days: number): string {
  if (days === 0) return 'on the day'
  if (days === 1) return 'the day before'
  if (days === 2) return 'two days before'
  return days + ' days before'
}

// The rule in days, read off any one delivery's timeline (the same for all: the rules are in whole days).
const REFERENCE = deliveryTimeline('2026-01-15')
/** Days before its arrival that a delivery is charged, roasted and sent. */
export const FINAL_DAYS_BEFORE = daysBetween(REFERENCE.chargeDay, REFERENCE.arrivalDay)
/** Days before its arrival of a delivery's last changeable day. */
export const CHANGE_DAYS_BEFORE = daysBetween(REFERENCE.lastChangeDay, REFERENCE.arrivalDay)

/**
 * When a delivery is charged, to follow "charged": "when it becomes final: at the start (00:00 UTC)
 * of the day before it arrives, the day we roast and send it".
 */
export function chargeMomentText(): string {
  return 'when it becomes final: at the start (00:00 UTC) of ' + daysBeforeWords(FINAL_DAYS_BEFORE) + ' it arrives, the day we roast and send it'
}

/** When a delivery is charged, in general: "Each delivery is charged once, when it becomes final: …". */
export function chargeRuleText(): string {
  return 'Each delivery is charged once, ' + chargeMomentText() + '.'
}

/**
 * Until when a delivery may change, in general: "You can skip or change a delivery until the end
 * of the day two days before it arrives (UTC); after that it is final and being roasted."
 */
export function changeRuleText(): string {
  return 'You can skip or change a delivery until the end of the day ' + daysBeforeWords(CHANGE_DAYS_BEFORE) +
    ' it arrives (UTC); after that it is final and being roasted.'
}

/**
 * One delivery's timeline in words, each date written by `day` (customerDate or shortDate):
 * "You can change it until the end of Saturday 5 December 2026. It is charged, roasted and sent
 * on Sunday 6 December 2026 and arrives on Monday 7 December 2026."
 */
export function timelineText(date: string, day: (iso: string) => string): string {
  const t = deliveryTimeline(date)
  return 'You can change it until the end of ' + day(t.lastChangeDay) + '. It is charged, roasted and sent on ' + day(t.roastDay) +
    ' and arrives on ' + day(t.arrivalDay) + '.'
}

/**
 * Which deliveries a change made at `nowMs` reaches, in words: "Changes made now reach deliveries
 * arriving from Monday 30 November 2026; earlier ones are already being roasted and sent."
 */
export function changeReachText(nowMs: number, day: (iso: string) => string): string {
  return 'Changes made now reach deliveries arriving from ' + day(isoDay(firstChangeableDay(nowMs))) +
    '; earlier ones are already being roasted and sent.'
}
