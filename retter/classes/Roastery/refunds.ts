/**
 * Refunds by staff (staff only, the authorizer): a delivery on this day's board refunded in full or
 * in part, with a reason. The customer's Account makes the refund (Stripe, the credit note, the
 * e-mail) and is the record that decides the limit; the board checks the same rule first with its
 * own copy, so an obvious mistake is refused without a call, and records the refund once the
 * Account made it. A second refund of the same delivery waits for the first (Retter runs one WRITE
 * of an instance at a time), so two staff members clicking at once can never refund twice.
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { BoardDocument, accountOf, addRefund, callUntilFree, cleanReason, deliveryOn, describeFailure, paidForShipping, refundRefusal, setDeliveryMoney, succeeded } from 'BeanBloomBoard'
import { ACCOUNT_CLASS, boardOf, dateOf, storeBoard } from './day'

const rdk = new RDK()

/** The Account method that refunds (Roastery calls only). */
export const REFUND_PAYMENT_METHOD = 'refundPayment'


/**
 * WRITE (staff) {deliveryId, amountCents, reason}: refunds `amountCents` of the delivery's payment.
 * Answers 200 `{deliveryId, amountCents, refundedCents, creditNote?}` (the credit note is absent
 * while its number is pending; the customer's Account issues it within minutes). 404 NOT_ON_BOARD;
 * 400 INVALID_AMOUNT, INVALID_REASON; 409 NOT_REFUNDABLE, ALREADY_REFUNDED, REFUND_TOO_LARGE with
 * what can still be refunded; 502 from the payment provider and 503 REFUND_NOT_MADE when the
 * customer's Account could not be reached (in both, nothing was refunded).
 */
export async function refundDelivery(data: Data<{ deliveryId: string; amountCents: number; reason: string }>): Promise<Data> {
  const body = data.request.body
  const deliveryId = body && typeof body.deliveryId === 'string' ? body.deliveryId : ''
  const board = boardOf(data)
  const delivery = deliveryOn(board, deliveryId)
  if (!delivery) return refuse(data, 404, 'NOT_ON_BOARD', 'There is no delivery ' + deliveryId + ' on ' + dateOf(data) + '.')
  const reason = cleanReason(body ? body.reason : undefined)
  if ('message' in reason) return refuse(data, 400, 'INVALID_REASON', reason.message)
  const amount = body ? body.amountCents : NaN
  const what = 'delivery ' + deliveryId
  // A SEPA debit still settling shipped under its mandate, but is not money yet: refund it once paid.
  const paid = delivery.payment === 'paid' && paidForShipping(delivery.payment)
  const refusal = refundRefusal(what, paid, delivery.amountCents || 0, delivery.refundedCents || 0, amount)
  if (refusal) return refuse(data, refusal.status, refusal.code, refusal.message)
  const reply = await callUntilFree(function () {
    return rdk.methodCall({
      classId: ACCOUNT_CLASS, instanceId: accountOf(deliveryId), methodName: REFUND_PAYMENT_METHOD,
      body: { deliveryId: deliveryId, amountCents: amount, reason: reason.reason },
    })
  })
  if (!succeeded(reply)) {
    console.error('[Roastery] ' + dateOf(data) + ': the refund of ' + deliveryId + ' was not made: ' + describeFailure(reply))
    const refused = reply.body as { code?: unknown; message?: unknown } | undefined
    if (reply.statusCode >= 400 && reply.statusCode < 500 && refused && typeof refused.code === 'string') {
      // The Account's own record refused it (e.g. refunded meanwhile): its words, with its status.
      return refuse(data, reply.statusCode, refused.code, String(refused.message || ''))
    }
    if (reply.statusCode === 502) return respond(data, reply.body, 502)
    return refuse(data, 503, 'REFUND_NOT_MADE', 'The customer’s account could not be reached, so nothing was refunded. Try again in a moment.')
  }
  const made = reply.body as { amountCents: number; refundedCents: number; receipt?: BoardDocument; creditNote?: BoardDocument }
  const nowIso = new Date(Date.now()).toISOString()
  let next = addRefund(board, deliveryId, made.amountCents, made.creditNote, nowIso)
  if (made.receipt) next = setDeliveryMoney(next, deliveryId, { receipt: made.receipt }, nowIso).board
  storeBoard(data, next)
  const shown = deliveryOn(next, deliveryId)
  return respond(data, {
    deliveryId: deliveryId, amountCents: made.amountCents, refundedCents: shown ? shown.refundedCents || 0 : made.refundedCents,
    creditNote: made.creditNote,
  })
}
