/**
 * Marking deliveries shipped (staff only). The customer's Account records the delivery first (its
 * `deliveries` history, and the "on its way" e-mail); only once it has does the board mark it
 * shipped. So a board never shows a parcel as shipped that its customer will not hear about: when
 * the Account cannot be reached, nothing changes and staff may simply try again.
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import {
  Board, BoardDelivery, accountOf, callUntilFree, cleanTracking, deliveryOn, describeFailure, paidForShipping, setDeliveryTracking, shipDelivery, shipmentOf, succeeded,
} from 'BeanBloomBoard'
import { ACCOUNT_CLASS, boardOf, dateOf, storeBoard } from './day'

const rdk = new RDK()

/** The Account method that records a shipment (platform calls only). */
export const RECORD_SHIPMENT_METHOD = 'recordShipment'
/** Accounts told at once by "mark all shipped" (each call sends an e-mail). */
export const SHIP_ALL_CONCURRENCY = 4

/**
 * Tells the delivery's Account it was shipped: 'recorded' once the Account has recorded it,
 * 'refused' when the Account says it must not ship (skipped or not paid, by its own record),
 * 'failed' when it could not be reached.
 */
async function recordShipment(date: string, delivery: BoardDelivery, shippedAt: string): Promise<'recorded' | 'refused' | 'failed'> {
  const record = shipmentOf(date, delivery, shippedAt)
  const answer = await callUntilFree(function () {
    return rdk.methodCall({ classId: ACCOUNT_CLASS, instanceId: accountOf(delivery.deliveryId), methodName: RECORD_SHIPMENT_METHOD, body: record })
  })
  if (succeeded(answer)) return 'recorded'
  // The function log gets the delivery id (an HMAC) and the status, never a name or an address.
  console.error('[Roastery] ' + date + ': the shipment of ' + delivery.deliveryId + ' could not be recorded: ' + describeFailure(answer))
  return answer.statusCode === 409 ? 'refused' : 'failed'
}

function notPaid(data: Data, deliveryId: string): Data {
  refuse(data, 409, 'NOT_PAID', 'Delivery ' + deliveryId + ' is not paid, so it cannot be shipped. It stays on hold until its customer pays.')
  return data
}

/**
 * WRITE (staff) {deliveryId}: marks one delivery shipped. 404 NOT_ON_BOARD for a delivery not on
 * this day; 409 NOT_PAID for one not paid (the board's record, then the Account's own); 503
 * SHIPMENT_NOT_RECORDED when the customer's Account could not record it (nothing changed). Marking a shipped delivery again changes nothing and e-mails nobody.
 */
export async function markShipped(data: Data<{ deliveryId: string }>): Promise<Data> {
  const deliveryId = data.request.body ? data.request.body.deliveryId : ''
  const board = boardOf(data)
  const delivery = deliveryOn(board, deliveryId)
  if (!delivery) {
    refuse(data, 404, 'NOT_ON_BOARD', 'There is no delivery ' + deliveryId + ' on ' + dateOf(data) + '.')
    return data
  }
  if (delivery.status === 'shipped') {
    respond(data, { deliveryId: deliveryId, status: 'shipped', shippedAt: delivery.shippedAt })
    return data
  }
  if (!paidForShipping(delivery.payment)) return notPaid(data, deliveryId)
  const shippedAt = new Date(Date.now()).toISOString()
  const outcome = await recordShipment(dateOf(data), delivery, shippedAt)
  if (outcome === 'refused') return notPaid(data, deliveryId)
  if (outcome === 'failed') {
    refuse(data, 503, 'SHIPMENT_NOT_RECORDED', 'The customer’s account could not be updated, so the delivery is not marked shipped. Try again in a moment.')
    return data
  }
  storeBoard(data, shipDelivery(board, deliveryId, shippedAt).board)
  respond(data, { deliveryId: deliveryId, status: 'shipped', shippedAt: shippedAt })
  return data
}

/**
 * WRITE (staff): marks every delivery of the day that is still scheduled and paid shipped, a few
 * Accounts at a time; deliveries not paid stay on hold (`onHold` counts them). Answers 200
 * `{shipped, failed: [], onHold}`; when some Accounts could not record theirs, 503
 * SOME_NOT_RECORDED with the ids that stay scheduled (the others are shipped: try again for the rest).
 */
export async function markAllShipped(data: Data): Promise<Data> {
  const date = dateOf(data)
  const scheduled = boardOf(data).deliveries.filter(function (d) { return d.status === 'scheduled' })
  const pending = scheduled.filter(function (d) { return paidForShipping(d.payment) })
  const onHold = scheduled.length - pending.length
  const shippedAt = new Date(Date.now()).toISOString()
  const recorded: string[] = []
  const failed: string[] = []
  let refused = 0
  let next = 0
  async function lane(): Promise<void> {
    while (next < pending.length) {
      const delivery = pending[next++] as BoardDelivery
      const outcome = await recordShipment(date, delivery, shippedAt)
      if (outcome === 'recorded') recorded.push(delivery.deliveryId)
      else if (outcome === 'refused') refused++
      else failed.push(delivery.deliveryId)
    }
  }
  const lanes: Promise<void>[] = []
  for (let i = 0; i < Math.min(SHIP_ALL_CONCURRENCY, pending.length); i++) lanes.push(lane())
  await Promise.all(lanes)
  let board: Board = boardOf(data)
  for (const id of recorded) board = shipDelivery(board, id, shippedAt).board
  if (recorded.length > 0) storeBoard(data, board)
  if (failed.length > 0) {
    refuse(data, 503, 'SOME_NOT_RECORDED', failed.length + ' of ' + pending.length + ' deliveries could not be recorded in their customers’ accounts and are still scheduled. Try again in a moment.', { shipped: recorded.length, failed: failed, onHold: onHold + refused })
    return data
  }
  respond(data, { shipped: recorded.length, failed: [], onHold: onHold + refused })
  return data
}

/** Parcels whose tracking one call may set (a day's labels from a carrier's export). */
export const TRACKING_BATCH_MAX = 500

/** One parcel's tracking as staff send it. */
export interface TrackingEntry {
  deliveryId: string
  carrier: string
  trackingNumber: string
}

/**
 * WRITE (staff) {entries: [{deliveryId, carrier, trackingNumber}]}: records each parcel's carrier
 * and tracking number on the board, one at a time from the page or a whole carrier's CSV, so that
 * marking it shipped sends them in the customer's "on its way" e-mail. All or nothing: the first
 * entry that cannot be used is refused, naming its row and field, and nothing changes (400
 * INVALID_CARRIER / INVALID_TRACKING_NUMBER / INVALID_TRACKING_BATCH, 404 NOT_ON_BOARD, 409
 * ALREADY_SHIPPED: the e-mail has gone). Answers {updated}: the entries that changed something.
 */
export async function setTracking(data: Data<{ entries: TrackingEntry[] }>): Promise<Data> {
  const entries = data.request.body && Array.isArray(data.request.body.entries) ? data.request.body.entries : []
  if (entries.length < 1 || entries.length > TRACKING_BATCH_MAX) {
    refuse(data, 400, 'INVALID_TRACKING_BATCH', 'Send 1 to ' + TRACKING_BATCH_MAX + ' parcels (entries), not ' + entries.length + '.')
    return data
  }
  const nowIso = new Date(Date.now()).toISOString()
  let board = boardOf(data)
  let updated = 0
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as TrackingEntry
    const row = entries.length > 1 ? 'Row ' + (i + 1) + ' (delivery ' + entry.deliveryId + '): ' : ''
    const cleaned = cleanTracking(entry.carrier, entry.trackingNumber)
    if ('refusal' in cleaned) {
      respond(data, { code: cleaned.refusal.code, field: cleaned.refusal.field, row: i + 1, message: row + cleaned.refusal.message }, 400)
      return data
    }
    const result = setDeliveryTracking(board, entry.deliveryId, cleaned.tracking, nowIso)
    if (result.outcome === 'absent') {
      respond(data, { code: 'NOT_ON_BOARD', field: 'deliveryId', row: i + 1, message: row + 'There is no delivery ' + entry.deliveryId + ' on ' + dateOf(data) + '.' }, 404)
      return data
    }
    if (result.outcome === 'shipped') {
      respond(data, { code: 'ALREADY_SHIPPED', field: 'deliveryId', row: i + 1, message: row + 'Delivery ' + entry.deliveryId + ' is already shipped and its customer told; enter tracking before marking a parcel shipped.' }, 409)
      return data
    }
    if (result.outcome === 'changed') updated++
    board = result.board
  }
  if (updated > 0) storeBoard(data, board)
  respond(data, { updated: updated })
  return data
}
