/**
 * A free replacement for a lost delivery (support and owners, `customer.act`, with a reason): a
 * parcel of what the lost delivery held goes on the board of the first day the roastery can still
 * prepare (the lead time holds for staff too), as its own packing line marked as a replacement and
 * never charged. The customer's timeline and e-mail say so; the "on its way" e-mail follows when it
 * ships (shipments.ts).
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { firstChangeableDay, isoDay, Replacement } from 'BeanBloomSubscription'
import { complete, current } from '../subscription/customer-view'

/** Replacements the customer's state keeps (newest). */
export const REPLACEMENTS_KEPT = 20
const DAY_MS = 24 * 60 * 60 * 1000

export interface SendReplacementInput {
  /** The lost delivery's day, `YYYY-MM-DD`. */
  date: string
  reason: string
}

/** The first day from `fromMs` on which the customer has no replacement yet (one replacement line per customer and day). */
function freeDay(replacements: ReadonlyArray<Replacement>, fromMs: number): string {
  let ms = fromMs
  const taken = function (day: string): boolean { return replacements.some(function (r) { return r.date === day }) }
  while (taken(isoDay(ms))) ms += DAY_MS
  return isoDay(ms)
}

/**
 * WRITE (staff acting for the customer) {date, reason}: sends a free replacement for the customer's
 * delivery of `date`. 404 NOT_SHIPPED when no delivery of that day left the roastery; 409
 * ALREADY_REPLACED when one was sent for it already; 409 NO_ADDRESS without a delivery address.
 */
export async function sendReplacement(data: Data<SendReplacementInput>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const date = data.request.body ? String(data.request.body.date) : ''
  const lost = (view.deliveries || []).filter(function (d) { return d.date.slice(0, 10) === date })[0]
  if (!lost) {
    return refuse(data, 404, 'NOT_SHIPPED', 'No delivery of ' + date + ' left the roastery for this customer: only a shipped delivery can be replaced.', { field: 'date' })
  }
  const replacements = view.replacements || []
  if (replacements.some(function (r) { return r.forDate === lost.date })) {
    return refuse(data, 409, 'ALREADY_REPLACED', 'A replacement for the delivery of ' + date + ' has been sent already.', { field: 'date' })
  }
  if (!view.delivery) return refuse(data, 409, 'NO_ADDRESS', 'The customer has no delivery address to send a replacement to.')
  const day = freeDay(replacements, firstChangeableDay(nowMs))
  const replacement: Replacement = { date: day, forDate: lost.date, plan: lost.plan, grind: lost.grind, roast: lost.roast, bags: lost.bags, at: new Date(nowMs).toISOString() }
  const all = replacements.concat([replacement])
  view.replacements = all.slice(Math.max(0, all.length - REPLACEMENTS_KEPT))
  return complete(data, view, nowMs, { action: 'replacement', date: day, forDate: lost.date }, { kind: 'replacement', date: day, forDate: lost.date })
}
