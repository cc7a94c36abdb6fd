/**
 * Receipts and credit notes: what they say, as plain values. The Account class issues them (a
 * receipt when a delivery's payment succeeds, a credit note for each refund) and keeps them in the
 * customer's payments; the e-mails and the printable page on /account show them with `documentLines`.
 *
 * A document is written once and never changes: it keeps its own copy of the seller, the customer
 * and what was delivered as they were when it was issued. Amounts are integer euro cents; prices
 * include VAT, split by vat.ts's one rounding rule.
 */
import { addressLines, DeliveryAddress } from './address'
import { customerDate } from './dates'
import { euros } from 'BeanBloomKit/money'
import { rateText, VatSplit } from './vat'

/** Who sells: the shop's legal name, address and VAT number (the project's configuration). */
export interface Seller {
  name: string
  /** Address lines, street first, country last. */
  address: string[]
  vatNumber: string
}

/** The two numbering series, each gap-free per seller. */
export type DocumentSeries = 'receipt' | 'credit-note'

/** The prefix of each series' numbers. */
export const SERIES_PREFIX: { [series in DocumentSeries]: string } = { receipt: 'R', 'credit-note': 'CN' }

/** A document number: the series prefix and the sequence number, six digits at least ("R-000042"). */
export function documentNumber(series: DocumentSeries, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error('A document sequence number is a whole number from 1: ' + sequence)
  const digits = String(sequence)
  return SERIES_PREFIX[series] + '-' + (digits.length < 6 ? '000000'.slice(digits.length) + digits : digits)
}

/** What was delivered, in words (labels, not ids). */
export interface DocumentItem {
  planId: string
  /** The plan's name. */
  plan: string
  bags: number
  bagGrams: number
  /** "Whole bean". */
  grind: string
  /** "Dark roast". */
  roast: string
}

/** What a receipt and a credit note share. */
interface DocumentBase {
  number: string
  /** ISO instant it was issued. */
  issuedAt: string
  /** The delivery it is about (its id and ISO day). */
  deliveryId: string
  deliveryDate: string
  seller: Seller
  /** The customer's name and delivery address, as they were for this delivery. */
  customer: { name: string; address: string[]; country: string }
  item: DocumentItem
  currency: 'eur'
  /** Amounts, VAT included: gross = net + vat. */
  grossCents: number
  netCents: number
  vatCents: number
  vatRateBp: number
  /** The country whose VAT applies (where the coffee was delivered). */
  vatCountry: string
}

/** The receipt of one paid delivery. */
export interface Receipt extends DocumentBase {
  kind: 'receipt'
  /** How it was paid: "Visa •••• 4242", "SEPA Direct Debit •••• 3000". */
  paidWith: string
  /** ISO instant the payment succeeded. */
  paidAt: string
}

/** The credit note of one refund, referring to the delivery's receipt. */
export interface CreditNote extends DocumentBase {
  kind: 'credit-note'
  /** The receipt it corrects. */
  receiptNumber: string
  /** Why staff refunded it, as they wrote it. */
  reason: string
  /** Where the money goes back to (the receipt's method). */
  refundedTo: string
}

/** One refund of a delivery's payment: Stripe's refund, and its credit note once it is numbered. */
export interface PaymentRefund {
  /** Stripe's refund id. */
  refundId: string
  amountCents: number
  reason: string
  /** ISO instant Stripe accepted it. */
  at: string
  /** Absent only while its number could not be had yet (a task issues it). */
  creditNote?: CreditNote
}

/** The customer's part of a receipt from their delivery address. */
export function documentCustomer(address: DeliveryAddress): DocumentBase['customer'] {
  return { name: address.name, address: addressLines(address).slice(1), country: address.country }
}

/** The parts of a receipt besides its number and the moment it was issued. */
export type ReceiptDraft = Omit<Receipt, 'number' | 'issuedAt'>

/** A receipt from its draft, its number and when it was issued. */
export function receiptOf(draft: ReceiptDraft, number: string, issuedAt: string): Receipt {
  const receipt = JSON.parse(JSON.stringify(draft)) as Receipt
  receipt.number = number
  receipt.issuedAt = issuedAt
  return receipt
}

/** The credit note of a refund of `split.grossCents` against `receipt`. */
export function creditNoteOf(receipt: Receipt, split: VatSplit, reason: string, number: string, issuedAt: string): CreditNote {
  const copy = JSON.parse(JSON.stringify(receipt)) as Receipt
  return {
    kind: 'credit-note', number: number, issuedAt: issuedAt, deliveryId: copy.deliveryId, deliveryDate: copy.deliveryDate,
    seller: copy.seller, customer: copy.customer, item: copy.item, currency: 'eur',
    grossCents: split.grossCents, netCents: split.netCents, vatCents: split.vatCents, vatRateBp: split.rateBp, vatCountry: copy.vatCountry,
    receiptNumber: copy.number, reason: reason, refundedTo: copy.paidWith,
  }
}

/** Cents refunded so far of a payment's refunds. */
export function refundedCents(refunds: ReadonlyArray<PaymentRefund> | undefined): number {
  return (refunds || []).reduce(function (sum, r) { return sum + r.amountCents }, 0)
}

/** A document's heading: "Receipt R-000042", "Credit note CN-000007". */
export function documentTitle(doc: Receipt | CreditNote): string {
  return (doc.kind === 'receipt' ? 'Receipt ' : 'Credit note ') + doc.number
}

/**
 * A document as labelled lines, in the order every rendering shows them (the e-mail's text and
 * HTML, the printable page). Values are the document's own text, unescaped: each rendering escapes
 * them for where they go.
 */
export function documentLines(doc: Receipt | CreditNote): Array<{ label: string; value: string }> {
  const item = doc.item
  const sign = doc.kind === 'credit-note' ? -1 : 1
  const lines: Array<{ label: string; value: string }> = [
    { label: doc.kind === 'receipt' ? 'Receipt number' : 'Credit note number', value: doc.number },
    { label: 'Date', value: customerDate(doc.issuedAt) },
  ]
  if (doc.kind === 'credit-note') lines.push({ label: 'Refers to receipt', value: doc.receiptNumber })
  lines.push(
    { label: 'Seller', value: [doc.seller.name].concat(doc.seller.address).join(', ') },
    { label: 'Seller VAT number', value: doc.seller.vatNumber },
    { label: 'Customer', value: [doc.customer.name].concat(doc.customer.address).join(', ') },
    { label: 'Delivery of', value: customerDate(doc.deliveryDate) },
    {
      // What was bought, not a claim that it arrived: a receipt is issued when it is paid, before it ships.
      label: 'Coffee',
      value: item.plan + ': ' + item.bags + (item.bags === 1 ? ' bag' : ' bags') + ' of ' + item.bagGrams + ' g, ' + item.grind + ', ' + item.roast.toLowerCase(),
    },
  )
  if (doc.kind === 'credit-note') lines.push({ label: 'Reason', value: doc.reason })
  lines.push(
    { label: doc.kind === 'receipt' ? 'Price (VAT included)' : 'Refunded (VAT included)', value: euros(sign * doc.grossCents) },
    { label: 'Net', value: euros(sign * doc.netCents) },
    { label: 'VAT ' + rateText(doc.vatRateBp) + ' (' + doc.vatCountry + ')', value: euros(sign * doc.vatCents) },
    doc.kind === 'receipt' ? { label: 'Paid with', value: doc.paidWith + ', ' + customerDate(doc.paidAt) } : { label: 'Refunded to', value: doc.refundedTo },
  )
  return lines
}
