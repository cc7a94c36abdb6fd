/**
 * The weekdays customers may have their deliveries arrive on (DELIVERY_WEEKDAYS in the project
 * environment; every day when unset), and the delivery day the customer's view states. Reads
 * only: delivery-day.ts changes the day.
 */
import { listSetting, refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { segmentOn, SubscriptionFields, Weekday, WEEKDAYS, weekdayOf } from 'BeanBloomSubscription'

// A name that is no weekday is reported once, not on every read.
const reported: { [name: string]: true } = {}

/** The weekdays the shop delivers on, Monday first. */
export function offeredWeekdays(): Weekday[] {
  const named = listSetting('DELIVERY_WEEKDAYS').map(function (name) { return name.toLowerCase() })
  const known = named.filter(function (name) {
    const ok = (WEEKDAYS as ReadonlyArray<string>).indexOf(name) >= 0
    if (!ok && !reported[name]) {
      reported[name] = true
      console.error('[env] DELIVERY_WEEKDAYS names "' + name + '", which is no weekday (monday … sunday): ignored')
    }
    return ok
  })
  const mondayFirst = WEEKDAYS.slice(1).concat(WEEKDAYS.slice(0, 1))
  return mondayFirst.filter(function (day) { return known.length === 0 || known.indexOf(day) >= 0 })
}

/**
 * States on `view` (in place) the weekday its deliveries arrive on (that of the last one listed
 * that was not moved on its own, past any that was already being prepared when the day changed)
 * and the weekdays it may move to.
 */
export function withDeliveryDays<V extends SubscriptionFields & { deliveryWeekday?: Weekday; deliveryWeekdays?: Weekday[] }>(view: V): V {
  const segments = view.segments || []
  const upcoming = (view.upcomingDeliveries || []).filter(function (d) { const at = segmentOn(segments, d.date); return !at || !at.moved })
  const last = upcoming[upcoming.length - 1]
  if ((view.status === 'active' || view.status === 'paused') && last) {
    view.deliveryWeekday = weekdayOf(last.date)
    view.deliveryWeekdays = offeredWeekdays()
  } else {
    delete view.deliveryWeekday
    delete view.deliveryWeekdays
  }
  return view
}

/** A weekday in words for a refusal ("Friday"). */
function named(day: string): string {
  return day.charAt(0).toUpperCase() + day.slice(1)
}

/** The refusal of a day the shop does not deliver on (409 DAY_NOT_OFFERED), naming the days it does; `field`: the input that named it. */
export function dayNotOffered(data: Data, weekday: Weekday, field: string): Data {
  return refuse(data, 409, 'DAY_NOT_OFFERED', 'We do not deliver on ' + named(weekday) + 's. Choose one of: ' + offeredWeekdays().map(named).join(', ') + '.', { field: field })
}
