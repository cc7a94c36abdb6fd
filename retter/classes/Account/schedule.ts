/**
 * The subscription's calendar: when deliveries fall, how a pause moves them, and what the
 * subscription looks like at a given instant. Pure functions over plain values, no imports, so
 * the web app imports this very module (lib/subscription/schedule.ts re-exports it) and shows the
 * same dates the class computes.
 *
 * Dates are UTC days: a delivery is due on a day (stored as that day's midnight, ISO 8601), and it
 * stays "next" until that day is over.
 *
 * Pauses end by themselves ON READ: nothing wakes up when `pausedUntil` passes. Every reader (the
 * class's STATE and its methods, and the app over live state) looks at the subscription through
 * `subscriptionAt`, which turns a pause whose date has passed into an active subscription whose
 * next delivery is the day the pause ended (or later, by the plan's cadence). The next write
 * stores what `subscriptionAt` computed.
 */

export type SubscriptionStatus = 'none' | 'active' | 'paused' | 'cancelled'

/** How often a plan delivers (its billing interval is separate: a yearly plan may deliver weekly). */
export type DeliveryCadence = 'weekly' | 'fortnightly' | 'monthly'

export type SubscriptionAction = 'started' | 'restarted' | 'changed' | 'paused' | 'resumed' | 'pause-ended' | 'skipped' | 'cancelled'

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
  /** For `cancelled`: what the customer said, when they said anything. */
  reason?: string
  /** The next delivery after the change, when there is one. */
  nextDeliveryAt?: string
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
  /** While paused: the UTC day (ISO, midnight) deliveries start again. */
  pausedUntil?: string
  /** Once cancelled: the ISO instant it was cancelled. */
  cancelledAt?: string
  /** While active or paused: the UTC day (ISO, midnight) of the next delivery. */
  nextDeliveryAt?: string
  history: SubscriptionChange[]
}

export const DAY_MS = 24 * 60 * 60 * 1000
/** A new (or resumed) subscription's first delivery: two days to roast and ship. */
export const DISPATCH_DAYS = 2
export const HISTORY_LIMIT = 20
export const PAUSE_MIN_WEEKS = 1
export const PAUSE_MAX_WEEKS = 8

/** Midnight UTC of the day `ms` falls on. */
export function startOfUtcDay(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS)
}

function isoDay(ms: number): string {
  return new Date(startOfUtcDay(ms)).toISOString()
}

/** The delivery after one on `dayMs`, by the plan's cadence (monthly keeps the day of month, clamped). */
export function nextByCadence(dayMs: number, cadence: DeliveryCadence): number {
  if (cadence === 'weekly') return dayMs + 7 * DAY_MS
  if (cadence === 'fortnightly') return dayMs + 14 * DAY_MS
  const date = new Date(dayMs)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() + 1
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay))
}

/** The first delivery of a subscription started (or resumed) at `nowMs`. */
export function firstDeliveryAt(nowMs: number): string {
  return isoDay(startOfUtcDay(nowMs) + DISPATCH_DAYS * DAY_MS)
}

/** The day a pause of `weeks` weeks started at `nowMs` ends (deliveries start again that day). */
export function pauseEndsAt(nowMs: number, weeks: number): string {
  return isoDay(startOfUtcDay(nowMs) + weeks * 7 * DAY_MS)
}

/** The delivery after `nextDeliveryAt` (what skipping moves the next delivery to). */
export function deliveryAfter(nextDeliveryAt: string, cadence: DeliveryCadence): string {
  return isoDay(nextByCadence(startOfUtcDay(Date.parse(nextDeliveryAt)), cadence))
}

/** `day`, or the first delivery by `cadence` after it that has not passed by `nowMs`. */
function notPassed(dayMs: number, nowMs: number, cadence: DeliveryCadence): number {
  const today = startOfUtcDay(nowMs)
  let day = dayMs
  // A bounded walk: even a weekly plan left alone for years is a few hundred steps.
  for (let steps = 0; day < today && steps < 2000; steps++) day = nextByCadence(day, cadence)
  return day
}

/** Adds a history entry, keeping the newest HISTORY_LIMIT. */
export function withChange(history: SubscriptionChange[] | undefined, change: SubscriptionChange): SubscriptionChange[] {
  const all = (history || []).concat([change])
  return all.slice(Math.max(0, all.length - HISTORY_LIMIT))
}

/**
 * The subscription as it stands at `nowMs` (a new object; the input is left alone): a pause whose
 * day has come reads as active, deliveries whose day is over move `nextDeliveryAt` on by the
 * plan's cadence, and state stored before subscriptions had a status reads as active (with a
 * plan) or none.
 * @param cadenceOf the delivery cadence of a plan id (unknown plans are taken as monthly)
 */
export function subscriptionAt<T extends Partial<SubscriptionFields>>(
  stored: T,
  nowMs: number,
  cadenceOf: (planId: string) => DeliveryCadence | undefined,
): T & SubscriptionFields {
  const sub = JSON.parse(JSON.stringify(stored)) as T & SubscriptionFields
  if (sub.plan === undefined) sub.plan = null
  if (!sub.history) sub.history = []
  if (!sub.status) {
    sub.status = sub.plan ? 'active' : 'none'
    if (sub.plan && !sub.nextDeliveryAt) sub.nextDeliveryAt = firstDeliveryAt(sub.planChangedAt ? Date.parse(sub.planChangedAt) : nowMs)
  }
  const cadence: DeliveryCadence = (sub.plan && cadenceOf(sub.plan)) || 'monthly'
  if (sub.status === 'paused' && sub.pausedUntil && Date.parse(sub.pausedUntil) <= nowMs) {
    const endedAt = sub.pausedUntil
    sub.status = 'active'
    delete sub.pausedUntil
    sub.nextDeliveryAt = endedAt
    sub.history = withChange(sub.history, { at: endedAt, action: 'pause-ended', plan: sub.plan, nextDeliveryAt: endedAt })
  }
  if (sub.status === 'active' && sub.nextDeliveryAt) {
    sub.nextDeliveryAt = isoDay(notPassed(startOfUtcDay(Date.parse(sub.nextDeliveryAt)), nowMs, cadence))
  }
  return sub
}
