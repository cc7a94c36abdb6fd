/**
 * Deliveries that left the roastery: the Roastery class calls `recordShipment` when staff mark a
 * delivery shipped, and the customer's history (`deliveries` in their user state) and their "your
 * coffee is on its way" e-mail follow. A shipped delivery is final for the customer too.
 */
import { refuse, respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { ShipmentRecord, ShippedDelivery, deliveryIdFor, replacementIdFor, shippedDeliveryOf } from 'BeanBloomBoard'
import { isPlatformCall } from 'BeanBloomIdentity'
import { isShippable, owesPayment, paymentOn, paymentStatusText } from 'BeanBloomSubscription'
import { complete, current } from './customer-view'
import { deletedDeliveryOn, shipDeletedDelivery } from '../data-rights/deleted-deliveries'
import { ROASTERY_CLASS, shippedDays } from './roastery-boards'

/** Shipped deliveries the customer's history keeps (a year of weekly deliveries). */
export const DELIVERY_HISTORY_LIMIT = 52

/** What the Roastery sends (the BeanBloomBoard dependency's record of a shipment). */
export type ShipmentInput = ShipmentRecord

/** True when the customer's delivery on `date` (an ISO day or `YYYY-MM-DD`) has left the roastery. */
export function isShipped(customer: { deliveries?: ShippedDelivery[] }, date: string): boolean {
  return shippedDays(customer).indexOf(date.slice(0, 10)) >= 0
}

/**
 * WRITE (the Roastery class only; the authorizer admits platform calls, this checks which class)
 * {deliveryId, date, plan, grind, roast, bags, shippedAt, tracking?}: adds the delivery to the customer's
 * `deliveries` and e-mails them that it is on its way. Recording the same delivery again changes
 * nothing and sends nothing. 400 WRONG_DELIVERY for another Account's or another day's delivery;
 * 409 SKIPPED for a delivery the customer skipped and 409 NOT_PAID for one not paid, or while an
 * earlier delivery that left is owed (checked here, with the Account's own record, whatever the
 * board showed). A delivery that still shipped after its account was deleted is shipped from what
 * the deletion kept (deleted-deliveries.ts).
 */
export async function recordShipment(data: Data<ShipmentInput>): Promise<Data> {
  if (!isPlatformCall(data.context, ROASTERY_CLASS)) {
    return refuse(data, 403, 'FORBIDDEN', 'Only the roastery records shipments')
  }
  const input = data.request.body as ShipmentInput
  if (input.deliveryId === replacementIdFor(data.context.instanceId || '', input.date)) return recordReplacementShipment(data, input)
  if (input.deliveryId !== deliveryIdFor(data.context.instanceId || '', input.date)) {
    return refuse(data, 400, 'WRONG_DELIVERY', 'Delivery ' + input.deliveryId + ' is not this customer’s delivery of ' + input.date + '.')
  }
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const day = input.date + 'T00:00:00.000Z'
  // A delivery that still ships after its account was deleted is kept apart from the new account.
  const deleted = paymentOn(view.payments, day) ? undefined : deletedDeliveryOn(data, day)
  if (deleted) return shipDeletedDelivery(data, view, deleted, input.shippedAt)
  if (isShipped(view, day)) {
    respond(data, view)
    return data
  }
  if ((view.skipped || []).indexOf(day) >= 0) {
    return refuse(data, 409, 'SKIPPED', 'The customer skipped their delivery of ' + input.date + ', so it must not be shipped.')
  }
  const payment = paymentOn(view.payments, day)
  if (!payment || !isShippable(payment.status)) {
    return refuse(data, 409, 'NOT_PAID', 'The delivery of ' + input.date + ' is not paid' + (payment ? ' (' + paymentStatusText(payment.status).toLowerCase() + ')' : '') + ', so it cannot be shipped.')
  }
  // A delivery that left without its money holds every other one until it is paid (charges.ts).
  if (owesPayment(view.payments)) {
    return refuse(data, 409, 'NOT_PAID', 'The customer owes an earlier delivery that was shipped unpaid, so the delivery of ' + input.date + ' waits until that is paid.')
  }
  const shipped = shippedDeliveryOf(input, day)
  const all = (view.deliveries || []).concat([shipped])
  view.deliveries = all.slice(Math.max(0, all.length - DELIVERY_HISTORY_LIMIT))
  // The board already shows it shipped, and its Roastery is waiting on this call: no board update.
  return complete(data, view, nowMs, { action: 'shipped', date: day }, { kind: 'shipped', date: day, shippedAt: input.shippedAt, tracking: shipped.tracking }, { boards: false })
}

/**
 * A free replacement left the roastery: it is marked shipped (never charged, so nothing to check
 * but that staff sent it), and the customer gets the "on its way" e-mail. 400 WRONG_DELIVERY when
 * no replacement ships that day.
 */
async function recordReplacementShipment(data: Data<ShipmentInput>, input: ShipmentInput): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const day = input.date + 'T00:00:00.000Z'
  const replacement = (view.replacements || []).filter(function (r) { return r.date === day })[0]
  if (!replacement) return refuse(data, 400, 'WRONG_DELIVERY', 'This customer has no replacement shipping on ' + input.date + '.')
  if (replacement.shippedAt) {
    respond(data, view)
    return data
  }
  replacement.shippedAt = input.shippedAt
  if (input.tracking) replacement.tracking = { carrier: input.tracking.carrier, number: input.tracking.number }
  return complete(data, view, nowMs, { action: 'replacement-shipped', date: day, forDate: replacement.forDate }, { kind: 'shipped', date: day, shippedAt: input.shippedAt, tracking: replacement.tracking }, { boards: false })
}
