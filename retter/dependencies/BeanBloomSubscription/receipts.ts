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
import { moneyText, MONEY_LOCALE } from 'BeanBloomKit/money'
import { translate } from 'BeanBloomKit/i18n/catalogue'
import { DEFAULT_LOCALE, Locale } from 'BeanBloomKit/i18n/locales'
import { CATALOGUE } from 'BeanBloomKit/i18n/messages'
import { DocumentsKey } from 'BeanBloomKit/i18n/messages/documents'
import { Grind, GRIND_LABELS, Roast, ROAST_LABELS } from './preferences'
import { creditSplit, creditSplitLines, rateText, VatSplit } from './vat'
import { DocumentLine, lineName, PLAN_LINE, vatByRate } from './document-lines'

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
  /**
   * Set when the delivery had extras: the coffee's line first, then each extra's, and the amounts
   * below are their sums. Without it the document has one line, the coffee (`item`).
   */
  lines?: DocumentLine[]
  /**
   * Set on the receipt of a gift (gifts.ts): how many deliveries it holds and for whom; the
   * amounts are the whole gift's and `deliveryDate` the day it was redeemed.
   */
  gift?: { deliveries: number; recipient: string }
  currency: 'eur'
  /** Amounts, VAT included: gross = net + vat. With `lines`, `vatRateBp` is the coffee line's. */
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

/** The credit note of a refund of `split.grossCents` against `receipt` (a receipt of one line). */
export function creditNoteOf(receipt: Receipt, split: VatSplit, reason: string, number: string, issuedAt: string): CreditNote {
  const copy = JSON.parse(JSON.stringify(receipt)) as Receipt
  const note: CreditNote = {
    kind: 'credit-note', number: number, issuedAt: issuedAt, deliveryId: copy.deliveryId, deliveryDate: copy.deliveryDate,
    seller: copy.seller, customer: copy.customer, item: copy.item, currency: 'eur',
    grossCents: split.grossCents, netCents: split.netCents, vatCents: split.vatCents, vatRateBp: split.rateBp, vatCountry: copy.vatCountry,
    receiptNumber: copy.number, reason: reason, refundedTo: copy.paidWith,
  }
  return note
}

/**
 * The credit note of a refund of `refundCents` against `receipt`, after `refundedBeforeCents` were
 * refunded: split by VAT over the receipt's lines when it has several (vat.ts creditSplitLines, the
 * lines this refund reaches kept), else as one line (creditSplit).
 */
export function creditNoteFor(receipt: Receipt, refundedBeforeCents: number, refundCents: number, reason: string, number: string, issuedAt: string): CreditNote {
  if (!receipt.lines || receipt.lines.length === 0) return creditNoteOf(receipt, creditSplit(receipt.vatRateBp, refundedBeforeCents, refundCents), reason, number, issuedAt)
  const splits = creditSplitLines(receipt.lines.map(function (l) { return { grossCents: l.grossCents, rateBp: l.vatRateBp } }), refundedBeforeCents, refundCents)
  const lines: DocumentLine[] = []
  receipt.lines.forEach(function (line, i) {
    const split = splits[i] as VatSplit
    if (split.grossCents === 0) return
    const copy = JSON.parse(JSON.stringify(line)) as DocumentLine
    copy.grossCents = split.grossCents
    copy.netCents = split.netCents
    copy.vatCents = split.vatCents
    lines.push(copy)
  })
  const note = creditNoteOf(receipt, creditSplit(receipt.vatRateBp, 0, 0), reason, number, issuedAt)
  note.lines = lines
  // Its rate is its own lines' (the first's): a note that reaches only an extra is not at the coffee's rate.
  if (lines[0]) note.vatRateBp = lines[0].vatRateBp
  note.grossCents = sumOf(lines, 'grossCents')
  note.netCents = sumOf(lines, 'netCents')
  note.vatCents = sumOf(lines, 'vatCents')
  return note
}

function sumOf(lines: ReadonlyArray<DocumentLine>, field: 'grossCents' | 'netCents' | 'vatCents'): number {
  return lines.reduce(function (sum, l) { return sum + l[field] }, 0)
}

/** Cents refunded so far of a payment's refunds. */
export function refundedCents(refunds: ReadonlyArray<PaymentRefund> | undefined): number {
  return (refunds || []).reduce(function (sum, r) { return sum + r.amountCents }, 0)
}

/** The catalogue's key of each grind's words (documents and e-mails). */
export const GRIND_KEYS: { [grind in Grind]: DocumentsKey } = {
  wholeBean: 'documents.grind.wholeBean', espresso: 'documents.grind.espresso', moka: 'documents.grind.moka',
  filter: 'documents.grind.filter', frenchPress: 'documents.grind.frenchPress',
}

/** The catalogue's key of each roast's words, lower case as they follow the grind ("Whole bean, dark roast"). */
export const ROAST_KEYS: { [roast in Roast]: DocumentsKey } = {
  light: 'documents.roast.light', medium: 'documents.roast.medium', dark: 'documents.roast.dark', roastersChoice: 'documents.roast.roastersChoice',
}

/** The key whose English label a document keeps ("Whole bean", "Dark roast"), none for words it does not know. */
function keyOfLabel<T extends string>(labels: { [id in T]: string }, keys: { [id in T]: DocumentsKey }, label: string): DocumentsKey | undefined {
  for (const id in labels) if (labels[id] === label) return keys[id]
  return undefined
}

/** How a document words its lines in one language: English the way it always read, money as that language writes it. */
interface DocumentSpeech {
  w: (key: DocumentsKey, values?: { [name: string]: string | number }) => string
  day: (iso: string) => string
  money: (cents: number) => string
}

function speechOf(locale: Locale | undefined): DocumentSpeech {
  const chosen = locale || DEFAULT_LOCALE
  return {
    w: function (key, values) { return translate(CATALOGUE, chosen, key, values) },
    day: function (iso) { return customerDate(iso, chosen) },
    money: function (cents) { return moneyText(cents, 'EUR', chosen === DEFAULT_LOCALE ? MONEY_LOCALE : chosen) },
  }
}

/**
 * How the document was paid, in its language: the kept text names a SEPA debit or an unbranded
 * card in English ("SEPA Direct Debit •••• 3000"); a card brand reads the same everywhere.
 */
function paidWithWords(paidWith: string, s: DocumentSpeech): string {
  const sepa = /^SEPA Direct Debit •••• (\d+)$/.exec(paidWith)
  if (sepa) return s.w('documents.method.sepa', { last4: sepa[1] as string })
  const card = /^Card •••• (\d+)$/.exec(paidWith)
  return card ? s.w('documents.method.card', { last4: card[1] as string }) : paidWith
}

/** How a document or a gift was paid, in `locale`'s words ("SEPA-Lastschrift •••• 3000"). */
export function paidWithIn(paidWith: string, locale?: Locale): string {
  return paidWithWords(paidWith, speechOf(locale))
}

/** A document's heading: "Receipt R-000042", "Credit note CN-000007" ("Rechnung R-000042" in German). */
export function documentTitle(doc: Receipt | CreditNote, locale?: Locale): string {
  return speechOf(locale).w(doc.kind === 'receipt' ? 'documents.receipt.title' : 'documents.creditNote.title', { number: doc.number })
}

/**
 * A document as labelled lines, in the order every rendering shows them (the e-mail's text and
 * HTML, the printable page). Values are the document's own text, unescaped: each rendering escapes
 * them for where they go.
 */
export function documentLines(doc: Receipt | CreditNote, locale?: Locale): Array<{ label: string; value: string; total?: boolean }> {
  const s = speechOf(locale)
  const w = s.w
  const item = doc.item
  const sign = doc.kind === 'credit-note' ? -1 : 1
  const grind = keyOfLabel(GRIND_LABELS, GRIND_KEYS, item.grind)
  const roast = keyOfLabel(ROAST_LABELS, ROAST_KEYS, item.roast)
  const lines: Array<{ label: string; value: string; total?: boolean }> = [
    { label: w(doc.kind === 'receipt' ? 'documents.receipt.number' : 'documents.creditNote.number'), value: doc.number },
    { label: w('documents.date'), value: s.day(doc.issuedAt) },
  ]
  if (doc.kind === 'credit-note') lines.push({ label: w('documents.refersTo'), value: doc.receiptNumber })
  lines.push(
    { label: w('documents.seller'), value: [doc.seller.name].concat(doc.seller.address).join(', ') },
    { label: w('documents.sellerVat'), value: doc.seller.vatNumber },
    { label: w('documents.customer'), value: [doc.customer.name].concat(doc.customer.address).join(', ') },
  )
  // A gift's receipt names what it holds and for whom; it was issued when redeemed, before any delivery.
  if (doc.gift) lines.push({ label: w('documents.gift'), value: w('documents.giftValue', { count: doc.gift.deliveries, recipient: doc.gift.recipient }) })
  else lines.push({ label: w('documents.deliveryOf'), value: s.day(doc.deliveryDate) })
  // What was bought, not a claim that it arrived: a receipt is issued when it is paid, before it ships.
  const coffee = w('documents.coffeeLine', {
    plan: item.plan, bags: item.bags, grams: item.bagGrams,
    grind: grind ? w(grind) : item.grind,
    roast: roast ? w(roast) : item.roast.toLowerCase(),
  })
  const priced = function (line: DocumentLine, words: string) {
    return w('documents.pricedLine', { line: words, amount: s.money(sign * line.grossCents), rate: rateText(line.vatRateBp) })
  }
  if (!doc.lines || doc.lines.length === 0) lines.push({ label: w('documents.coffee'), value: coffee })
  for (const line of doc.lines || []) {
    if (line.itemId === PLAN_LINE) lines.push({ label: w('documents.coffee'), value: priced(line, coffee) })
    else lines.push({ label: w('documents.extra'), value: priced(line, line.quantity + ' × ' + lineName(line, locale)) })
  }
  if (doc.kind === 'credit-note') lines.push({ label: w('documents.reason'), value: doc.reason })
  lines.push(
    { label: w(doc.kind === 'receipt' ? 'documents.price' : 'documents.refunded'), value: s.money(sign * doc.grossCents), total: true },
    { label: w('documents.net'), value: s.money(sign * doc.netCents) },
  )
  for (const row of vatByRate(doc)) {
    lines.push({ label: w('documents.vat', { rate: rateText(row.rateBp), country: doc.vatCountry }), value: s.money(sign * row.vatCents) })
  }
  lines.push(
    doc.kind === 'receipt'
      ? { label: w('documents.paidWith'), value: w('documents.paidWithValue', { method: paidWithWords(doc.paidWith, s), date: s.day(doc.paidAt) }) }
      : { label: w('documents.refundedTo'), value: paidWithWords(doc.refundedTo, s) },
  )
  return lines
}
