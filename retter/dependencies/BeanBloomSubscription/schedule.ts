/**
 * The delivery schedule of a subscription: one model, pure functions over plain values (importing
 * only the date wording of dates.ts, for its refusals), so the web app imports this very module and
 * shows exactly the dates the class computes.
 *
 * The model:
 * - Deliveries fall on a grid. The grid is a list of segments `{from, plan, cadence}`: the dates of a
 *   segment are `from + k × cadence` up to the next segment's `from`. A plan change starts a new
 *   segment on a date of the old grid, and every cadence is a whole number of weeks, so every
 *   delivery of a subscription falls on the weekday of its first one, at its plan's cadence.
 * - `skipped` is the set of grid dates the customer does not want. Only the customer removes a date
 *   from it (unskip); time only prunes dates that have passed. A pause adds the dates inside it.
 * - Deliveries due within LEAD_DAYS are being roasted and packed: no change reaches them.
 * - What readers see is derived: `upcomingDeliveries` (the next UPCOMING_COUNT grid dates from
 *   today, each with its plan and whether it is skipped) and `nextDeliveryAt` (the first date not
 *   skipped). Stored copies of them are refreshed by every write, and every reader derives them
 *   again through `subscriptionAt`, so time passing never shows a stale date.
 *
 * Dates are UTC days, stored as that day's midnight in ISO 8601 ("2026-11-25T00:00:00.000Z"); a
 * delivery stays upcoming until its day is over.
 */

import { shortDate } from './dates'
import type { ExtraLine } from './extras'

export type SubscriptionStatus = 'none' | 'active' | 'paused' | 'cancelled'

/** How often a plan delivers: every 1, 2 or 4 weeks. */
export type DeliveryCadence = 'weekly' | 'fortnightly' | 'fourWeekly'

export type SubscriptionAction =
  | 'started' | 'restarted' | 'changed' | 'paused' | 'resumed' | 'pause-ended' | 'skipped' | 'unskipped' | 'cancelled'
  | 'address' | 'preferences' | 'shipped' | 'replacement' | 'replacement-shipped' | 'coffee' | 'day' | 'moved' | 'extra'
  // Gifts (gifts.ts): given, cancelled by the giver, redeemed by the recipient (its subscription starts), and over without a card.
  | 'gift-given' | 'gift-cancelled' | 'gift-redeemed' | 'gift-ended'

/** One entry of the subscription's history (newest last, at most HISTORY_LIMIT kept). */
export interface SubscriptionChange {
  /** ISO 8601 instant of the change. */
  at: string
  action: SubscriptionAction
  /** The plan after the change. */
  plan: string | null
  /** For `changed`: the plan before. */
  fromPlan?: string
  /** For `paused`: how many weeks. */
  weeks?: number
  /** For `cancelled`: why (a CancelReason; older entries hold the customer's own words). */
  reason?: string
  /** For `cancelled`: what the customer added in their words. */
  note?: string
  /** For `skipped`, `unskipped` and `shipped`: the delivery it was about (ISO day); for a replacement, the day it ships. */
  date?: string
  /** For `replacement` and `replacement-shipped`: the lost delivery it replaces (ISO day). */
  forDate?: string
  /** For `coffee`: the coffee chosen for the delivery of `date` (its name); absent when the choice was undone. */
  coffee?: string
  /** For `day`: the weekday deliveries arrive on from then on (`monday` … `sunday`); `date` is the first delivery on it. */
  weekday?: string
  /** For `moved`: the day the delivery of `date` was due before it moved (ISO day). */
  fromDate?: string
  /** For `extra`: the extra (its English name) whose quantity on the delivery of `date` is now `quantity` (0: taken off). */
  extra?: string
  /** For `extra`: its name in the other languages it had words in then (recordedExtraName reads it). */
  extraNames?: { [locale: string]: string }
  quantity?: number
  /** For gift entries: the other side's e-mail address, and the plan given (`quantity`: its deliveries). */
  person?: string
  giftPlan?: string
  /** The next delivery after the change, when there is one. */
  nextDeliveryAt?: string
}

/** A stretch of the grid: deliveries of `plan` every `cadence` from `from` (an ISO day). */
export interface ScheduleSegment {
  from: string
  plan: string
  cadence: DeliveryCadence
  /**
   * ISO instant the customer chose this plan (the price they saw then is theirs; a later price
   * reaches them only with notice, catalogue.ts priceFor). Absent on segments stored before prices
   * could change: those are taken as chosen before every change.
   */
  chosenAt?: string
  /**
   * ISO day the stretch ends (exclusive) before the next segment begins: set when the deliveries
   * moved to another weekday, so none of the old weekday's falls between the last one prepared and
   * the first on the new day. Absent: it runs until the next segment's `from`.
   */
  until?: string
  /** Set on a stretch of one delivery moved off the grid on its own (moveOne): the weekday is the grid's, not its. */
  moved?: true
  /** For a moved delivery: the grid date it was due on before it moved (ISO day); a new weekday puts it back there, shifted. */
  slot?: string
}

/** One of the next deliveries of the grid. */
export interface UpcomingDelivery {
  /** ISO day. */
  date: string
  plan: string
  skipped: boolean
  /**
   * The coffee it gets as the catalogue names it now (the customer's choice for it, or the plan's
   * and roast's): set on the customer's view, absent when the roaster picks on the day.
   */
  coffee?: { id: string; name: string; chosen: boolean }
  /** The extras the customer added to it (set on the customer's view), in the order they were added. */
  extras?: ExtraLine[]
}

/** The subscription fields of an Account's user state. */
export interface SubscriptionFields {
  /** The plan of the current (or, once cancelled, the latest) subscription; null before any. */
  plan: string | null
  status: SubscriptionStatus
  /** ISO instant the subscription (re)started. */
  startedAt?: string
  /** ISO instant of the latest plan choice (start, change or restart). */
  planChangedAt?: string
  /** Once cancelled: the ISO instant it was cancelled. */
  cancelledAt?: string
  /** While active or paused: the grid, oldest segment first. */
  segments?: ScheduleSegment[]
  /** While active or paused: the grid dates that will not be delivered (ISO days, ascending). */
  skipped?: string[]
  /** While paused: the first day of the pause (ISO day). */
  pausedFrom?: string
  /** While paused: the day the pause is over (ISO day, exclusive: the pause's last day is the day before). */
  pausedUntil?: string
  /** Derived: the first upcoming delivery that is not skipped (ISO day). */
  nextDeliveryAt?: string
  /** Derived: the next UPCOMING_COUNT grid dates from today. */
  upcomingDeliveries?: UpcomingDelivery[]
  history: SubscriptionChange[]
}

/** Why a change is refused (each answers 409 with its own message). */
export type ScheduleConflictCode =
  | 'ALREADY_ON_PLAN' | 'NO_SUBSCRIPTION' | 'SUBSCRIPTION_CANCELLED' | 'ALREADY_PAUSED' | 'NOT_PAUSED'
  | 'ALREADY_CANCELLED' | 'NOT_ON_SCHEDULE' | 'ALREADY_SKIPPED' | 'NOT_SKIPPED' | 'TOO_LATE_TO_CHANGE' | 'IN_PAUSE' | 'SAME_DELIVERY_DAY'
  | 'DELIVERY_SKIPPED' | 'OUTSIDE_WINDOW' | 'SAME_DAY' | 'ALREADY_NEXT'

export type Transition = { ok: true; sub: SubscriptionFields } | { ok: false; code: ScheduleConflictCode; message: string }

export const DAY_MS = 24 * 60 * 60 * 1000
/** Days a delivery needs to be roasted and packed: the earliest delivery is this far ahead, and nothing closer can change. */
export const LEAD_DAYS = 2
/** Kept for the app's copy: a new subscription's first delivery is LEAD_DAYS away. */
export const DISPATCH_DAYS = LEAD_DAYS
/** How many grid dates `upcomingDeliveries` lists (and skip/unskip may act on). */
export const UPCOMING_COUNT = 6
export const HISTORY_LIMIT = 20
export const PAUSE_MIN_WEEKS = 1
export const PAUSE_MAX_WEEKS = 8

const CADENCE_DAYS: { [cadence in DeliveryCadence]: number } = { weekly: 7, fortnightly: 14, fourWeekly: 28 }
// Walks are bounded: a weekly plan left alone for twenty years is about a thousand steps.
const MAX_STEPS = 1100

/** Days between two deliveries of a cadence. */
export function cadenceDays(cadence: DeliveryCadence): number {
  return CADENCE_DAYS[cadence] || 28
}

/** Midnight UTC of the day `ms` falls on. */
export function startOfUtcDay(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS)
}

/** The ISO form of the UTC day `ms` falls on. */
export function isoDay(ms: number): string {
  return new Date(startOfUtcDay(ms)).toISOString()
}

function dayMs(iso: string): number {
  return startOfUtcDay(Date.parse(iso))
}

/** The earliest day a change may reach: deliveries before it are already being prepared. */
export function firstChangeableDay(nowMs: number): number {
  return startOfUtcDay(nowMs) + LEAD_DAYS * DAY_MS
}

/**
 * The last day (ISO day) a change may still reach the delivery on `date`: LEAD_DAYS before it, the
 * day whose firstChangeableDay is that delivery's day.
 */
export function lastChangeableDay(date: string): string {
  return isoDay(dayMs(date) - LEAD_DAYS * DAY_MS)
}

/** True when the delivery on `date` (an ISO day) is already being prepared at `nowMs`, so no change reaches it. */
export function isTooLateToChange(date: string, nowMs: number): boolean {
  return dayMs(date) < firstChangeableDay(nowMs)
}

/** The first delivery of a subscription started at `nowMs`. */
export function firstDeliveryAt(nowMs: number): string {
  return isoDay(firstChangeableDay(nowMs))
}

/** The last day of a pause (the day before `pausedUntil`), for wording such as "paused until Tue 1 Dec". */
export function lastPausedDay(pausedUntil: string): string {
  return isoDay(dayMs(pausedUntil) - DAY_MS)
}

/**
 * Grid dates on or after `fromMs` (and before `beforeMs`), in order, each with its plan, at most `count` of them.
 * @param segments the grid, oldest first
 */
export function gridDates(segments: ReadonlyArray<ScheduleSegment>, fromMs: number, count: number, beforeMs: number = Infinity): UpcomingDelivery[] {
  const out: UpcomingDelivery[] = []
  for (let i = 0; i < segments.length && out.length < count; i++) {
    const segment = segments[i] as ScheduleSegment
    const next = segments[i + 1]
    const end = Math.min(next ? dayMs(next.from) : Infinity, segment.until ? dayMs(segment.until) : Infinity, beforeMs)
    const step = cadenceDays(segment.cadence) * DAY_MS
    let day = dayMs(segment.from)
    if (day < fromMs) day += Math.ceil((fromMs - day) / step) * step
    for (let steps = 0; day < end && out.length < count && steps < MAX_STEPS; steps++, day += step) {
      out.push({ date: isoDay(day), plan: segment.plan, skipped: false })
    }
  }
  return out
}

/** The segment of the grid the day `date` falls in (the newest that began by then); undefined before the first. */
export function segmentOn(segments: ReadonlyArray<ScheduleSegment>, date: string): ScheduleSegment | undefined {
  const day = dayMs(date)
  let found: ScheduleSegment | undefined
  for (let i = 0; i < segments.length; i++) if (dayMs((segments[i] as ScheduleSegment).from) <= day) found = segments[i]
  return found
}

/** True when `sub` is paused and the day `date` (an ISO day) falls within the pause (pausedFrom ≤ day < pausedUntil). */
export function isInPause(sub: SubscriptionFields, date: string): boolean {
  if (sub.status !== 'paused' || !sub.pausedFrom || !sub.pausedUntil) return false
  const day = dayMs(date)
  return day >= dayMs(sub.pausedFrom) && day < dayMs(sub.pausedUntil)
}

function isSkipped(sub: SubscriptionFields, date: string): boolean {
  return (sub.skipped || []).indexOf(date) >= 0
}

/** Adds a history entry, keeping the newest HISTORY_LIMIT. */
export function withChange(history: SubscriptionChange[] | undefined, change: SubscriptionChange): SubscriptionChange[] {
  const all = (history || []).concat([change])
  return all.slice(Math.max(0, all.length - HISTORY_LIMIT))
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

/** Recomputes the derived fields (`upcomingDeliveries`, `nextDeliveryAt`) as of `nowMs`, in place. */
function derive(sub: SubscriptionFields, nowMs: number): SubscriptionFields {
  delete sub.upcomingDeliveries
  delete sub.nextDeliveryAt
  if ((sub.status !== 'active' && sub.status !== 'paused') || !sub.segments || sub.segments.length === 0) return sub
  const today = startOfUtcDay(nowMs)
  const upcoming = gridDates(sub.segments, today, UPCOMING_COUNT)
  for (const delivery of upcoming) delivery.skipped = isSkipped(sub, delivery.date)
  sub.upcomingDeliveries = upcoming
  // Past the listed dates when all of them are skipped: a bounded walk further along the grid.
  const further = gridDates(sub.segments, today, UPCOMING_COUNT + (sub.skipped || []).length + 1)
  for (const delivery of further) {
    if (!isSkipped(sub, delivery.date)) {
      sub.nextDeliveryAt = delivery.date
      break
    }
  }
  return sub
}

/**
 * Drops what has passed by `nowMs`: skipped dates before today, and segments that ended more than
 * KEPT_PAST_MS ago (the deliveries of the last weeks stay on the grid: a new weekday or a move keeps
 * its distance from them).
 */
function prune(sub: SubscriptionFields, nowMs: number): void {
  const today = startOfUtcDay(nowMs)
  if (sub.skipped) sub.skipped = sub.skipped.filter((date) => dayMs(date) >= today)
  if (sub.segments) {
    while (sub.segments.length > 1 && dayMs((sub.segments[1] as ScheduleSegment).from) <= today - KEPT_PAST_MS) sub.segments.shift()
  }
}

/**
 * The subscription as it stands at `nowMs` (a new object; the input is left alone): a pause whose
 * last day is over has ended, passed dates are pruned, and the derived fields are recomputed.
 * State stored by earlier versions (no `segments`: a `nextDeliveryAt` and the plan's cadence, or
 * no status at all) is read into the model.
 * @param cadenceOf the delivery cadence of a plan id (unknown plans are taken as every four weeks)
 */
export function subscriptionAt<T extends Partial<SubscriptionFields>>(
  stored: T,
  nowMs: number,
  cadenceOf: (planId: string) => DeliveryCadence | undefined,
): T & SubscriptionFields {
  const sub = copy(stored) as T & SubscriptionFields
  if (sub.plan === undefined) sub.plan = null
  if (!sub.history) sub.history = []
  if (!sub.status) sub.status = sub.plan ? 'active' : 'none'
  const live = sub.status === 'active' || sub.status === 'paused'
  if (live && sub.plan && (!sub.segments || sub.segments.length === 0)) {
    const from = sub.nextDeliveryAt || sub.pausedUntil || firstDeliveryAt(sub.planChangedAt ? Date.parse(sub.planChangedAt) : nowMs)
    sub.segments = [{ from: isoDay(Date.parse(from)), plan: sub.plan, cadence: cadenceOf(sub.plan) || 'fourWeekly' }]
  }
  if (live && !sub.skipped) sub.skipped = []
  if (sub.status === 'paused' && sub.pausedUntil && dayMs(sub.pausedUntil) <= startOfUtcDay(nowMs)) {
    const endedAt = sub.pausedUntil
    sub.status = 'active'
    delete sub.pausedUntil
    delete sub.pausedFrom
    sub.history = withChange(sub.history, { at: endedAt, action: 'pause-ended', plan: sub.plan })
  }
  prune(sub, nowMs)
  return derive(sub, nowMs) as T & SubscriptionFields
}

/** A refused transition (every kind of transition may answer one). */
type Refusal = Extract<Transition, { ok: false }>

function refuse(code: ScheduleConflictCode, message: string): Refusal {
  return { ok: false, code: code, message: message }
}

/** Refuses what needs a live subscription when there is none, or it is cancelled; `doing` completes "nothing to …". */
function needsLive(sub: SubscriptionFields, doing: string): Refusal | undefined {
  if (sub.status === 'none') return refuse('NO_SUBSCRIPTION', 'There is no subscription to ' + doing + '. Choose a plan first.')
  if (sub.status === 'cancelled') {
    return refuse('SUBSCRIPTION_CANCELLED', 'Your subscription is cancelled, so there is nothing to ' + doing + '. Choose a plan to start again.')
  }
  return undefined
}

function addSkipped(sub: SubscriptionFields, dates: string[]): void {
  const all = (sub.skipped || []).slice()
  for (const date of dates) if (all.indexOf(date) < 0) all.push(date)
  all.sort()
  sub.skipped = all
}

/** Marks every grid date inside the pause as skipped (a plan change during a pause calls it again). */
function skipInsidePause(sub: SubscriptionFields): void {
  if (!sub.pausedFrom || !sub.pausedUntil || !sub.segments) return
  const inside = gridDates(sub.segments, dayMs(sub.pausedFrom), MAX_STEPS, dayMs(sub.pausedUntil))
  addSkipped(sub, inside.map((d) => d.date))
}

/**
 * Starts (from none) or restarts (from cancelled) a subscription: the first delivery LEAD_DAYS
 * from now, then every `cadence`. A restart is a new subscription: nothing skipped carries over.
 */
export function start(stored: SubscriptionFields, plan: string, cadence: DeliveryCadence, nowMs: number): Transition {
  const sub = copy(stored)
  const first = firstDeliveryAt(nowMs)
  sub.plan = plan
  sub.status = 'active'
  sub.segments = [{ from: first, plan: plan, cadence: cadence, chosenAt: new Date(nowMs).toISOString() }]
  sub.skipped = []
  delete sub.pausedFrom
  delete sub.pausedUntil
  delete sub.cancelledAt
  return { ok: true, sub: derive(sub, nowMs) }
}

/**
 * The delivery (ISO day) a plan change at `nowMs` first applies to: the first grid date not being
 * prepared, or, when the grid has none, the first delivery of a subscription started now.
 * @param segments the grid, oldest first
 */
export function changeFromDate(segments: ReadonlyArray<ScheduleSegment>, nowMs: number): string {
  const from = gridDates(segments, firstChangeableDay(nowMs), 1)[0]
  return from ? from.date : firstDeliveryAt(nowMs)
}

/**
 * The first delivery of the grid's newest segment that will be sent (not skipped, not among `gone`:
 * deliveries already shipped, as ISO days or `YYYY-MM-DD`): after a plan change, the new plan's first
 * delivery. Undefined when every one of the next ones is skipped.
 */
export function firstOfLatestSegment(sub: SubscriptionFields, gone: ReadonlyArray<string> = []): string | undefined {
  const segments = sub.segments || []
  const last = segments[segments.length - 1]
  if (!last) return undefined
  const skipped = sub.skipped || []
  const goneDays = gone.map((d) => d.slice(0, 10))
  const candidates = gridDates(segments, dayMs(last.from), UPCOMING_COUNT + skipped.length + gone.length + 1)
  for (const delivery of candidates) {
    if (skipped.indexOf(delivery.date) < 0 && goneDays.indexOf(delivery.date.slice(0, 10)) < 0) return delivery.date
  }
  return undefined
}

/** A delivery's day in a refusal, as the pages write days ("Mon 30 Nov 2026"); what is no date stays as given. */
function dayInWords(date: string): string {
  return isNaN(Date.parse(date)) ? date.slice(0, 10) : shortDate(isoDay(Date.parse(date)))
}

/**
 * Changes the plan of a live subscription from the first delivery that is not being prepared: that
 * date stays, it is the first of the new plan, and the new plan's cadence follows. Skipped dates
 * stay skipped; during a pause, the new plan's dates inside it are skipped too.
 */
export function changePlan(stored: SubscriptionFields, plan: string, cadence: DeliveryCadence, nowMs: number): Transition {
  const sub = subscriptionAt(stored, nowMs, () => cadence)
  const segments = sub.segments || []
  const fromDate = changeFromDate(segments, nowMs)
  const kept = segments.filter((segment) => dayMs(segment.from) < dayMs(fromDate))
  const chosenAt = new Date(nowMs).toISOString()
  // Deliveries moved on their own (moveOne) before the new plan's first on the grid stay on their
  // days, of the new plan; the new plan's rhythm starts on the grid, so its weekday stays the grid's.
  // A move after that gives way to the new plan's rhythm.
  const ahead = gridDates(segments, dayMs(fromDate), UPCOMING_COUNT + 2)
  const onGrid = ahead.filter((d) => !(segmentOn(segments, d.date) as ScheduleSegment).moved)[0]
  for (const delivery of ahead) {
    const own = segmentOn(segments, delivery.date) as ScheduleSegment
    if (!onGrid || dayMs(delivery.date) >= dayMs(onGrid.date) || !own.moved) break
    kept.push({ from: delivery.date, plan: plan, cadence: own.cadence, chosenAt: chosenAt, until: own.until, moved: true, slot: own.slot })
  }
  kept.push({ from: onGrid ? onGrid.date : fromDate, plan: plan, cadence: cadence, chosenAt: chosenAt })
  sub.segments = kept
  sub.plan = plan
  skipInsidePause(sub)
  return { ok: true, sub: derive(sub, nowMs) }
}

/**
 * How long the grid keeps what is past: a delivery more than five weeks before today can bring no
 * later one closer than its cadence (four weeks at most), so the grid before that may be pruned,
 * and the delivery before another is looked for from there.
 */
const KEPT_PAST_MS = 5 * 7 * DAY_MS

/** The last grid date before the day `d` (epoch ms of a UTC day) not in `skipped`, looked for as far back as the grid keeps. */
function deliveryBefore(segments: ReadonlyArray<ScheduleSegment>, d: number, nowMs: number, skipped: ReadonlyArray<string>): UpcomingDelivery | undefined {
  const before = gridDates(segments, Math.min(d, startOfUtcDay(nowMs)) - KEPT_PAST_MS, MAX_STEPS, d).filter((x) => skipped.indexOf(x.date) < 0)
  return before[before.length - 1]
}

/** The weekdays as the contract names them, by `Date#getUTCDay()` (0 is Sunday). */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** The weekday of an ISO day. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(dayMs(date)).getUTCDay()] as Weekday
}

/**
 * A transition that moved the grid: `from` is the first delivery on the new weekday; the grid from
 * `movedFrom` (its day before the move) on moved `shiftDays`; `moves` says where each of the next
 * deliveries went (a delivery moved on its own goes back to its place in the rhythm).
 */
export type DayMove = { ok: true; sub: SubscriptionFields; from: string; movedFrom: string; shiftDays: number; moves: Array<{ from: string; to: string }> } | Refusal

/**
 * Moves every delivery that may still change to `weekday`, keeping the cadence. The first of them
 * moves to the first such weekday no closer to the last delivery before it (sent or being
 * prepared, not skipped) than its cadence, and no earlier than a change may reach; each later one
 * (a plan change ahead too) moves by the same number of days, so the grid keeps its rhythm. A
 * skipped delivery stays skipped on its new day (the customer skipped that week); deliveries
 * already being prepared keep their day; a delivery moved on its own goes back in the rhythm.
 */
export function moveToWeekday(stored: SubscriptionFields, weekday: Weekday, nowMs: number): DayMove {
  const sub = subscriptionAt(stored, nowMs, () => undefined)
  const refused = needsLive(sub, 'move')
  if (refused) return refused
  const target = WEEKDAYS.indexOf(weekday)
  const earliest = firstChangeableDay(nowMs)
  // A delivery moved on its own (moveOne) whose grid date may still change goes back there first:
  // the new weekday puts it back in the rhythm. One moved from a day already being prepared stays.
  const back: { [day: string]: string } = {}
  const segments = (sub.segments || []).map(function (segment) {
    if (!segment.moved || dayMs(segment.from) < earliest || !segment.slot || dayMs(segment.slot) < earliest) return segment
    back[segment.from] = segment.slot
    const onGrid = stretch(segment.slot, segment)
    onGrid.until = isoDay(dayMs(segment.slot) + DAY_MS)
    return onGrid
  }).sort(function (a, b) { return dayMs(a.from) - dayMs(b.from) })
  // The grid from the first delivery that may change (the cut) moves by one number of days.
  const first = gridDates(segments, earliest, UPCOMING_COUNT + 2).filter((d) => !(segmentOn(segments, d.date) as ScheduleSegment).moved)[0]
  if (!first) return refuse('NOT_ON_SCHEDULE', 'There is no upcoming delivery to move.')
  const d1 = dayMs(first.date)
  if (new Date(d1).getUTCDay() === target) return refuse('SAME_DELIVERY_DAY', 'Your deliveries already arrive on that day of the week.')
  const current = segmentOn(segments, first.date) as ScheduleSegment
  // The delivery before the cut that is sent or being prepared: the grid keeps a full cadence from it.
  const last = deliveryBefore(segments, d1, nowMs, sub.skipped || [])
  // A delivery moved on its own that keeps its day before the cut (one it left is being prepared;
  // skipped or not) stays before the new weekday's first: the grid never runs back past it.
  const keptMoves = segments.filter((segment) => segment.moved && dayMs(segment.from) < d1).map((segment) => dayMs(segment.from) + DAY_MS)
  const lowest = Math.max(earliest, last ? dayMs(last.date) + cadenceDays((segmentOn(segments, last.date) as ScheduleSegment).cadence) * DAY_MS : earliest, ...keptMoves)
  let shift = lowest - d1
  while (new Date(d1 + shift).getUTCDay() !== target) shift += DAY_MS
  const moved = (iso: string) => isoDay(dayMs(iso) + shift)
  const earlier = segments.filter((segment) => dayMs(segment.from) < d1)
  const kept = earlier.slice(0, -1)
  const lastEarlier = earlier[earlier.length - 1]
  // The stretch before the cut ends there: no delivery of the old weekday falls between the last one
  // prepared and the first on the new day; the stretch the cut was in goes on from the new day.
  if (lastEarlier) kept.push(Object.assign(copy(lastEarlier), { until: lastEarlier.until && dayMs(lastEarlier.until) < d1 ? lastEarlier.until : isoDay(d1) }))
  if (dayMs(current.from) < d1) kept.push(stretch(moved(first.date), current))
  for (const segment of segments) {
    if (dayMs(segment.from) < d1) continue
    const shifted = stretch(moved(segment.from), segment)
    if (segment.until) shifted.until = moved(segment.until)
    kept.push(shifted)
  }
  sub.segments = kept.sort(function (a, b) { return dayMs(a.from) - dayMs(b.from) })
  const movedTo = function (date: string): string {
    const at = back[date] || date
    return dayMs(at) >= d1 ? moved(at) : at
  }
  sub.skipped = (sub.skipped || []).map(movedTo).sort()
  skipInsidePause(sub)
  const ahead = gridDates(stored.segments || [], earliest, UPCOMING_COUNT + (stored.skipped || []).length + 2)
  const moves = ahead.map((d) => ({ from: d.date, to: movedTo(d.date) })).filter((m) => m.from !== m.to)
  return { ok: true, sub: derive(sub, nowMs), from: isoDay(d1 + shift), movedFrom: first.date, shiftDays: Math.round(shift / DAY_MS), moves: moves }
}

/** The days one delivery may move to: after the delivery before it and before the one after it, and no earlier than a change may reach (ISO days, both ends included). */
export interface MoveWindow {
  earliest: string
  latest: string
}

/**
 * The days the delivery on `date` may move to, or undefined when none: from the day after the grid
 * date before it (and no earlier than a change may reach) to the day before the grid date after it.
 */
export function moveWindow(sub: SubscriptionFields, date: string, nowMs: number): MoveWindow | undefined {
  const segments = sub.segments || []
  const d = dayMs(date)
  const previous = deliveryBefore(segments, d, nowMs, [])
  const next = gridDates(segments, d + DAY_MS, 1)[0]
  const earliest = Math.max(firstChangeableDay(nowMs), previous ? dayMs(previous.date) + DAY_MS : -Infinity)
  const latest = next ? dayMs(next.date) - DAY_MS : d + 6 * DAY_MS
  return earliest <= latest ? { earliest: isoDay(earliest), latest: isoDay(latest) } : undefined
}

/**
 * The days the delivery on `date` may move to: its window (moveWindow), on the weekdays `offered`
 * (the shop's delivery days), its own day left out; ISO days, in order. The Account's links and
 * the account page offer the same days with it.
 */
export function moveDays(sub: SubscriptionFields, date: string, nowMs: number, offered: ReadonlyArray<Weekday>): string[] {
  const window = moveWindow(sub, date, nowMs)
  const delivers = onWeekdays(offered)
  const days: string[] = []
  if (!window) return days
  for (let at = dayMs(window.earliest); at <= dayMs(window.latest); at += DAY_MS) {
    const day = isoDay(at)
    if (day !== date && delivers(day)) days.push(day)
  }
  return days
}

/** Whether the shop delivers on a day (an ISO day or instant), given the weekdays it delivers on. */
export function onWeekdays(offered: ReadonlyArray<Weekday>): (day: string) => boolean {
  return function (day) { return offered.indexOf(weekdayOf(day)) >= 0 }
}

/**
 * Moves one upcoming delivery that may still change from `date` to `to`, inside its window
 * (moveWindow): the one delivery becomes a stretch of its own (`until` the day after it), and the
 * grid goes on from the next delivery as before, so the schedule after it keeps its rhythm. 409
 * DELIVERY_SKIPPED for a skipped delivery, SAME_DAY, OUTSIDE_WINDOW, IN_PAUSE; the skip's codes
 * for `date` (NOT_ON_SCHEDULE, TOO_LATE_TO_CHANGE).
 */
export function moveOne(stored: SubscriptionFields, date: string, to: string, nowMs: number): Transition {
  const found = changeableDelivery(stored, date, nowMs, 'move')
  if ('refused' in found) return found.refused as Refusal
  const sub = found.sub
  const delivery = found.delivery
  if (delivery.skipped) return refuse('DELIVERY_SKIPPED', 'The delivery on ' + dayInWords(delivery.date) + ' is skipped: bring it back before moving it.')
  const target = Date.parse(to)
  if (isNaN(target)) return refuse('OUTSIDE_WINDOW', 'Give the day to move the delivery to as YYYY-MM-DD.')
  const t = startOfUtcDay(target)
  const d = dayMs(delivery.date)
  if (t === d) return refuse('SAME_DAY', 'The delivery is already on ' + dayInWords(delivery.date) + '.')
  const window = moveWindow(sub, delivery.date, nowMs)
  if (!window || t < dayMs(window.earliest) || t > dayMs(window.latest)) {
    return refuse('OUTSIDE_WINDOW', window
      ? 'The delivery on ' + dayInWords(delivery.date) + ' can move to a day from ' + dayInWords(window.earliest) + ' to ' + dayInWords(window.latest) + '.'
      : 'The delivery on ' + dayInWords(delivery.date) + ' cannot move to another day.')
  }
  if (isInPause(sub, isoDay(t))) return refuse('IN_PAUSE', 'Your deliveries are paused on ' + dayInWords(isoDay(t)) + ': choose a day after the pause.')
  const segments = sub.segments || []
  // Never onto another delivery's day (the window keeps clear of them; this says so outright).
  if (gridDates(segments, t, 1)[0]?.date === isoDay(t)) return refuse('OUTSIDE_WINDOW', 'There is already a delivery on ' + dayInWords(isoDay(t)) + '.')
  const own = segmentOn(segments, delivery.date) as ScheduleSegment
  const next = gridDates(segments, d + DAY_MS, 1)[0]
  const out: ScheduleSegment[] = []
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as ScheduleSegment
    if (segments[i + 1] === own && dayMs(own.from) === d) {
      // The stretch before ends where the delivery was, wherever the delivery goes.
      out.push(Object.assign(copy(segment), { until: segment.until && dayMs(segment.until) < d ? segment.until : isoDay(d) }))
      continue
    }
    if (segment !== own) {
      out.push(segment)
      continue
    }
    // The stretch before the delivery ends there; the delivery is a stretch of its own on its new
    // day; the stretch goes on from the next delivery when that one is still its own.
    if (dayMs(segment.from) < d) out.push(Object.assign(copy(segment), { until: segment.until && dayMs(segment.until) < d ? segment.until : isoDay(d) }))
    out.push(Object.assign(stretch(isoDay(t), segment), { until: isoDay(t + DAY_MS), moved: true as const, slot: segment.moved && segment.slot ? segment.slot : delivery.date }))
    if (next && segmentOn(segments, next.date) === segment) {
      const rest = stretch(next.date, segment)
      if (segment.until) rest.until = segment.until
      out.push(rest)
    }
  }
  // Stretches start in order: a delivery moved earlier than the end of the one before stays after it.
  sub.segments = out.sort(function (a, b) { return dayMs(a.from) - dayMs(b.from) })
  return { ok: true, sub: derive(sub, nowMs) }
}

/**
 * Sends the next delivery (the first upcoming one not skipped) as soon as the roastery can: on the
 * first day a change may reach that `allowed` accepts (the weekdays the shop delivers on). 409
 * ALREADY_NEXT when it already goes then, or is already being prepared (so pressing again never
 * pulls a later delivery forward); NOT_ON_SCHEDULE when there is none; the move's other refusals.
 */
export function sendSooner(stored: SubscriptionFields, nowMs: number, allowed: (day: string) => boolean): Transition & { from?: string; to?: string } {
  const sub = subscriptionAt(stored, nowMs, () => undefined)
  const refused = needsLive(sub, 'send')
  if (refused) return refused
  const earliest = firstChangeableDay(nowMs)
  const first = (sub.upcomingDeliveries || []).filter((d) => !d.skipped)[0]
  if (!first) return refuse('NOT_ON_SCHEDULE', 'There is no upcoming delivery to send sooner.')
  if (dayMs(first.date) < earliest) {
    return refuse('ALREADY_NEXT', 'Your next delivery, on ' + dayInWords(first.date) + ', is already being roasted and packed.')
  }
  const window = moveWindow(sub, first.date, nowMs)
  let day = window ? dayMs(window.earliest) : dayMs(first.date)
  while (day < dayMs(first.date) && !allowed(isoDay(day))) day += DAY_MS
  if (day >= dayMs(first.date)) {
    return refuse('ALREADY_NEXT', 'Your next delivery, on ' + dayInWords(first.date) + ', already leaves with the roastery\u2019s next day it can make.')
  }
  const moved = moveOne(sub, first.date, isoDay(day), nowMs)
  return moved.ok ? { ok: true, sub: moved.sub, from: first.date, to: isoDay(day) } : moved
}

/** A segment of `like`'s plan, cadence and choice, from `from` (until the next segment). */
function stretch(from: string, like: ScheduleSegment): ScheduleSegment {
  const made: ScheduleSegment = { from: from, plan: like.plan, cadence: like.cadence }
  if (like.chosenAt) made.chosenAt = like.chosenAt
  return made
}

/**
 * Pauses an active subscription for `weeks` weeks from the first day a change may reach: every
 * delivery inside the pause is skipped (and stays skipped after it, unless the customer unskips
 * it), so neither the pause nor a resume ever brings a delivery forward.
 */
export function pause(stored: SubscriptionFields, weeks: number, nowMs: number): Transition {
  const sub = subscriptionAt(stored, nowMs, () => undefined)
  const refused = needsLive(sub, 'pause')
  if (refused) return refused
  if (sub.status === 'paused') return refuse('ALREADY_PAUSED', 'Your subscription is already paused. Resume it before pausing again.')
  const from = firstChangeableDay(nowMs)
  sub.status = 'paused'
  sub.pausedFrom = isoDay(from)
  sub.pausedUntil = isoDay(from + weeks * 7 * DAY_MS)
  skipInsidePause(sub)
  return { ok: true, sub: derive(sub, nowMs) }
}

/**
 * Ends a pause now. The deliveries the pause skipped stay skipped (the customer may unskip any of
 * them), so the next delivery never moves earlier than the pause had it.
 */
export function resume(stored: SubscriptionFields, nowMs: number): Transition {
  const sub = subscriptionAt(stored, nowMs, () => undefined)
  const refused = needsLive(sub, 'resume')
  if (refused) return refused
  if (sub.status !== 'paused') return refuse('NOT_PAUSED', 'Your subscription is not paused, so there is nothing to resume.')
  sub.status = 'active'
  delete sub.pausedFrom
  delete sub.pausedUntil
  return { ok: true, sub: derive(sub, nowMs) }
}

/** The upcoming delivery on `date`, or the refusal for a date that is not one of them. */
function upcomingOn(sub: SubscriptionFields, date: string, nowMs: number): { delivery: UpcomingDelivery } | { refused: Transition } {
  const day = Date.parse(date)
  const found = isNaN(day) ? undefined : (sub.upcomingDeliveries || []).filter((d) => d.date === isoDay(day))[0]
  if (!found) {
    return { refused: refuse('NOT_ON_SCHEDULE', 'There is no delivery on ' + dayInWords(date) + ' among your next ' + UPCOMING_COUNT + ' deliveries.') }
  }
  if (isTooLateToChange(found.date, nowMs)) {
    return { refused: refuse('TOO_LATE_TO_CHANGE', 'The delivery on ' + dayInWords(found.date) + ' is already being roasted and packed, so it can no longer change.') }
  }
  return { delivery: found }
}

/** The subscription as of now and its upcoming delivery on `date`, when that delivery may still change. */
function changeableDelivery(stored: SubscriptionFields, date: string, nowMs: number, action: 'skip' | 'unskip' | 'change' | 'move'): { sub: SubscriptionFields; delivery: UpcomingDelivery } | { refused: Transition } {
  const sub = subscriptionAt(stored, nowMs, () => undefined)
  const refused = needsLive(sub, action)
  if (refused) return { refused: refused }
  const found = upcomingOn(sub, date, nowMs)
  return 'refused' in found ? found : { sub: sub, delivery: found.delivery }
}

/**
 * The subscription as of now and its upcoming delivery on `date`, when that delivery may still
 * change (another coffee for it): the refusal otherwise, with the skip's codes.
 */
export function deliveryToChange(stored: SubscriptionFields, date: string, nowMs: number): { sub: SubscriptionFields; delivery: UpcomingDelivery } | { refused: Transition } {
  return changeableDelivery(stored, date, nowMs, 'change')
}

/** Skips one of the upcoming deliveries (active or paused subscriptions). */
export function skip(stored: SubscriptionFields, date: string, nowMs: number): Transition {
  const found = changeableDelivery(stored, date, nowMs, 'skip')
  if ('refused' in found) return found.refused
  const sub = found.sub
  if (found.delivery.skipped) return refuse('ALREADY_SKIPPED', 'The delivery on ' + dayInWords(found.delivery.date) + ' is already skipped.')
  addSkipped(sub, [found.delivery.date])
  return { ok: true, sub: derive(sub, nowMs) }
}

/** Skips the next delivery (the first upcoming one not skipped). */
export function skipNext(stored: SubscriptionFields, nowMs: number): Transition {
  const sub = subscriptionAt(stored, nowMs, () => undefined)
  const refused = needsLive(sub, 'skip')
  if (refused) return refused
  if (!sub.nextDeliveryAt) return refuse('NOT_ON_SCHEDULE', 'There is no upcoming delivery to skip.')
  return skip(sub, sub.nextDeliveryAt, nowMs)
}

/** Brings back a skipped upcoming delivery; not one inside a pause that is still on. */
export function unskip(stored: SubscriptionFields, date: string, nowMs: number): Transition {
  const found = changeableDelivery(stored, date, nowMs, 'unskip')
  if ('refused' in found) return found.refused
  const sub = found.sub
  const day = found.delivery.date
  if (!found.delivery.skipped) return refuse('NOT_SKIPPED', 'The delivery on ' + dayInWords(day) + ' is not skipped.')
  if (isInPause(sub, day)) {
    return refuse('IN_PAUSE', 'The delivery on ' + dayInWords(day) + ' falls within your pause. Resume your subscription first.')
  }
  sub.skipped = (sub.skipped || []).filter((d) => d !== day)
  return { ok: true, sub: derive(sub, nowMs) }
}

/** Cancels a live subscription: no more deliveries. The plan is kept so a restart can offer it. */
export function cancel(stored: SubscriptionFields, nowMs: number): Transition {
  const sub = subscriptionAt(stored, nowMs, () => undefined)
  if (sub.status === 'none') return refuse('NO_SUBSCRIPTION', 'There is no subscription to cancel.')
  if (sub.status === 'cancelled') return refuse('ALREADY_CANCELLED', 'Your subscription is already cancelled.')
  sub.status = 'cancelled'
  sub.cancelledAt = new Date(nowMs).toISOString()
  delete sub.segments
  delete sub.skipped
  delete sub.pausedFrom
  delete sub.pausedUntil
  return { ok: true, sub: derive(sub, nowMs) }
}

/**
 * Takes the deliveries that already left the roastery (`delivered`: their ISO days or `YYYY-MM-DD`;
 * staff may ship a delivery before its day) out of what a reader sees as coming: they leave
 * `upcomingDeliveries`, and `nextDeliveryAt` names the first grid date neither skipped nor
 * delivered. The grid and `skipped` are left alone. In place; returns `sub`.
 */
export function withoutDelivered<T extends SubscriptionFields>(sub: T, delivered: ReadonlyArray<string>, nowMs: number): T {
  if ((sub.status !== 'active' && sub.status !== 'paused') || !sub.segments || sub.segments.length === 0 || delivered.length === 0) return sub
  const gone = delivered.map((d) => d.slice(0, 10))
  const isGone = (date: string) => gone.indexOf(date.slice(0, 10)) >= 0
  if (sub.upcomingDeliveries) sub.upcomingDeliveries = sub.upcomingDeliveries.filter((d) => !isGone(d.date))
  delete sub.nextDeliveryAt
  const further = gridDates(sub.segments, startOfUtcDay(nowMs), UPCOMING_COUNT + (sub.skipped || []).length + gone.length + 1)
  for (const delivery of further) {
    if (!isSkipped(sub, delivery.date) && !isGone(delivery.date)) {
      sub.nextDeliveryAt = delivery.date
      break
    }
  }
  return sub
}
