/**
 * The customer's delivery day: every delivery that may still change moves to the weekday they pick,
 * at their plan's cadence (BeanBloomSubscription's moveToWeekday keeps the schedule's rules); the
 * deliveries' coffee choices and extras move with them, and the board, reminders and charges follow the new
 * dates (customer-view.ts `complete`).
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { moveToWeekday, Weekday, WEEKDAYS } from 'BeanBloomSubscription'
import { complete, current } from './customer-view'
import { followMoves } from './day-keyed'
import { deliveryTotal } from './delivery-extras'
import { dayNotOffered, offeredWeekdays } from './delivery-weekdays'


/**
 * WRITE {weekday}: the deliveries arrive on `weekday` (`monday` … `sunday`, one the shop delivers
 * on) from the first delivery that may still change. 400 INVALID_WEEKDAY; 409 DAY_NOT_OFFERED,
 * SAME_DELIVERY_DAY, NO_SUBSCRIPTION, SUBSCRIPTION_CANCELLED, NOT_ON_SCHEDULE.
 */
export async function setDeliveryDay(data: Data<{ weekday: string }>): Promise<Data> {
  const nowMs = Date.now()
  const body = data.request.body
  const weekday = body && typeof body.weekday === 'string' ? body.weekday.trim().toLowerCase() : ''
  if ((WEEKDAYS as ReadonlyArray<string>).indexOf(weekday) < 0) {
    return refuse(data, 400, 'INVALID_WEEKDAY', 'Give the weekday as monday, tuesday, wednesday, thursday, friday, saturday or sunday.', { field: 'weekday' })
  }
  const offered = offeredWeekdays()
  if (offered.indexOf(weekday as Weekday) < 0) {
    return dayNotOffered(data, weekday as Weekday, 'weekday')
  }
  const view = current(data, nowMs)
  const moved = moveToWeekday(view, weekday as Weekday, nowMs)
  if (!moved.ok) return refuse(data, 409, moved.code, moved.message)
  const next = moved.sub as typeof view
  const choices = followMoves(view.coffeeChoices, moved.moves)
  if (choices) next.coffeeChoices = choices
  const extras = followMoves(view.extras, moved.moves)
  if (extras) next.extras = extras
  // The first moved delivery's price, said now: its reminder may not come before its final moment.
  const amountCents = deliveryTotal(next, moved.from)
  return complete(data, next, nowMs, { action: 'day', weekday: weekday, date: moved.from }, { kind: 'day', weekday: weekday as Weekday, from: moved.from, amountCents: amountCents })
}
