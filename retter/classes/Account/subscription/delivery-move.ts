/**
 * One delivery on another day: moved within its window (between the deliveries before and after
 * it), or sent as soon as the roastery can. The schedule after it keeps its rhythm
 * (BeanBloomSubscription's moveOne); the delivery's coffee choice and extras follow it, and the board, the
 * reminder and the charge at its final moment follow its new day (customer-view.ts `complete`).
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { isoDay, moveOne, onWeekdays, sendSooner, SubscriptionFields, weekdayOf } from 'BeanBloomSubscription'
import { complete, current, CustomerView } from './customer-view'
import { followMove } from './day-keyed'
import { deliveryTotal } from './delivery-extras'
import { dayNotOffered, offeredWeekdays } from './delivery-weekdays'
import { isShipped } from './shipments'

const ISO_DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}(T00:00:00(\.000)?Z)?$/

/** Stores the move of the delivery of `from` to `to` on `next`, with its history entry and e-mail. */
function moved(data: Data, view: CustomerView, next: SubscriptionFields, from: string, to: string, nowMs: number): Promise<Data> {
  const stored = next as CustomerView
  const choices = followMove(view.coffeeChoices, from, to)
  if (choices) stored.coffeeChoices = choices
  const extras = followMove(view.extras, from, to)
  if (extras) stored.extras = extras
  // The price it will be charged, said now: its reminder may not come before its final moment.
  const amountCents = deliveryTotal(stored, to)
  return complete(data, stored as Parameters<typeof complete>[1], nowMs, { action: 'moved', date: to, fromDate: from }, { kind: 'moved', date: to, from: from, amountCents: amountCents })
}

/**
 * WRITE {date, to}: the delivery of `date` arrives on `to` (`YYYY-MM-DD`), a day the shop delivers
 * on inside its window. 400 INVALID_DAY; 409 DAY_NOT_OFFERED, ALREADY_SHIPPED, and the schedule's
 * OUTSIDE_WINDOW, SAME_DAY, DELIVERY_SKIPPED, IN_PAUSE, NOT_ON_SCHEDULE, TOO_LATE_TO_CHANGE.
 */
export async function moveDelivery(data: Data<{ date: string; to: string }>): Promise<Data> {
  const nowMs = Date.now()
  const body = data.request.body
  const date = body && typeof body.date === 'string' ? body.date : ''
  const to = body && typeof body.to === 'string' ? body.to.trim() : ''
  // A calendar day that exists: 2026-13-01 or 2026-02-30 are no days.
  if (!ISO_DAY.test(to) || isNaN(Date.parse(to)) || isoDay(Date.parse(to)).slice(0, 10) !== to.slice(0, 10)) {
    return refuse(data, 400, 'INVALID_DAY', 'Give the day to move the delivery to as YYYY-MM-DD.', { field: 'to' })
  }
  const offered = offeredWeekdays()
  if (offered.indexOf(weekdayOf(to)) < 0) {
    return dayNotOffered(data, weekdayOf(to), 'to')
  }
  const view = current(data, nowMs)
  if (ISO_DAY.test(date) && isShipped(view, date)) {
    return refuse(data, 409, 'ALREADY_SHIPPED', 'Your delivery of ' + date.slice(0, 10) + ' has already left our roastery, so it can no longer move.')
  }
  const result = moveOne(view, date, to, nowMs)
  if (!result.ok) return refuse(data, 409, result.code, result.message)
  return moved(data, view, result.sub, isoDay(Date.parse(date)), isoDay(Date.parse(to)), nowMs)
}

/**
 * WRITE {}: the next delivery that may still change leaves with the roastery's next day it can
 * make (the lead time holds, on a day the shop delivers on), charged at its final moment as any
 * delivery. 409 ALREADY_NEXT when it already does; NOT_ON_SCHEDULE, NO_SUBSCRIPTION.
 */
export async function sendNow(data: Data): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const offered = offeredWeekdays()
  const result = sendSooner(view, nowMs, onWeekdays(offered))
  if (!result.ok) return refuse(data, 409, result.code, result.message)
  return moved(data, view, result.sub, result.from as string, result.to as string, nowMs)
}
