/** What customers' Accounts do to boards: put their delivery on a day, change it, or take it off. */
import { refuse, respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { BoardDeliveryInput, BoardDocument, BoardPayment, accountOf, addCreditNote, deliveryIdFor, isDeliveryOfDay, removeDelivery, setDeliveryMoney, setDeliveryPayment, upsertDelivery } from 'BeanBloomBoard'
import { boardOf, dateOf, storeBoard } from './day'

/**
 * Refuses (and answers) a delivery of another day (400 WRONG_DAY) or of another Account than the
 * caller (403). A free replacement of the day passes only where `replacements` says so: it has no payment.
 */
function refusedDelivery(data: Data, deliveryId: string, replacements = false): boolean {
  const date = dateOf(data)
  const ofDay = replacements ? isDeliveryOfDay(deliveryId, date) : deliveryId === deliveryIdFor(accountOf(deliveryId), date)
  if (!ofDay) {
    refuse(data, 400, 'WRONG_DAY', 'Delivery ' + deliveryId + ' is not due on ' + date + '.')
    return true
  }
  const caller = data.context.refererInstanceId
  if (caller && caller !== accountOf(deliveryId)) {
    refuse(data, 403, 'FORBIDDEN', 'An Account may only change its own deliveries.')
    return true
  }
  return false
}

/**
 * WRITE (Account class only) {deliveryId, delivery}: puts the customer's delivery on this day's
 * board (`delivery`) or takes it off (`delivery: null`), or a free replacement staff send (its own
 * line, `replacementFor`: paid for shipping, never charged). A shipped delivery stays as it left. 400
 * WRONG_DAY for a delivery of another day; 403 for an Account touching another customer's delivery.
 */
export async function syncDelivery(data: Data<{ deliveryId: string; delivery: BoardDeliveryInput | null }>): Promise<Data> {
  const body = data.request.body
  const deliveryId = body ? body.deliveryId : ''
  if (refusedDelivery(data, deliveryId, true)) return data
  const nowIso = new Date(Date.now()).toISOString()
  const board = boardOf(data)
  const result = body && body.delivery ? upsertDelivery(board, deliveryId, body.delivery, nowIso) : removeDelivery(board, deliveryId, nowIso)
  if (result.board !== board) storeBoard(data, result.board)
  respond(data, { outcome: result.outcome })
  return data
}

/**
 * WRITE (Account class only) {deliveryId, payment, amountCents?, receipt?, creditNote?}: shows the
 * delivery's payment on the board, so staff see what may ship, and its money (what it was charged,
 * its receipt, a credit note numbered late) for the money view, also once it shipped. Changes
 * nothing for a delivery not on the board. Same checks as syncDelivery.
 */
export async function setPayment(data: Data<{ deliveryId: string; payment: BoardPayment; amountCents?: number; receipt?: BoardDocument; creditNote?: BoardDocument }>): Promise<Data> {
  const body = data.request.body
  const deliveryId = body ? body.deliveryId : ''
  if (!body || refusedDelivery(data, deliveryId)) return data
  const board = boardOf(data)
  const nowIso = new Date(Date.now()).toISOString()
  const result = setDeliveryPayment(board, deliveryId, body.payment, nowIso)
  let next = setDeliveryMoney(result.board, deliveryId, { amountCents: body.amountCents, receipt: body.receipt }, nowIso).board
  if (body.creditNote) next = addCreditNote(next, deliveryId, body.creditNote, nowIso)
  if (next !== board) storeBoard(data, next)
  respond(data, { outcome: result.outcome })
  return data
}
