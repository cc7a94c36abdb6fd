/**
 * The extras on a customer's deliveries as they read them and as they are charged: each upcoming
 * delivery names its extras, the view lists the extras on offer, and a delivery's total is its
 * plan's price plus its extras. Nothing here changes state (extra-choice.ts does).
 */
import {
  catalogueInUse, deliveryPrice, Extra, ExtraLine, extrasCents, extrasOf, extrasOn, DeliveryExtras, firstChangeableDay, isoDay, priceNoticeDays, ScheduleSegment,
  UpcomingDelivery,
} from 'BeanBloomSubscription'

/** An extra a customer may add, as their view lists it. */
export type ExtraOption = Pick<Extra, 'id' | 'name' | 'description' | 'amountCents' | 'translations'>

/** The extras on offer now. */
export function extraOptions(): ExtraOption[] {
  return extrasOf(catalogueInUse()).filter(function (e) { return e.available }).map(function (e) {
    return { id: e.id, name: e.name, description: e.description, amountCents: e.amountCents, translations: e.translations }
  })
}

/**
 * What the delivery on `date` costs: its plan's price in force for it, plus its extras. Undefined
 * when the day has no delivery on a plan the catalogue knows.
 */
export function deliveryTotal(view: { segments?: ScheduleSegment[]; extras?: DeliveryExtras }, date: string): number | undefined {
  const plan = deliveryPrice(view.segments || [], date, priceNoticeDays())
  return plan === undefined ? undefined : plan + extrasCents(extrasOn(view.extras, date))
}

/**
 * `extras` with only the days that still have a delivery (one of `upcoming`, skipped or not) or are
 * being prepared (from today to the first day a change may reach); days gone are dropped. A plan
 * change or a cancellation that takes a delivery away takes its extras too, so a later change
 * bringing the day back never brings them back, to be charged. Undefined when there are none.
 */
export function extrasOnDeliveries(extras: DeliveryExtras | undefined, upcoming: ReadonlyArray<UpcomingDelivery> | undefined, nowMs: number): DeliveryExtras | undefined {
  if (!extras) return undefined
  const listed = (upcoming || []).map(function (d) { return d.date.slice(0, 10) })
  const today = isoDay(nowMs).slice(0, 10)
  const prepared = isoDay(firstChangeableDay(nowMs)).slice(0, 10)
  const out: DeliveryExtras = {}
  for (const day in extras) {
    const lines = extras[day] as ExtraLine[]
    if (lines.length > 0 && day >= today && (day < prepared || listed.indexOf(day) >= 0)) out[day] = lines
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** Names each upcoming delivery's extras on `view` (in place), and the extras on offer. */
export function withExtras<V extends { status?: string; upcomingDeliveries?: UpcomingDelivery[]; extras?: DeliveryExtras; extraOptions?: ExtraOption[] }>(view: V): V {
  const live = view.status === 'active' || view.status === 'paused'
  const options = live ? extraOptions() : []
  if (options.length > 0) view.extraOptions = options
  else delete view.extraOptions
  for (const delivery of view.upcomingDeliveries || []) {
    const lines: ExtraLine[] = extrasOn(view.extras, delivery.date)
    if (lines.length > 0) delivery.extras = lines
    else delete delivery.extras
  }
  return view
}
