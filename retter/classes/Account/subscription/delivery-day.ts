/**
 * The customer's delivery day: every delivery that may still change moves to the weekday they pick,
 * at their plan's cadence (BeanBloomSubscription's moveToWeekday keeps the schedule's rules); the
 * deliveries' coffee choices move with them, and the board, reminders and charges follow the new
 * dates (customer-view.ts `complete`).
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { isoDay, moveToWeekday, Weekday, WEEKDAYS } from 'BeanBloomSubscription'
import { complete, current } from './customer-view'
import { offeredWeekdays } from './delivery-weekdays'

const DAY_MS = 24 * 60 * 60 * 1000

/** A weekday in words for a refusal ("Friday"). */
function named(day: string): string {
  return day.charAt(0).toUpperCase() + day.slice(1)
}

/** `choices` with each choice from `fromMs` on moved by `shiftDays`, as its delivery moved. */
function movedChoices(choices: { [day: string]: string } | undefined, fromMs: number, shiftDays: number): { [day: string]: string } | undefined {
  if (!choices) return undefined
  const out: { [day: string]: string } = {}
  for (const day in choices) {
    const at = Date.parse(day)
    out[at >= fromMs ? isoDay(at + shiftDays * DAY_MS).slice(0, 10) : day] = choices[day] as string
  }
  return out
}

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
    return refuse(data, 409, 'DAY_NOT_OFFERED', 'We do not deliver on ' + named(weekday) + 's. Choose one of: ' + offered.map(named).join(', ') + '.', { field: 'weekday' })
  }
  const view = current(data, nowMs)
  const moved = moveToWeekday(view, weekday as Weekday, nowMs)
  if (!moved.ok) return refuse(data, 409, moved.code, moved.message)
  const next = moved.sub as typeof view
  const d1 = Date.parse(moved.movedFrom)
  const choices = movedChoices(view.coffeeChoices, d1, moved.shiftDays)
  if (choices) next.coffeeChoices = choices
  return complete(data, next, nowMs, { action: 'day', weekday: weekday, date: moved.from }, { kind: 'day', weekday: weekday as Weekday, from: moved.from })
}
