/**
 * The customer's subscription: start, change, pause, resume, skip and cancel. One WRITE method per
 * export, each owner-only (the class authorizer) with an input model; all of it lives in the
 * customer's user state (see customer.ts), never in public state.
 *
 * Every method first brings the stored subscription up to now (`subscriptionAt`: a pause whose day
 * has passed has ended), then applies its transition or refuses it with 409 and a specific code.
 *
 * A plan change applies from the next delivery: the date already scheduled stays, that delivery
 * is the first of the new plan, and the ones after it follow the new plan's cadence.
 */
import { Data } from '@retter/rdk'
import { AccountUserState, customerOf, privateOf } from './customer'
import { findPlan } from './plans'
import {
  PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS, SubscriptionAction, SubscriptionChange, SubscriptionFields,
  deliveryAfter, firstDeliveryAt, pauseEndsAt, subscriptionAt, withChange,
} from './schedule'

/** Codes of the 409 answers: each names why the transition makes no sense now. */
export type SubscriptionConflictCode =
  | 'ALREADY_ON_PLAN' | 'NO_SUBSCRIPTION' | 'SUBSCRIPTION_CANCELLED' | 'ALREADY_PAUSED'
  | 'NOT_PAUSED' | 'SUBSCRIPTION_PAUSED' | 'ALREADY_CANCELLED'

/** What a method answers on success: the subscription as it now stands. */
export type SubscriptionView = AccountUserState & SubscriptionFields

function cadenceOf(planId: string) {
  const plan = findPlan(planId)
  return plan ? plan.delivery : undefined
}

/** The customer's user state with the subscription as it stands now (for STATE and answers). */
export function subscriptionView(data: Data): SubscriptionView {
  return subscriptionAt(customerOf(data), Date.now(), cadenceOf)
}

/** Brings the stored subscription up to `nowMs` and returns it, ready to change. */
function current(data: Data, nowMs: number): SubscriptionView {
  const now = subscriptionAt(customerOf(data), nowMs, cadenceOf)
  // customerOf made sure the user state exists.
  ;(data.state.user as Record<string, unknown>)[privateOf(data).userId] = now
  return now
}

function conflict(data: Data, code: SubscriptionConflictCode, message: string): Data {
  data.response = { statusCode: 409, body: { code: code, message: message } }
  return data
}

function done(data: Data, sub: SubscriptionView, change: SubscriptionChange): Data {
  sub.history = withChange(sub.history, change)
  data.response = { statusCode: 200, body: sub }
  return data
}

function change(action: SubscriptionAction, nowMs: number, sub: SubscriptionFields, extra?: Partial<SubscriptionChange>): SubscriptionChange {
  const entry: SubscriptionChange = { at: new Date(nowMs).toISOString(), action: action, plan: sub.plan }
  if (sub.nextDeliveryAt) entry.nextDeliveryAt = sub.nextDeliveryAt
  if (extra) {
    for (const key in extra) (entry as unknown as Record<string, unknown>)[key] = (extra as Record<string, unknown>)[key]
  }
  return entry
}

/**
 * Refuses what needs a live subscription when there is none (NO_SUBSCRIPTION) or it is cancelled
 * (SUBSCRIPTION_CANCELLED); `doing` completes "There is no subscription to …".
 */
function refuseWithoutSubscription(data: Data, sub: SubscriptionFields, doing: string): Data | undefined {
  if (sub.status === 'none') return conflict(data, 'NO_SUBSCRIPTION', 'There is no subscription to ' + doing + '. Choose a plan first.')
  if (sub.status === 'cancelled') {
    return conflict(data, 'SUBSCRIPTION_CANCELLED', 'Your subscription is cancelled, so there is nothing to ' + doing + '. Choose a plan to start again.')
  }
  return undefined
}

/**
 * WRITE {planId}: starts a subscription (none), restarts one (cancelled), or changes the plan
 * (active or paused; applies from the next delivery, a pause stays). 400 UNKNOWN_PLAN for an id we
 * do not offer; 409 ALREADY_ON_PLAN for the plan the customer is already on.
 */
export async function selectPlan(data: Data<{ planId: string }>): Promise<Data> {
  const planId = data.request.body ? data.request.body.planId : ''
  const plan = findPlan(planId)
  if (!plan) {
    data.response = { statusCode: 400, body: { code: 'UNKNOWN_PLAN', message: 'There is no plan "' + planId + '"' } }
    return data
  }
  const nowMs = Date.now()
  const nowIso = new Date(nowMs).toISOString()
  const sub = current(data, nowMs)
  if (sub.status === 'active' || sub.status === 'paused') {
    if (sub.plan === planId) return conflict(data, 'ALREADY_ON_PLAN', 'You are already on the ' + plan.name + ' plan.')
    const fromPlan = sub.plan || undefined
    sub.plan = planId
    sub.planChangedAt = nowIso
    return done(data, sub, change('changed', nowMs, sub, fromPlan ? { fromPlan: fromPlan } : undefined))
  }
  const restarting = sub.status === 'cancelled'
  sub.plan = planId
  sub.status = 'active'
  sub.startedAt = nowIso
  sub.planChangedAt = nowIso
  sub.nextDeliveryAt = firstDeliveryAt(nowMs)
  delete sub.cancelledAt
  delete sub.pausedUntil
  return done(data, sub, change(restarting ? 'restarted' : 'started', nowMs, sub))
}

/** WRITE {weeks: 1–8}: pauses deliveries; the next one is the day the pause ends. */
export async function pauseSubscription(data: Data<{ weeks: number }>): Promise<Data> {
  const weeks = data.request.body ? data.request.body.weeks : 0
  const nowMs = Date.now()
  const sub = current(data, nowMs)
  const refused = refuseWithoutSubscription(data, sub, 'pause')
  if (refused) return refused
  if (sub.status === 'paused') return conflict(data, 'ALREADY_PAUSED', 'Your subscription is already paused. Resume it before pausing again.')
  // The input model bounds it too; this keeps the class honest if the model is ever loosened.
  if (!(weeks >= PAUSE_MIN_WEEKS && weeks <= PAUSE_MAX_WEEKS && Math.floor(weeks) === weeks)) {
    data.response = { statusCode: 400, body: { code: 'INVALID_PAUSE', message: 'A pause lasts from ' + PAUSE_MIN_WEEKS + ' to ' + PAUSE_MAX_WEEKS + ' whole weeks.' } }
    return data
  }
  sub.status = 'paused'
  sub.pausedUntil = pauseEndsAt(nowMs, weeks)
  sub.nextDeliveryAt = sub.pausedUntil
  return done(data, sub, change('paused', nowMs, sub, { weeks: weeks }))
}

/** WRITE: ends a pause early; deliveries start again as for a new subscription (in two days). */
export async function resumeSubscription(data: Data): Promise<Data> {
  const nowMs = Date.now()
  const sub = current(data, nowMs)
  const refused = refuseWithoutSubscription(data, sub, 'resume')
  if (refused) return refused
  if (sub.status !== 'paused') return conflict(data, 'NOT_PAUSED', 'Your subscription is not paused, so there is nothing to resume.')
  sub.status = 'active'
  delete sub.pausedUntil
  sub.nextDeliveryAt = firstDeliveryAt(nowMs)
  return done(data, sub, change('resumed', nowMs, sub))
}

/** WRITE: moves the next delivery on by one delivery of the plan (active subscriptions only). */
export async function skipNextDelivery(data: Data): Promise<Data> {
  const nowMs = Date.now()
  const sub = current(data, nowMs)
  const refused = refuseWithoutSubscription(data, sub, 'skip')
  if (refused) return refused
  if (sub.status === 'paused') {
    return conflict(data, 'SUBSCRIPTION_PAUSED', 'Your subscription is paused, so no delivery is coming to skip. Resume it first.')
  }
  const skipped = sub.nextDeliveryAt || firstDeliveryAt(nowMs)
  sub.nextDeliveryAt = deliveryAfter(skipped, cadenceOf(sub.plan || '') || 'monthly')
  return done(data, sub, change('skipped', nowMs, sub))
}

/** WRITE {reason?}: cancels; no further deliveries. The plan is kept so a restart can offer it. */
export async function cancelSubscription(data: Data<{ reason?: string }>): Promise<Data> {
  const reason = data.request.body && typeof data.request.body.reason === 'string' ? data.request.body.reason.trim() : ''
  const nowMs = Date.now()
  const sub = current(data, nowMs)
  if (sub.status === 'none') return conflict(data, 'NO_SUBSCRIPTION', 'There is no subscription to cancel.')
  if (sub.status === 'cancelled') return conflict(data, 'ALREADY_CANCELLED', 'Your subscription is already cancelled.')
  sub.status = 'cancelled'
  sub.cancelledAt = new Date(nowMs).toISOString()
  delete sub.pausedUntil
  delete sub.nextDeliveryAt
  return done(data, sub, change('cancelled', nowMs, sub, reason ? { reason: reason } : undefined))
}
