/**
 * The lines of a receipt or credit note for a delivery with extras, and its VAT by rate: apart from
 * receipts.ts so the app's printable page reads them without every language's document words.
 */
import { extraName, ExtraTexts } from './extras'

/**
 * One line of a document for a delivery with extras: the delivery's coffee (`itemId` 'plan', its
 * words in `item`) or an extra (its English name and its words in other languages when it was
 * added), each with its own VAT.
 */
export interface DocumentLine {
  itemId: string
  name?: string
  translations?: { [locale: string]: ExtraTexts }
  quantity: number
  /** VAT included; gross = net + vat. */
  grossCents: number
  netCents: number
  vatCents: number
  vatRateBp: number
}

/** The `itemId` of the line of the delivery's coffee. */
export const PLAN_LINE = 'plan'

/** A document's VAT by rate, rates ascending: one row for a document of one line. */
export function vatByRate(doc: { lines?: DocumentLine[]; grossCents: number; netCents: number; vatCents: number; vatRateBp: number }): Array<{ rateBp: number; grossCents: number; netCents: number; vatCents: number }> {
  if (!doc.lines || doc.lines.length === 0) return [{ rateBp: doc.vatRateBp, grossCents: doc.grossCents, netCents: doc.netCents, vatCents: doc.vatCents }]
  const rows: Array<{ rateBp: number; grossCents: number; netCents: number; vatCents: number }> = []
  for (const line of doc.lines) {
    let row = rows.filter(function (r) { return r.rateBp === line.vatRateBp })[0]
    if (!row) {
      row = { rateBp: line.vatRateBp, grossCents: 0, netCents: 0, vatCents: 0 }
      rows.push(row)
    }
    row.grossCents += line.grossCents
    row.netCents += line.netCents
    row.vatCents += line.vatCents
  }
  return rows.sort(function (a, b) { return a.rateBp - b.rateBp })
}

/** The English name of a line, or its words in `locale` (an extra's), for documents. */
export function lineName(line: DocumentLine, locale: string | undefined): string {
  return extraName({ name: line.name || line.itemId, translations: line.translations }, locale)
}
