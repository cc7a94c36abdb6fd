/**
 * When each delivery is charged: one pending `chargeDelivery` task, for the first delivery still
 * due and not charged, at its final moment (as reminders.ts keeps one pending reminder). Every
 * change of the subscription calls keepCharge; the task itself is charges.ts's.
 */
import { keepDayTask } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { finalMomentMs, gridDates, paymentOn, startOfUtcDay, SubscriptionFields, UPCOMING_COUNT } from 'BeanBloomSubscription'
import { AccountUserState, privateOf } from '../customer'
import { scheduleOnce, stillDue } from '../subscription/reminders'

/** The task method that charges a delivery at its final moment (template.yml). */
export const CHARGE_METHOD = 'chargeDelivery'

type Customer = AccountUserState & SubscriptionFields

function dayMs(iso: string): number {
  return startOfUtcDay(Date.parse(iso))
}

/** The plan of the grid date `date` (the plan a change made for it, or before). */
export function planOn(view: Customer, date: string): string | undefined {
  const found = view.segments ? gridDates(view.segments, dayMs(date), 1)[0] : undefined
  return found && found.date === date ? found.plan : undefined
}

/**
 * The delivery the pending charge task should be for: the first one still due, not charged yet and
 * not on hold whose final moment is ahead (or the one a pending task already waits for).
 */
export function nextChargeDate(view: Customer, nowMs: number, pending?: string): string | undefined {
  if ((view.status !== 'active' && view.status !== 'paused') || !view.segments || view.paymentHoldSince) return undefined
  const candidates = gridDates(view.segments, startOfUtcDay(nowMs), UPCOMING_COUNT + (view.skipped || []).length + 2)
  for (const delivery of candidates) {
    if (!stillDue(view, delivery.date, nowMs) || paymentOn(view.payments, delivery.date)) continue
    if (finalMomentMs(delivery.date) > nowMs || delivery.date === pending) return delivery.date
  }
  return undefined
}

/** Keeps one pending chargeDelivery task, for the right delivery, after a change to `view`. */
export function keepCharge(data: Data, view: Customer, nowMs: number): void {
  const priv = privateOf(data)
  keepDayTask(priv, 'chargeFor', nextChargeDate(view, nowMs, priv.chargeFor), (target) => {
    // A delivery that is the target again reuses its task still pending (only the one of chargeFor charges).
    priv.chargeTasks = scheduleOnce(data, priv.chargeTasks, CHARGE_METHOD, target, finalMomentMs(target), nowMs)
  })
}

