/**
 * The customer's subscription: start, change, pause, resume, skip, unskip and cancel. One WRITE
 * method per export, each owner-only (the class authorizer) with an input model; all of it lives
 * in the customer's user state (customer.ts), never in public state. The rules of the schedule are
 * BeanBloomSubscription's schedule.ts; this file maps them to answers, e-mails and the delivery reminder (subscription/customer-view.ts).
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import {
  cadenceOf, cancel, cancellationOf, changePlan, CoffeePreferences, customerDate, findPlan, offeredPlan, firstOfLatestSegment, isTooLateToChange, pause, PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS,
  preferencesFor, resume, skip, skipNext, start, SubscriptionChange, subscriptionAt, Transition, unskip,
} from 'BeanBloomSubscription'
import { complete, current, CustomerView } from './customer-view'
import { applyAddress, checkPreferences, Versioned } from './delivery-details'
import { isShipped } from './shipments'
import { giftHolds } from '../gifts/redeem'

function conflict(data: Data, result: Transition): Data {
  return result.ok ? data : refuse(data, 409, result.code, result.message)
}

/** A delivery that left the roastery cannot be skipped any more (staff may ship before its day). */
function alreadyShipped(data: Data, date: string): Data {
  return refuse(data, 409, 'ALREADY_SHIPPED', 'Your delivery of ' + customerDate(date) + ' has already left our roastery, so it can no longer be skipped.')
}

/**
 * The first delivery the new plan really applies to after a change: the first date of the plan's
 * segment (the last one) that is neither skipped nor already shipped; none while every date the
 * walk reaches is skipped.
 */
function firstOfNewPlan(sub: CustomerView): string | undefined {
  return firstOfLatestSegment(sub, (sub.deliveries || []).map((d) => d.date))
}

/**
 * WRITE {planId}: starts a subscription (none), restarts one (cancelled), or changes the plan
 * (active or paused; from the first delivery not already being prepared, a pause stays). 400
 * UNKNOWN_PLAN for an id we do not offer; 409 ALREADY_ON_PLAN for the plan the customer is on;
 * 409 NO_DELIVERY_ADDRESS to start or restart without a delivery address, 409 NO_PAYMENT_METHOD
 * without a saved payment method. The customer's
 * preferences follow the plan (kept where the plan offers them).
 *
 * A start (or restart) may carry what the customer confirmed with it, `delivery` (an address, with
 * the `version` it was edited on) and `preferences`: they are checked and stored as
 * setDeliveryAddress and setPreferences do (their refusals, nothing stored), and the start is then
 * one change: one history entry and one e-mail. A plan change refuses them (400 START_ONLY): an
 * address or preferences are changed on their own.
 */
export async function selectPlan(data: Data<{ planId: string; delivery?: unknown; preferences?: Partial<CoffeePreferences> }>): Promise<Data> {
  const body = data.request.body
  const planId = body ? body.planId : ''
  // Only a plan on offer may be chosen; a retired plan stays with the customers on it.
  const plan = offeredPlan(planId)
  if (!plan) return refuse(data, 400, 'UNKNOWN_PLAN', 'There is no plan "' + planId + '"')
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const withDetails = !!body && (body.delivery !== undefined || body.preferences !== undefined)
  if (withDetails && (view.status === 'active' || view.status === 'paused')) {
    return refuse(data, 400, 'START_ONLY', 'An address or coffee preferences go with a start only; change them on their own.')
  }
  // Checked on a copy: a refusal below must leave the stored state as it was.
  const details: Versioned & { preferences?: CoffeePreferences } = { delivery: view.delivery, deliveryVersion: (view as Versioned).deliveryVersion, preferences: view.preferences }
  if (body && body.delivery !== undefined) {
    const applied = applyAddress(details, body.delivery)
    if ('refusal' in applied) {
      data.response = applied.refusal
      return data
    }
  }
  if (body && body.preferences !== undefined) {
    const checked = checkPreferences(body.preferences, plan)
    if ('refusal' in checked) {
      data.response = checked.refusal
      return data
    }
    details.preferences = checked.preferences
  }
  if (view.status === 'active' || view.status === 'paused') {
    if (view.plan === planId) return refuse(data, 409, 'ALREADY_ON_PLAN', 'You are already on the ' + plan.name + ' plan.')
    const held = giftHolds(data, view, 'plan')
    if (held) return held
    const fromPlan = view.plan ? findPlan(view.plan) : undefined
    const changed = changePlan(view, planId, plan.delivery, nowMs)
    if (!changed.ok) return conflict(data, changed)
    const next = changed.sub as typeof view
    next.planChangedAt = new Date(nowMs).toISOString()
    next.preferences = preferencesFor(plan, view.preferences)
    return complete(data, next, nowMs, { action: 'changed', fromPlan: view.plan || undefined }, { kind: 'changed', fromPlan: fromPlan, from: firstOfNewPlan(next), amountCents: plan.amount })
  }
  if (!details.delivery) {
    return refuse(data, 409, 'NO_DELIVERY_ADDRESS', 'Add a delivery address before starting a subscription, so we know where to send your coffee.')
  }
  if (!view.paymentMethod) {
    return refuse(data, 409, 'NO_PAYMENT_METHOD', 'Add a card or a SEPA bank account before starting a subscription: each delivery is charged the day before it.')
  }
  const restarting = view.status === 'cancelled'
  const started = start(view, planId, plan.delivery, nowMs)
  if (!started.ok) return conflict(data, started)
  const next = started.sub as typeof view
  next.delivery = details.delivery
  if (details.deliveryVersion !== undefined) (next as Versioned).deliveryVersion = details.deliveryVersion
  next.startedAt = new Date(nowMs).toISOString()
  next.planChangedAt = next.startedAt
  next.preferences = preferencesFor(plan, details.preferences)
  const kind = restarting ? 'restarted' : 'started'
  return complete(data, next, nowMs, { action: kind }, { kind: kind })
}

/** WRITE {weeks: 1–8}: pauses deliveries; those inside the pause are skipped. */
export async function pauseSubscription(data: Data<{ weeks: number }>): Promise<Data> {
  const weeks = data.request.body ? data.request.body.weeks : 0
  const nowMs = Date.now()
  const view = current(data, nowMs)
  // The input model bounds it too; this keeps the class honest if the model is ever loosened.
  if (!(weeks >= PAUSE_MIN_WEEKS && weeks <= PAUSE_MAX_WEEKS && Math.floor(weeks) === weeks)) {
    return refuse(data, 400, 'INVALID_PAUSE', 'A pause lasts from ' + PAUSE_MIN_WEEKS + ' to ' + PAUSE_MAX_WEEKS + ' whole weeks.')
  }
  const paused = pause(view, weeks, nowMs)
  if (!paused.ok) return conflict(data, paused)
  return complete(data, paused.sub as typeof view, nowMs, { action: 'paused', weeks: weeks }, { kind: 'paused', weeks: weeks })
}

/**
 * The dates the customer skipped themself, by the history: a `skipped` entry for the date with no
 * `unskipped` one after it. A resume that brings the paused dates back leaves these skipped.
 */
function ownSkips(history: SubscriptionChange[] | undefined): string[] {
  const own: string[] = []
  for (const change of history || []) {
    if (!change.date) continue
    const at = own.indexOf(change.date)
    if (change.action === 'skipped' && at < 0) own.push(change.date)
    if (change.action === 'unskipped' && at >= 0) own.splice(at, 1)
  }
  return own
}

/**
 * The deliveries a pause skipped that a resume at `nowMs` can bring back: inside the pause, not
 * already being roasted or shipped, and not skipped by the customer before the pause.
 */
function pausedDates(view: CustomerView, nowMs: number): string[] {
  if (view.status !== 'paused' || !view.pausedFrom || !view.pausedUntil) return []
  const from = Date.parse(view.pausedFrom)
  const until = Date.parse(view.pausedUntil)
  const own = ownSkips(view.history)
  return (view.skipped || []).filter(function (date) {
    const day = Date.parse(date)
    return day >= from && day < until && !isTooLateToChange(date, nowMs) && !isShipped(view, date) && own.indexOf(date) < 0
  })
}

/**
 * WRITE {restoreSkipped?: boolean}: ends a pause now. By default the deliveries it skipped stay
 * skipped (the customer may unskip them one by one); with `restoreSkipped` they come back in the
 * same step, except those already being roasted and those the customer had skipped before pausing.
 */
export async function resumeSubscription(data: Data<{ restoreSkipped?: boolean }>): Promise<Data> {
  const restore = !!(data.request.body && data.request.body.restoreSkipped === true)
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const back = restore ? pausedDates(view, nowMs) : []
  const resumed = resume(view, nowMs)
  if (!resumed.ok) return conflict(data, resumed)
  let next = resumed.sub as typeof view
  if (back.length > 0) {
    next.skipped = (next.skipped || []).filter(function (date) { return back.indexOf(date) < 0 })
    // Read anew: the upcoming deliveries and the next one follow the dates brought back.
    next = subscriptionAt(next, nowMs, cadenceOf)
  }
  return complete(data, next, nowMs, { action: 'resumed' }, { kind: 'resumed', restored: back })
}

/** Skips or unskips the delivery on the body's `date` (the input model checked its shape). */
async function onDate(data: Data<{ date: string }>, action: 'skipped' | 'unskipped'): Promise<Data> {
  const date = data.request.body ? data.request.body.date : ''
  const nowMs = Date.now()
  const view = current(data, nowMs)
  if (action === 'skipped' && typeof date === 'string' && isShipped(view, date)) return alreadyShipped(data, date)
  const changed = action === 'skipped' ? skip(view, date, nowMs) : unskip(view, date, nowMs)
  if (!changed.ok) return conflict(data, changed)
  const day = new Date(Date.parse(date)).toISOString().slice(0, 10) + 'T00:00:00.000Z'
  return complete(data, changed.sub as typeof view, nowMs, { action: action, date: day }, { kind: action, date: day })
}

/** WRITE {date}: skips one of the upcoming deliveries. */
export async function skipDelivery(data: Data<{ date: string }>): Promise<Data> {
  return onDate(data, 'skipped')
}

/**
 * WRITE: skips the next delivery: skipDelivery of the customer's `nextDeliveryAt`, the first upcoming
 * one neither skipped nor already shipped (a shipped delivery is on its way, no longer next).
 */
export async function skipNextDelivery(data: Data): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const date = view.nextDeliveryAt
  if (!date) return conflict(data, skipNext(view, nowMs))
  if (isShipped(view, date)) return alreadyShipped(data, date)
  const skipped = skip(view, date, nowMs)
  if (!skipped.ok) return conflict(data, skipped)
  return complete(data, skipped.sub as typeof view, nowMs, { action: 'skipped', date: date }, { kind: 'skipped', date: date })
}

/** WRITE {date}: brings back a skipped upcoming delivery (not one inside a pause still on). */
export async function unskipDelivery(data: Data<{ date: string }>): Promise<Data> {
  return onDate(data, 'unskipped')
}

/**
 * WRITE {reason, note?}: cancels; no further deliveries. The plan is kept so a restart can offer it.
 * `reason` is one of CANCEL_REASONS (the reports count them), `note` the customer's words (required
 * for `other`): 400 CANCEL_REASON_REQUIRED / CANCEL_NOTE_REQUIRED / CANCEL_NOTE_TOO_LONG naming the field.
 */
export async function cancelSubscription(data: Data<{ reason?: string; note?: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const cancelled = cancel(view, nowMs)
  // Nothing to cancel is said first: asking why would be beside the point.
  if (!cancelled.ok) return conflict(data, cancelled)
  const why = cancellationOf(data.request.body)
  if (!why.ok) return refuse(data, 400, why.code, why.message, { field: why.field })
  const held = giftHolds(data, view, 'cancel')
  if (held) return held
  return complete(data, cancelled.sub as typeof view, nowMs, { action: 'cancelled', reason: why.reason, note: why.note }, { kind: 'cancelled' })
}
