/**
 * The upcoming-delivery reminder: two days before each delivery (at REMINDER_HOUR_UTC), while the
 * customer can still skip it, a task (`data.tasks`, Retter's delayed call) runs
 * `sendDeliveryReminder`, which sends only if that delivery is still due, then schedules the next.
 * Every write keeps one pending reminder, for the first delivery whose reminder time is ahead.
 */
import { keepDayTask, runAt } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { gridDates, isoDay, lastChangeableDay, startOfUtcDay, SubscriptionFields, UPCOMING_COUNT } from 'BeanBloomSubscription'
import { privateOf } from '../customer'

/** The task method (template.yml). */
export const REMINDER_METHOD = 'sendDeliveryReminder'
/** Hour (UTC) of the reminder, LEAD_DAYS before the delivery: the last day it can still be skipped. */
export const REMINDER_HOUR_UTC = 6

/** When the reminder of the delivery on `date` goes out (epoch ms). */
export function reminderAt(date: string): number {
  return Date.parse(lastChangeableDay(date)) + REMINDER_HOUR_UTC * 60 * 60 * 1000
}

/** True when `date` is still a delivery of `sub` that will be sent (live, on the grid, not skipped, not passed). */
export function stillDue(sub: SubscriptionFields, date: string, nowMs: number): boolean {
  if ((sub.status !== 'active' && sub.status !== 'paused') || !sub.segments) return false
  if ((sub.skipped || []).indexOf(date) >= 0) return false
  const dayMs = startOfUtcDay(Date.parse(date))
  if (dayMs < startOfUtcDay(nowMs)) return false
  return gridDates(sub.segments, dayMs, 1)[0]?.date === date
}

/** The first delivery after `after` (ISO day, exclusive) not skipped whose reminder time is still ahead. */
export function nextReminderDate(sub: SubscriptionFields, nowMs: number, after?: string): string | undefined {
  if ((sub.status !== 'active' && sub.status !== 'paused') || !sub.segments) return undefined
  const skipped = sub.skipped || []
  const candidates = gridDates(sub.segments, startOfUtcDay(nowMs), UPCOMING_COUNT + skipped.length + 2)
  for (const delivery of candidates) {
    if (after && delivery.date <= after) continue
    if (skipped.indexOf(delivery.date) >= 0) continue
    if (reminderAt(delivery.date) > nowMs) return delivery.date
  }
  return undefined
}

/**
 * Keeps one pending reminder, for the right delivery, after a change to `sub`. A delivery whose
 * task is already scheduled reuses it (only the task of `reminderFor` sends), so going back and
 * forth between deliveries (skip, unskip, skip…) never adds a second task for the same delivery.
 */
export function keepReminder(data: Data, sub: SubscriptionFields, nowMs: number): void {
  const priv = privateOf(data)
  keepDayTask(priv, 'reminderFor', nextReminderDate(sub, nowMs, priv.remindedFor), (target) => {
    priv.reminderTasks = scheduleOnce(data, priv.reminderTasks, REMINDER_METHOD, target, reminderAt(target), nowMs)
  })
}

/**
 * Schedules the task `method {date}` at `atMs` unless `scheduled` (the deliveries whose task has not
 * run yet) has it already. Deliveries whose day has passed are dropped from the list: their task was
 * due before that day, so it ran (or was lost), and the list never grows without bound.
 * @returns the deliveries with a task pending, `date` included
 */
export function scheduleOnce(data: Data, scheduled: string[] | undefined, method: string, date: string, atMs: number, nowMs: number): string[] {
  const pending = (scheduled || []).filter(function (d) { return d >= isoDay(nowMs) })
  if (pending.indexOf(date) >= 0) return pending
  runAt(data, method, atMs, nowMs, { date: date })
  return pending.concat([date]).sort()
}

/** `scheduled` without `date`: its task is running now, so it is no longer pending. */
export function ranTask(scheduled: string[] | undefined, date: string): string[] | undefined {
  if (!scheduled) return undefined
  const left = scheduled.filter(function (d) { return d !== date })
  return left.length ? left : undefined
}
