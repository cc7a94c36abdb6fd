/**
 * One timeline per customer: every change to their subscription, deliveries, payments, address and
 * account, with when, what, and who made it (the customer, a member of staff at their request with
 * a reason, or the system: charges, retries, holds, the schedule). The Account writes it after each
 * request from what the request changed (its history and payments), so no rule has to remember to
 * write it. Pure.
 */
import type { DeliveryPayment, PaymentStatus } from './payments'
import type { SubscriptionChange } from './schedule'

export type TimelineActor = 'customer' | 'staff' | 'system'

/** One entry of a customer's timeline (newest last). */
export interface TimelineEntry {
  /** ISO instant. */
  at: string
  /**
   * What happened: a subscription change as its history names it (`started`, `changed`, `paused`,
   * `pause-ended`, `skipped`, `address`, `shipped`…), a payment's new state (`payment.paid`,
   * `payment.failed`, `payment.owed`, `payment.refunded`…), or `payment-method`.
   */
  what: string
  actor: TimelineActor
  /** Why: the staff member's reason, or why the customer cancelled (a CancelReason). */
  reason?: string
  /** For `cancelled`: why the customer cancelled (a CancelReason, whoever made the change). */
  cancelReason?: string
  /** For `cancelled`: what the customer added in their words. */
  note?: string
  /** The delivery it is about (ISO day). */
  date?: string
  /** A replacement's lost delivery (ISO day). */
  forDate?: string
  /** For `coffee`: the coffee chosen (its name); absent when the choice was undone. */
  coffee?: string
  /** For `day`: the weekday deliveries arrive on from `date` on. */
  weekday?: string
  /** For `moved`: the day the delivery (now on `date`) was due before. */
  fromDate?: string
  /** For `extra`: the extra (its English name) and how many are on the delivery of `date` now (0: taken off). */
  extra?: string
  /** For `extra`: its name in the other languages it had words in then (recordedExtraName reads it). */
  extraNames?: { [locale: string]: string }
  quantity?: number
  /** For gift entries: the other side's e-mail address and the plan given (`quantity`: its deliveries). */
  person?: string
  giftPlan?: string
  /** The plan after a subscription change, and for `changed` the one before. */
  plan?: string | null
  fromPlan?: string
  /** For `paused`: how many weeks. */
  weeks?: number
  /** A payment's or a refund's amount, in cents. */
  amountCents?: number
}

/** Entries a timeline keeps (the newest): several years of a weekly subscription's changes and payments. */
export const TIMELINE_LIMIT = 400

/** Changes only the system makes, whoever's request brought them to light. */
const SYSTEM_CHANGES: ReadonlyArray<string> = ['pause-ended', 'shipped', 'replacement-shipped', 'gift-ended']

/** Who made what one request changed: the actor, and for staff their reason. */
export interface RequestActor {
  actor: TimelineActor
  reason?: string
}

/**
 * A history entry's key: its moment, action and what it was about. Two changes of one kind in the
 * same millisecond (a test clock standing still, two deliveries' coffees) still differ by their
 * day or value; fields listed one by one, since stored maps need not keep their keys' order.
 */
export function changeKey(change: SubscriptionChange): string {
  const parts: unknown[] = [change.at, change.action, change.date, change.forDate, change.coffee, change.plan, change.fromPlan, change.weeks, change.reason, change.note]
  // Appended only when present: the keys of entries stored before it stay as they were.
  if (change.weekday) parts.push(change.weekday)
  if (change.fromDate) parts.push(change.fromDate)
  if (change.extra) parts.push(change.extra, change.quantity)
  if (change.person) parts.push(change.person, change.giftPlan, change.quantity)
  return parts.map(function (part) { return part === undefined || part === null ? '' : String(part) }).join(' ')
}

/**
 * The timeline entries of the history changes after the one keyed `seen` (all of them when `seen`
 * is not in the history any more, or never was: a first run back-fills what the history holds).
 */
export function historyEntries(history: ReadonlyArray<SubscriptionChange>, seen: string | undefined, by: RequestActor): TimelineEntry[] {
  let from = 0
  if (seen) for (let i = history.length - 1; i >= 0; i--) if (changeKey(history[i] as SubscriptionChange) === seen) { from = i + 1; break }
  const entries: TimelineEntry[] = []
  for (const change of history.slice(from)) {
    const system = SYSTEM_CHANGES.indexOf(change.action) >= 0
    const entry: TimelineEntry = { at: change.at, what: change.action, actor: system ? 'system' : by.actor }
    if (change.date) entry.date = change.date
    if (change.forDate) entry.forDate = change.forDate
    if (change.coffee) entry.coffee = change.coffee
    if (change.weekday) entry.weekday = change.weekday
    if (change.fromDate) entry.fromDate = change.fromDate
    if (change.extra) entry.extra = change.extra
    if (change.extraNames) entry.extraNames = Object.assign({}, change.extraNames)
    if (typeof change.quantity === 'number') entry.quantity = change.quantity
    if (change.person) entry.person = change.person
    if (change.giftPlan) entry.giftPlan = change.giftPlan
    if (change.plan !== undefined) entry.plan = change.plan
    if (change.fromPlan) entry.fromPlan = change.fromPlan
    if (typeof change.weeks === 'number') entry.weeks = change.weeks
    const reason = !system && by.actor === 'staff' ? by.reason : change.action === 'cancelled' ? change.reason : undefined
    if (reason) entry.reason = reason
    if (change.action === 'cancelled' && change.reason) entry.cancelReason = change.reason
    if (change.note) entry.note = change.note
    entries.push(entry)
  }
  return entries
}

/** What the timeline last saw of each payment, by delivery day: its state, whether it was owed, and its refunds. */
export type SeenPayments = { [date: string]: string }

function paymentMark(payment: DeliveryPayment): string {
  return payment.status + (payment.owedSince ? ' owed' : '') + ' ' + (payment.refunds || []).length
}

/** States worth a line: a charge begun is not (its outcome follows within the request or a task). */
const SHOWN_STATES: ReadonlyArray<PaymentStatus> = ['processing', 'settling', 'paid', 'failed', 'requires_action', 'unpaid']

/**
 * The timeline entries of what changed in the payments since `seen` (all by the system, but a
 * refund: staff made it, with their reason), and what is seen now.
 */
export function paymentEntries(payments: ReadonlyArray<DeliveryPayment>, seen: SeenPayments, nowIso: string): { entries: TimelineEntry[]; seen: SeenPayments } {
  const entries: TimelineEntry[] = []
  const next: SeenPayments = {}
  for (const payment of payments) {
    const mark = paymentMark(payment)
    next[payment.date] = mark
    const before = seen[payment.date]
    if (before === mark) continue
    const [beforeState, ...restBefore] = before ? before.split(' ') : ['']
    const wasOwed = restBefore.indexOf('owed') >= 0
    const refundsBefore = before ? Number(before.split(' ').pop()) : 0
    if (beforeState !== payment.status && SHOWN_STATES.indexOf(payment.status) >= 0) {
      entries.push({ at: payment.paidAt && payment.status === 'paid' ? payment.paidAt : payment.updatedAt || nowIso, what: 'payment.' + payment.status, actor: 'system', date: payment.date, amountCents: payment.amountCents })
    }
    if (payment.owedSince && !wasOwed) entries.push({ at: payment.owedSince, what: 'payment.owed', actor: 'system', date: payment.date, amountCents: payment.amountCents })
    for (const refund of (payment.refunds || []).slice(refundsBefore)) {
      entries.push({ at: refund.at, what: 'payment.refunded', actor: 'staff', date: payment.date, amountCents: refund.amountCents, reason: refund.reason })
    }
  }
  return { entries: entries, seen: next }
}

/** An entry's identity: one thing happens to one delivery once at one moment. */
export function entryKey(entry: Pick<TimelineEntry, 'at' | 'what' | 'date' | 'extra' | 'quantity'>): string {
  // An extra's entries differ by the extra and its quantity too (added and taken off at once); other keys stay as they were.
  return entry.at + ' ' + entry.what + ' ' + (entry.date || '') + (entry.extra ? ' ' + entry.extra + ' ' + entry.quantity : '')
}

/**
 * `timeline` with `entries` added (each once: a customer moved from another address brings their
 * timeline, and their history and payments show the same things again), oldest first, the newest
 * TIMELINE_LIMIT kept.
 */
export function withTimeline(timeline: ReadonlyArray<TimelineEntry> | undefined, entries: ReadonlyArray<TimelineEntry>): TimelineEntry[] {
  const known: { [key: string]: boolean } = {}
  for (const entry of timeline || []) known[entryKey(entry)] = true
  const added = entries.filter(function (entry) {
    const key = entryKey(entry)
    if (known[key]) return false
    known[key] = true
    return true
  })
  const all = (timeline || []).concat(added)
  // Stable: entries of one moment keep the order they were made in.
  const sorted = all.map(function (entry, i) { return { entry: entry, i: i } }).sort(function (a, b) {
    return a.entry.at < b.entry.at ? -1 : a.entry.at > b.entry.at ? 1 : a.i - b.i
  }).map(function (x) { return x.entry })
  return sorted.slice(-TIMELINE_LIMIT)
}
