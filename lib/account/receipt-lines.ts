/**
 * A receipt or credit note as the printable page shows it, in the page's language: the lines of
 * BeanBloomSubscription's `documentLines` (the e-mail's), in the same order, with each label from
 * the catalogue and dates and money in the page's locale. The document's own words (the seller,
 * the customer, the grind and roast as written when it was issued, a refund's reason) stay as the
 * document has them: a receipt never changes once issued.
 */
import { customerDate } from '@retter-shared/BeanBloomSubscription/dates'
import { moneyText } from '@retter-shared/BeanBloomKit/money'
import { rateText } from '@retter-shared/BeanBloomSubscription/vat'
import { lineName, PLAN_LINE, vatByRate, type DocumentLine as PricedLine } from '@retter-shared/BeanBloomSubscription/document-lines'
import type { Translate } from '@/lib/i18n/types'
import type { CustomerDocument } from './documents'

export interface DocumentLine {
  label: string
  value: string
}

/** "Receipt R-000042", "Rechnung R-000042", "Gutschrift CN-000007". */
export function documentTitleIn(t: Translate, doc: CustomerDocument): string {
  return doc.kind === 'receipt' ? t('account.document.receiptTitle', { number: doc.number }) : t('account.document.creditNoteTitle', { number: doc.number })
}

/** The document's labelled lines in the page's language (see `documentLines`, whose order they keep). */
export function documentLinesIn(t: Translate, doc: CustomerDocument, locale?: string): DocumentLine[] {
  const money = (cents: number): string => moneyText((doc.kind === 'credit-note' ? -1 : 1) * cents, 'EUR', locale)
  const day = (iso: string): string => customerDate(iso, locale)
  const item = doc.item
  const lines: DocumentLine[] = [
    { label: doc.kind === 'receipt' ? t('account.document.receiptNumber') : t('account.document.creditNoteNumber'), value: doc.number },
    { label: t('account.document.date'), value: day(doc.issuedAt) },
  ]
  if (doc.kind === 'credit-note') lines.push({ label: t('account.document.refersTo'), value: doc.receiptNumber })
  lines.push(
    { label: t('account.document.seller'), value: [doc.seller.name, ...doc.seller.address].join(', ') },
    { label: t('account.document.sellerVat'), value: doc.seller.vatNumber },
    { label: t('account.document.customer'), value: [doc.customer.name, ...doc.customer.address].join(', ') },
    // A gift's receipt names what it holds and for whom (issued when started, before any delivery).
    doc.gift
      ? { label: t('gifts.document.gift'), value: t('gifts.document.giftValue', { count: doc.gift.deliveries, recipient: doc.gift.recipient }) }
      : { label: t('account.document.deliveryOf'), value: day(doc.deliveryDate) },
  )
  const coffee = t('account.document.item', { plan: item.plan, bags: item.bags, grams: item.bagGrams, grind: item.grind, roast: item.roast.toLowerCase() })
  const priced = (line: PricedLine, words: string): string => t('account.document.pricedLine', { line: words, amount: money(line.grossCents), rate: rateText(line.vatRateBp) })
  // A delivery with extras has a line each, with its own VAT (BeanBloomSubscription's documentLines does the same).
  if (!doc.lines || doc.lines.length === 0) lines.push({ label: t('account.document.coffee'), value: coffee })
  for (const line of doc.lines ?? []) {
    if (line.itemId === PLAN_LINE) lines.push({ label: t('account.document.coffee'), value: priced(line, coffee) })
    else lines.push({ label: t('account.document.extra'), value: priced(line, `${line.quantity} × ${lineName(line, locale)}`) })
  }
  if (doc.kind === 'credit-note') lines.push({ label: t('account.document.reason'), value: doc.reason })
  lines.push(
    { label: doc.kind === 'receipt' ? t('account.document.price') : t('account.document.refunded'), value: money(doc.grossCents) },
    { label: t('account.document.net'), value: money(doc.netCents) },
    ...vatByRate(doc).map((row) => ({ label: t('account.document.vat', { rate: rateText(row.rateBp), country: doc.vatCountry }), value: money(row.vatCents) })),
    doc.kind === 'receipt'
      ? { label: t('account.document.paidWith'), value: t('account.document.paidWithValue', { method: doc.paidWith, date: day(doc.paidAt) }) }
      : { label: t('account.document.refundedTo'), value: doc.refundedTo },
  )
  return lines
}
