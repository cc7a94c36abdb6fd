/**
 * The delivery's payment on its day's board, where staff see what may ship. A busy board is asked
 * again at once; a board that stays out of reach is remembered and caught up by the board retry
 * task, so no payment outcome is lost on the board: a paid delivery never stays unshippable there.
 */
import RDK, { CloudObjectResponse, Data } from '@retter/rdk'
import { BoardDocument, callUntilFree, describeFailure, succeeded } from 'BeanBloomBoard'
import { CreditNote, DeliveryPayment, PaymentRefund, paymentOn, Receipt, vatByRate } from 'BeanBloomSubscription'
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
  // A document of lines keeps its VAT by rate, whichever rates its lines carry: the money view and
  // the CSV count each rate apart (a credit note of an extra alone is at the extra's rate).
  if (doc.lines && doc.lines.length > 0) kept.vatLines = vatByRate(doc)
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

/** One `setPayment` on the delivery's day board, with its status and `extra`; waits out a busy board. */
async function sendToBoard(payment: DeliveryPayment, extra: { amountCents?: number; receipt?: BoardDocument; creditNote?: BoardDocument }): Promise<CloudObjectResponse> {
  const body: { [key: string]: unknown } = { deliveryId: payment.deliveryId, payment: payment.status }
  for (const key in extra) body[key] = extra[key as keyof typeof extra]
  return callUntilFree(function () {
    return rdk.methodCall({ classId: 'Roastery', instanceId: payment.date.slice(0, 10), methodName: 'setPayment', body: body })
  })
}

function paymentOnBoard(payment: DeliveryPayment): { amountCents: number; receipt?: BoardDocument } {
  return payment.receipt ? { amountCents: payment.amountCents, receipt: boardDocumentOf(payment.receipt) } : { amountCents: payment.amountCents }
}

/** Logs what a board did not take and has the retry task tell it again. */
function untold(data: Data, payment: DeliveryPayment, what: string, answer: CloudObjectResponse): false {
  console.error('[Account] the board of ' + payment.date.slice(0, 10) + ' did not take ' + what + ': ' + describeFailure(answer))
  remember(data, payment.date, true)
  retryBoardsLater(data)
  return false
}

/**
 * Shows the delivery's payment (its status, amount and receipt) on its day's board. Never throws: a
 * board that does not take it is logged, and the board retry task tells it again.
 * @returns whether the board took it
 */
export async function tellBoard(data: Data, payment: DeliveryPayment): Promise<boolean> {
  const answer = await sendToBoard(payment, paymentOnBoard(payment))
  if (!succeeded(answer)) return untold(data, payment, 'the payment of ' + payment.deliveryId, answer)
  remember(data, payment.date, false)
  return true
}

/** Adds a credit note numbered after its refund to the delivery's board; one the board misses is told again like a payment. */
export async function tellBoardCreditNote(data: Data, payment: DeliveryPayment, note: CreditNote): Promise<boolean> {
  const answer = await sendToBoard(payment, { creditNote: boardDocumentOf(note) })
  return succeeded(answer) || untold(data, payment, 'credit note ' + note.number, answer)
}

/**
 * Tells the boards again the payments they did not take, as they stand now (status, amount,
 * receipt and every credit note; a board keeps a credit note once).
 * @returns the days whose board still did not take them
 */
export async function retellPayments(data: Data, view: CustomerView): Promise<string[]> {
  const dates = (privateOf(data).untoldPayments || []).slice()
  const failed: string[] = []
  for (const date of dates) {
    const payment = paymentOn(view.payments, date) || deletedPaymentOn(data, date)
    if (!payment) {
      remember(data, date, false)
      continue
    }
    let told = await tellBoard(data, payment)
    const refunds = payment.refunds || []
    for (let i = 0; told && i < refunds.length; i++) {
      const note = (refunds[i] as PaymentRefund).creditNote
      if (note) told = await tellBoardCreditNote(data, payment, note)
    }
    if (!told) failed.push(date.slice(0, 10))
  }
  return failed
}
