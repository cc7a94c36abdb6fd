/**
 * Receipts and refunds of a customer's deliveries (the documents' contents are
 * BeanBloomSubscription's receipts.ts, their VAT its vat.ts):
 *
 * - When a delivery's payment succeeds (charges.ts), `issueReceipt` takes the next receipt number
 *   from the Numbering class (keyed by the delivery, so a retry gets the same number), keeps the
 *   receipt in the payment, shows it on the delivery's board and e-mails it.
 * - `refundPayment {deliveryId, amountCents, reason}` (the Roastery class only: staff refund from
 *   the board) checks the limit with this Account's own record, refunds through Stripe with an
 *   idempotency key, numbers the credit note (keyed by Stripe's refund id) and e-mails it.
 * - When the Numbering class cannot be reached, the money has still moved: the refund is kept and
 *   the `issueDocuments` task issues what is missing a minute later, and again until it can.
 * - A delivery that still shipped after its account was deleted is refunded from what the deletion
 *   kept (deleted-deliveries.ts); its credit note joins the documents tax law requires.
 */
import { appLink, refuse, respond, runIn } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import {
  BoardDocument, callOpening, cleanReason, deliveryIdFor, describeFailure, refundRefusal, succeeded,
} from 'BeanBloomBoard'
import { isPlatformCall } from 'BeanBloomIdentity'
import {
  CreditNote, creditNoteFor, DeliveryPayment, documentCustomer, DocumentLine, documentNumber, DocumentSeries, ExtraLine, extrasCents, findPlan, GRIND_LABELS, paymentOn,
  PLAN_LINE, postalAddressLines, preferencesFor, ReceiptDraft, receiptOf, refundedCents, ROAST_LABELS, splitGross, vatRateOf, withPayment,
} from 'BeanBloomSubscription'
import { current, CustomerView, store } from '../subscription/customer-view'
import { deletedDeliveryOn, deletedPaymentOn, keepDeletedPayment } from '../data-rights/deleted-deliveries'
import { retainDocument } from '../data-rights/deletion'
import { documentMail } from '../mail/document-email'
import { Locale, pathIn, storedLocale } from '../language'
import { queueMail } from '../mail/outbox'
import { forwardRefund, isAdoptedDelivery, isForwardedRefund } from './moved-refunds'
import { sellerOf } from './seller'
import { stripe, stripeFailure } from './stripe'
import { boardDocumentOf, tellBoard, tellBoardCreditNote } from './board-payment'

const rdk = new RDK()

export const NUMBERING_CLASS = 'Numbering'
export const NUMBERING_INSTANCE = 'seller'
export const ISSUE_DOCUMENTS_METHOD = 'issueDocuments'
/** Seconds before the task issues documents whose number could not be had. */
export const ISSUE_RETRY_SECONDS = 60

/** The document number of `key` in `series`, or undefined when the Numbering class could not be reached. */
export async function numberOf(series: DocumentSeries, key: string): Promise<string | undefined> {
  const call = function () {
    return rdk.methodCall({ classId: NUMBERING_CLASS, instanceId: NUMBERING_INSTANCE, methodName: 'nextNumber', body: { series: series, key: key } })
  }
  // The first document of the shop opens the numbering instance.
  const answer = await callOpening(call, function () { return rdk.getInstance({ classId: NUMBERING_CLASS, instanceId: NUMBERING_INSTANCE }) })
  const body = answer.body as { sequence?: unknown } | undefined
  if (!succeeded(answer) || !body || typeof body.sequence !== 'number') {
    console.error('[Account] no ' + series + ' number for ' + key + ': ' + describeFailure(answer))
    return undefined
  }
  return documentNumber(series, body.sequence)
}

function scheduleIssue(data: Data, date: string): void {
  runIn(data, ISSUE_DOCUMENTS_METHOD, ISSUE_RETRY_SECONDS, { date: date })
}

/** Where the customer reads a document on the website, when the project knows the app's address. */
export function documentUrl(number: string, locale: Locale | undefined): string | undefined {
  return appLink(pathIn(locale, '/account/receipts/' + encodeURIComponent(number)))
}

/** What the board keeps of a document (board-payment.ts; kept here for this module's callers). */
export { boardDocumentOf }

/**
 * The receipt of a paid delivery, but its number: the seller now, the customer's name and address,
 * the delivery's plan and coffee, the price split by the VAT of the country it goes to.
 */
export function receiptDraft(view: CustomerView, payment: DeliveryPayment): ReceiptDraft | undefined {
  const plan = findPlan(payment.plan)
  const address = view.delivery
  if (!plan || !address) return undefined
  const coffee = preferencesFor(plan, view.preferences)
  const coffeeRate = vatRateOf(address.country, 'coffee')
  const split = splitGross(payment.amountCents, coffeeRate)
  const draft: ReceiptDraft = {
    kind: 'receipt', deliveryId: payment.deliveryId, deliveryDate: payment.date, seller: sellerOf(), customer: { ...documentCustomer(address), address: postalAddressLines(address).slice(1) },
    item: { planId: plan.id, plan: plan.name, bags: plan.bags, bagGrams: plan.bagGrams, grind: GRIND_LABELS[coffee.grind], roast: ROAST_LABELS[coffee.roast] },
    currency: 'eur', grossCents: split.grossCents, netCents: split.netCents, vatCents: split.vatCents, vatRateBp: split.rateBp, vatCountry: address.country,
    paidWith: payment.method || 'Card', paidAt: payment.paidAt || payment.updatedAt,
  }
  const extras = payment.extras || []
  if (extras.length === 0) return draft
  // A line each, each with the VAT of what it is where it goes: the coffee's rate, or the standard rate.
  const lineOf = function (itemId: string, quantity: number, grossCents: number, rateBp: number, extra?: ExtraLine): DocumentLine {
    const part = splitGross(grossCents, rateBp)
    const line: DocumentLine = { itemId: itemId, quantity: quantity, grossCents: part.grossCents, netCents: part.netCents, vatCents: part.vatCents, vatRateBp: part.rateBp }
    if (extra) {
      line.name = extra.name
      if (extra.translations) line.translations = extra.translations
    }
    return line
  }
  const lines = [lineOf(PLAN_LINE, 1, payment.amountCents - extrasCents(extras), coffeeRate)].concat(extras.map(function (e) {
    return lineOf(e.itemId, e.quantity, e.unitCents * e.quantity, vatRateOf(address.country, e.vat), e)
  }))
  draft.lines = lines
  draft.netCents = lines.reduce(function (sum, l) { return sum + l.netCents }, 0)
  draft.vatCents = lines.reduce(function (sum, l) { return sum + l.vatCents }, 0)
  return draft
}

/** True for the payment of a delivery that still shipped after its account was deleted (kept apart from the new account). */
function isDeleted(data: Data, view: CustomerView, payment: DeliveryPayment): boolean {
  return !paymentOn(view.payments, payment.date) && deletedPaymentOn(data, payment.date) !== undefined
}

/** The payment of the delivery on `date` (ISO day): the customer's, or one a deletion kept. */
function paymentOf(data: Data, view: CustomerView, date: string): DeliveryPayment | undefined {
  return paymentOn(view.payments, date) || deletedPaymentOn(data, date)
}

function keep(data: Data, view: CustomerView, payment: DeliveryPayment): void {
  if (isDeleted(data, view, payment) && keepDeletedPayment(data, payment)) return
  view.payments = withPayment(view.payments, payment)
  store(data, view)
}

/**
 * Issues the receipt of a paid delivery once: numbers it, keeps it, e-mails it and (unless
 * `options.board` is false: the board itself is waiting on this Account, or the caller tells the
 * board the payment and its receipt in one call) shows it on the board.
 * @returns false when the number could not be had (a later issueDocuments task tries again)
 */
export async function issueReceipt(data: Data, view: CustomerView, payment: DeliveryPayment, nowMs: number, options: { board?: boolean } = {}): Promise<boolean> {
  if (payment.receipt || payment.status !== 'paid') return true
  const draft = receiptDraft(view, payment)
  if (!draft) {
    console.error('[Account] no receipt for ' + payment.deliveryId + ': its plan or the delivery address is missing')
    return true
  }
  const number = await numberOf('receipt', payment.deliveryId)
  if (!number) {
    scheduleIssue(data, payment.date)
    return false
  }
  payment.receipt = receiptOf(draft, number, new Date(nowMs).toISOString())
  keep(data, view, payment)
  if (options.board !== false) await tellBoard(data, payment)
  // A receipt is owed whatever the customer did: never held back by the hourly e-mail cap.
  queueMail(data, documentMail(payment.receipt, view.email, documentUrl(number, storedLocale(view)), storedLocale(view)), { owed: true })
  return true
}

/** Numbers, keeps and e-mails the credit note of `refund` (the payment's receipt is issued). */
async function issueCreditNote(data: Data, view: CustomerView, payment: DeliveryPayment, index: number, nowMs: number): Promise<CreditNote | undefined> {
  const refunds = payment.refunds || []
  const refund = refunds[index]
  const receipt = payment.receipt
  if (!refund || !receipt) return undefined
  if (refund.creditNote) return refund.creditNote
  const number = await numberOf('credit-note', refund.refundId)
  if (!number) {
    scheduleIssue(data, payment.date)
    return undefined
  }
  const before = refundedCents(refunds.slice(0, index))
  refund.creditNote = creditNoteFor(receipt, before, refund.amountCents, refund.reason, number, new Date(nowMs).toISOString())
  // A deleted account's credit note is kept with its receipt for tax law; no account page shows it.
  const deleted = isDeleted(data, view, payment)
  if (deleted) retainDocument(data, refund.creditNote)
  keep(data, view, payment)
  // A deleted account's customer is written to in the language kept with the delivery.
  const kept = deleted ? deletedDeliveryOn(data, payment.date) : undefined
  const locale = deleted ? (kept ? kept.locale : undefined) : storedLocale(view)
  queueMail(data, documentMail(refund.creditNote, view.email, deleted ? undefined : documentUrl(number, locale), locale), { owed: true })
  return refund.creditNote
}

/** The body's `date` as an ISO day. */
function isoDayOf(raw: unknown): string {
  const ms = typeof raw === 'string' ? Date.parse(raw.slice(0, 10) + 'T00:00:00.000Z') : NaN
  return isNaN(ms) ? '' : new Date(ms).toISOString()
}

/** WRITE (task) {date}: issues the receipt and the credit notes of that delivery still waiting for their number. */
export async function issueDocuments(data: Data<{ date: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const payment = paymentOf(data, view, isoDayOf(data.request.body ? data.request.body.date : ''))
  if (!payment) {
    respond(data, { issued: false })
    return data
  }
  const receiptDone = await issueReceipt(data, view, payment, nowMs)
  let notesDone = receiptDone
  if (receiptDone) {
    for (let i = 0; i < (payment.refunds || []).length; i++) {
      const note = await issueCreditNote(data, view, payment, i, nowMs)
      if (!note) {
        notesDone = false
        break
      }
      await tellBoardCreditNote(data, payment, note)
    }
  }
  respond(data, { issued: receiptDone && notesDone })
  return data
}

/** What `refundPayment` answers the Roastery. */
export interface RefundAnswer {
  refundId: string
  amountCents: number
  /** Refunded so far, this refund included. */
  refundedCents: number
  /** The receipt (when it was issued just now, so the board has it too) and the credit note (absent while its number is pending). */
  receipt?: BoardDocument
  creditNote?: BoardDocument
}

/**
 * WRITE (the Roastery class only) {deliveryId, amountCents, reason}: refunds part or all of a paid
 * delivery through Stripe (idempotency key: the delivery and the refund's ordinal, so a retried
 * call never refunds twice) and issues its credit note. 400 WRONG_DELIVERY, INVALID_AMOUNT,
 * INVALID_REASON; 409 NOT_REFUNDABLE, ALREADY_REFUNDED, REFUND_TOO_LARGE (this Account's own
 * record decides, whatever the board showed); 502 PAYMENT_PROVIDER_UNAVAILABLE (nothing refunded).
 */
export async function refundPayment(data: Data<{ deliveryId: string; amountCents: number; reason: string; hops?: number }>): Promise<Data> {
  if (!isPlatformCall(data.context, 'Roastery') && !isForwardedRefund(data)) return refuse(data, 403, 'FORBIDDEN', 'Only the roastery refunds deliveries')
  const body = data.request.body
  const deliveryId = body && typeof body.deliveryId === 'string' ? body.deliveryId : ''
  const day = deliveryId.slice(-10)
  const nowMs = Date.now()
  const view = current(data, nowMs)
  // A delivery that shipped before its customer moved: its payment went with them (moved-refunds.ts).
  if (deliveryId === deliveryIdFor(data.context.instanceId || '', day) && !paymentOf(data, view, day + 'T00:00:00.000Z')) {
    const forwarded = await forwardRefund(data, nowMs)
    if (forwarded) {
      data.response = forwarded
      return data
    }
  }
  if (deliveryId !== deliveryIdFor(data.context.instanceId || '', day) && !isAdoptedDelivery(data, deliveryId)) {
    return refuse(data, 400, 'WRONG_DELIVERY', 'Delivery ' + deliveryId + ' is not one of this customer’s deliveries.')
  }
  const reason = cleanReason(body ? body.reason : undefined)
  if ('message' in reason) return refuse(data, 400, 'INVALID_REASON', reason.message)
  const payment = paymentOf(data, view, day + 'T00:00:00.000Z')
  const amount = body ? body.amountCents : NaN
  const paid = !!payment && payment.status === 'paid' && !!payment.paymentIntentId
  const refusal = refundRefusal('delivery of ' + day, paid, payment ? payment.amountCents : 0, payment ? refundedCents(payment.refunds) : 0, amount)
  if (refusal) return refuse(data, refusal.status, refusal.code, refusal.message)
  const paidPayment = payment as DeliveryPayment
  const refunds = paidPayment.refunds || []
  let refundId: string
  try {
    const refund = await stripe().refunds.create({
      payment_intent: paidPayment.paymentIntentId as string, amount: amount,
      metadata: { deliveryId: deliveryId, reason: reason.reason },
    }, { idempotencyKey: deliveryId + '-refund-' + (refunds.length + 1) })
    refundId = refund.id
  } catch (err) {
    const failure = stripeFailure(err)
    console.error('[Account] the refund of ' + deliveryId + ' was not made: ' + failure.code)
    return refuse(data, 502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Our payment provider did not take the refund (' + failure.code + '). Nothing was refunded; try again in a moment.')
  }
  paidPayment.refunds = refunds.concat([{ refundId: refundId, amountCents: amount, reason: reason.reason, at: new Date(nowMs).toISOString() }])
  keep(data, view, paidPayment)
  // The board that asked is waiting on this call, so it takes the documents from the answer.
  await issueReceipt(data, view, paidPayment, nowMs, { board: false })
  const note = await issueCreditNote(data, view, paidPayment, paidPayment.refunds.length - 1, nowMs)
  const answer: RefundAnswer = { refundId: refundId, amountCents: amount, refundedCents: refundedCents(paidPayment.refunds) }
  if (paidPayment.receipt) answer.receipt = boardDocumentOf(paidPayment.receipt)
  if (note) answer.creditNote = boardDocumentOf(note)
  respond(data, answer)
  return data
}
