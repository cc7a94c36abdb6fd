/**
 * The delivery's payment on its day's board, where staff see what may ship. A busy board is asked
 * again at once; a board that stays out of reach is remembered and caught up by the board retry
 * task, so no payment outcome is lost on the board: a paid delivery never stays unshippable there.
 */
import RDK, { Data } from '@retter/rdk'
import { BoardDocument, callUntilFree, describeFailure, succeeded } from 'BeanBloomBoard'
import { CreditNote, DeliveryPayment, paymentOn, Receipt } from 'BeanBloomSubscription'
import { privateOf } from '../customer'
import { deletedPaymentOn } from '../data-rights/deleted-deliveries'
import { retryBoardsLater } from '../subscription/roastery-boards'
import { CustomerView } from '../subscription/customer-view'

const rdk = new RDK()

/** What the board keeps of a document. */
export function boardDocumentOf(doc: Receipt | CreditNote): BoardDocument {
  const kept: BoardDocument = {
    kind: doc.kind, number: doc.number, issuedAt: doc.issuedAt, grossCents: doc.grossCents, netCents: doc.netCents,
    vatCents: doc.vatCents, vatRateBp: doc.vatRateBp, vatCountry: doc.vatCountry,
  }
  if (doc.kind === 'receipt') kept.method = doc.paidWith
  else {
    kept.receiptNumber = doc.receiptNumber
    kept.reason = doc.reason
  }
  return kept
}

/** Notes whether the board of the delivery on `date` (the payment's ISO date) still lacks its payment. */
function remember(data: Data, date: string, untold: boolean): void {
  const priv = privateOf(data)
  const dates = (priv.untoldPayments || []).filter(function (d) { return d !== date })
  if (untold) dates.push(date)
  if (dates.length > 0) priv.untoldPayments = dates
  else delete priv.untoldPayments
}

/**
 * Shows the delivery's payment (its status, amount and receipt) on its day's board. Never throws: a
 * board that does not take it is logged, and the board retry task tells it again.
 * @returns whether the board took it
 */
export async function tellBoard(data: Data, payment: DeliveryPayment): Promise<boolean> {
  const day = payment.date.slice(0, 10)
  const body: { deliveryId: string; payment: string; amountCents: number; receipt?: BoardDocument } = {
    deliveryId: payment.deliveryId, payment: payment.status, amountCents: payment.amountCents,
  }
  if (payment.receipt) body.receipt = boardDocumentOf(payment.receipt)
  const answer = await callUntilFree(function () {
    return rdk.methodCall({ classId: 'Roastery', instanceId: day, methodName: 'setPayment', body: body })
  })
  const told = succeeded(answer)
  remember(data, payment.date, !told)
  if (!told) {
    console.error('[Account] the board of ' + day + ' did not take the payment of ' + payment.deliveryId + ': ' + describeFailure(answer))
    retryBoardsLater(data)
  }
  return told
}

/**
 * Tells the boards again the payments they did not take (as they stand now, not as they were).
 * @returns the days whose board still did not take them
 */
export async function retellPayments(data: Data, view: CustomerView): Promise<string[]> {
  const dates = (privateOf(data).untoldPayments || []).slice()
  const failed: string[] = []
  for (const date of dates) {
    const payment = paymentOn(view.payments, date) || deletedPaymentOn(data, date)
    if (!payment) remember(data, date, false)
    else if (!(await tellBoard(data, payment))) failed.push(date.slice(0, 10))
  }
  return failed
}
