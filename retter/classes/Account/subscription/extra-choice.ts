/**
 * Extras on one delivery: the customer adds one of the catalogue's extras on offer to an upcoming
 * delivery that may still change (until its final moment), or takes it off. Each is charged with
 * the delivery (one PaymentIntent), itemised on its receipt with its own VAT, and packed with it
 * (the board lists it). The price is the one the customer saw when adding it.
 */
import { refuse } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import {
  catalogueInUse, DeliveryExtras, deliveryToChange, ExtraLine, extraNamesOf, extrasOf, extrasOn, findExtra, MAX_EXTRA_LINES, quantityProblem, UpcomingDelivery, withExtraLine,
} from 'BeanBloomSubscription'
import { complete, current, CustomerView } from './customer-view'
import { deliveryTotal } from './delivery-extras'

/** The delivery of the body's `date` when it may still change and is not skipped; otherwise the refusal is answered. */
function deliveryFor(data: Data<{ date: string }>, view: CustomerView, nowMs: number): UpcomingDelivery | undefined {
  const body = data.request.body
  const found = deliveryToChange(view, body ? String(body.date) : '', nowMs)
  if ('refused' in found) {
    if (!found.refused.ok) refuse(data, 409, found.refused.code, found.refused.message)
    return undefined
  }
  if (found.delivery.skipped) {
    refuse(data, 409, 'DELIVERY_SKIPPED', 'The delivery of ' + found.delivery.date.slice(0, 10) + ' is skipped: bring it back before adding to it.')
    return undefined
  }
  return found.delivery
}

/** Stores `lines` as the extras of `day` and completes the change (which drops the days gone). */
function saved(data: Data, view: CustomerView, delivery: UpcomingDelivery, lines: ExtraLine[], line: ExtraLine, quantity: number, nowMs: number): Promise<Data> {
  const day = delivery.date.slice(0, 10)
  const extras: DeliveryExtras = Object.assign({}, view.extras)
  if (lines.length > 0) extras[day] = lines
  else delete extras[day]
  view.extras = extras
  const amountCents = deliveryTotal(view, delivery.date)
  return complete(
    data, view, nowMs, { action: 'extra', date: delivery.date, extra: line.name, extraNames: extraNamesOf(line), quantity: quantity },
    { kind: 'extra', date: delivery.date, line: line, quantity: quantity, amountCents: amountCents },
  )
}

/**
 * WRITE {date, itemId, quantity}: `quantity` (1 to MAX_EXTRA_QUANTITY) of the extra `itemId` on the
 * delivery of `date`, at its price now; a second call for the same extra sets its quantity (a
 * repeated request never doubles it). The skip's refusals for the date (409 NOT_ON_SCHEDULE,
 * TOO_LATE_TO_CHANGE, NO_SUBSCRIPTION…); 409 DELIVERY_SKIPPED; 400 INVALID_QUANTITY; 404
 * EXTRA_NOT_FOUND; 409 EXTRA_UNAVAILABLE, TOO_MANY_EXTRAS, NO_PAYMENT_METHOD (a gift's recipient
 * without a card of their own).
 */
export async function addExtra(data: Data<{ date: string; itemId: string; quantity: number }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const body = data.request.body
  const problem = quantityProblem(body ? body.quantity : undefined)
  if (problem) return refuse(data, 400, 'INVALID_QUANTITY', problem, { field: 'quantity' })
  const delivery = deliveryFor(data, view, nowMs)
  if (!delivery) return data
  // A customer whose gift pays their deliveries may have no card: extras are charged to their own.
  if (!view.paymentMethod) return refuse(data, 409, 'NO_PAYMENT_METHOD', 'Extras are charged to your own card or bank account with the delivery: add one first. Nothing changed.')
  const itemId = body && typeof body.itemId === 'string' ? body.itemId.trim() : ''
  const extra = findExtra(extrasOf(catalogueInUse()), itemId)
  if (!extra) return refuse(data, 404, 'EXTRA_NOT_FOUND', 'There is no extra ' + (itemId || '(none given)') + ' in the catalogue.', { field: 'itemId' })
  if (!extra.available) return refuse(data, 409, 'EXTRA_UNAVAILABLE', extra.name + ' is not on offer at the moment.', { field: 'itemId' })
  const before = extrasOn(view.extras, delivery.date)
  const there = before.some(function (l) { return l.itemId === extra.id })
  if (!there && before.length >= MAX_EXTRA_LINES) {
    return refuse(data, 409, 'TOO_MANY_EXTRAS', 'The delivery of ' + delivery.date.slice(0, 10) + ' has ' + MAX_EXTRA_LINES + ' different extras already, as many as one delivery takes.')
  }
  const quantity = (body as { quantity: number }).quantity
  const lines = withExtraLine(before, extra, quantity)
  return saved(data, view, delivery, lines, lines.filter(function (l) { return l.itemId === extra.id })[0] as ExtraLine, quantity, nowMs)
}

/**
 * WRITE {date, itemId}: takes the extra `itemId` off the delivery of `date`. The same refusals for
 * the date as addExtra; 404 EXTRA_NOT_ON_DELIVERY.
 */
export async function removeExtra(data: Data<{ date: string; itemId: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const delivery = deliveryFor(data, view, nowMs)
  if (!delivery) return data
  const body = data.request.body
  const itemId = body && typeof body.itemId === 'string' ? body.itemId.trim() : ''
  const before = extrasOn(view.extras, delivery.date)
  const line = before.filter(function (l) { return l.itemId === itemId })[0]
  if (!line) return refuse(data, 404, 'EXTRA_NOT_ON_DELIVERY', 'The delivery of ' + delivery.date.slice(0, 10) + ' has no extra ' + (itemId || '(none given)') + '.', { field: 'itemId' })
  return saved(data, view, delivery, before.filter(function (l) { return l !== line }), line, 0, nowMs)
}
