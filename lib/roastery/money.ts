/**
 * The roastery's money view: what came in on a delivery day and in a calendar month, and the
 * month's receipts and credit notes as CSV for the accountant. Computed from the day boards (each
 * entry carries its charge, its receipt and its refunds: BeanBloomBoard's money.ts).
 *
 * Our choices: a day is a delivery day (a receipt is dated the day before its delivery, when the
 * delivery is charged), and a month is the delivery days of that calendar month. A credit note is
 * counted with its delivery, whenever it was issued; the CSV gives each document its own date.
 */
import type { Board, BoardDelivery, BoardDocument } from './board'
import { csvCell } from './csv'
import { moneyText } from '@retter-shared/BeanBloomKit/money'
import type { Translate } from '@/lib/i18n/types'

/** Money of one day or month, in integer euro cents. */
export interface MoneySummary {
  /** Payments that succeeded: count and amount. */
  paid: { count: number; cents: number }
  /** SEPA debits still settling (shipped under their mandate, not money yet). */
  settling: { count: number; cents: number }
  /** Declined or not paid by their day. */
  failed: { count: number; cents: number }
  /** Waiting for the customer's bank confirmation (3-D Secure). */
  awaitingAuthentication: { count: number; cents: number }
  /** Refunded by staff. */
  refundedCents: number
  /** Paid less refunded. */
  netCents: number
  /** VAT owed per country and rate: receipts less credit notes. */
  vat: VatLine[]
}

/** The VAT of one country and rate. */
export interface VatLine {
  country: string
  rateBp: number
  netCents: number
  vatCents: number
}

function empty(): MoneySummary {
  return {
    paid: { count: 0, cents: 0 }, settling: { count: 0, cents: 0 }, failed: { count: 0, cents: 0 }, awaitingAuthentication: { count: 0, cents: 0 },
    refundedCents: 0, netCents: 0, vat: [],
  }
}

/** A document's amounts by VAT rate: its `vatLines` when it has lines (a delivery with extras), else its one rate. */
function byRate(doc: BoardDocument): Array<{ rateBp: number; grossCents: number; netCents: number; vatCents: number }> {
  return doc.vatLines && doc.vatLines.length > 0 ? doc.vatLines : [{ rateBp: doc.vatRateBp, grossCents: doc.grossCents, netCents: doc.netCents, vatCents: doc.vatCents }]
}

function addVat(lines: VatLine[], doc: BoardDocument, sign: 1 | -1): void {
  for (const part of byRate(doc)) {
    let line = lines.find((l) => l.country === doc.vatCountry && l.rateBp === part.rateBp)
    if (!line) {
      line = { country: doc.vatCountry, rateBp: part.rateBp, netCents: 0, vatCents: 0 }
      lines.push(line)
    }
    line.netCents += sign * part.netCents
    line.vatCents += sign * part.vatCents
  }
}

function sortVat(lines: VatLine[]): VatLine[] {
  return lines.sort((a, b) => (a.country < b.country ? -1 : a.country > b.country ? 1 : a.rateBp - b.rateBp))
}

/**
 * The money of a day's deliveries.
 * @param deliveries the board's deliveries
 */
export function moneyOfDeliveries(deliveries: ReadonlyArray<BoardDelivery>): MoneySummary {
  const sum = empty()
  for (const d of deliveries) {
    const cents = d.amountCents ?? 0
    if (d.payment === 'paid') {
      sum.paid.count += 1
      sum.paid.cents += cents
    } else if (d.payment === 'processing') {
      sum.settling.count += 1
      sum.settling.cents += cents
    } else if (d.payment === 'failed' || d.payment === 'unpaid') {
      sum.failed.count += 1
      sum.failed.cents += cents
    } else if (d.payment === 'requires_action') {
      sum.awaitingAuthentication.count += 1
      sum.awaitingAuthentication.cents += cents
    }
    sum.refundedCents += d.refundedCents ?? 0
    if (d.receipt) addVat(sum.vat, d.receipt, 1)
    for (const note of d.creditNotes ?? []) addVat(sum.vat, note, -1)
  }
  sum.netCents = sum.paid.cents - sum.refundedCents
  sortVat(sum.vat)
  return sum
}

/** The sum of several summaries (a month of days). */
export function addSummaries(summaries: ReadonlyArray<MoneySummary>): MoneySummary {
  const total = empty()
  for (const s of summaries) {
    for (const key of ['paid', 'settling', 'failed', 'awaitingAuthentication'] as const) {
      total[key].count += s[key].count
      total[key].cents += s[key].cents
    }
    total.refundedCents += s.refundedCents
    total.netCents += s.netCents
    for (const line of s.vat) {
      const into = total.vat.find((l) => l.country === line.country && l.rateBp === line.rateBp)
      if (into) {
        into.netCents += line.netCents
        into.vatCents += line.vatCents
      } else total.vat.push({ ...line })
    }
  }
  sortVat(total.vat)
  return total
}

/**
 * The `YYYY-MM-DD` days of a calendar month.
 * @param month `YYYY-MM`
 */
export function monthDays(month: string): string[] {
  const match = /^(\d{4})-(\d{2})$/.exec(month)
  if (!match) throw new RangeError(`monthDays: "${month}" is not a month (YYYY-MM)`)
  const year = Number(match[1])
  const index = Number(match[2]) - 1
  if (index < 0 || index > 11) throw new RangeError(`monthDays: "${month}" is not a month (YYYY-MM)`)
  const count = new Date(Date.UTC(year, index + 1, 0)).getUTCDate()
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)
}

/**
 * A money cell: "20.00", or "-4.50" for money given back. Written as is, not through csvCell: the
 * text is only digits, a point and a minus sign from our own formatting, and an apostrophe before
 * the minus would turn the figure into text a spreadsheet no longer sums.
 */
interface Figure { figure: string }

/** Euros with two decimals, signed: a credit note's amounts are negative, as its page shows them. */
function amount(cents: number, sign: 1 | -1): Figure {
  const signed = sign * cents
  return { figure: `${signed < 0 ? '-' : ''}${(Math.abs(signed) / 100).toFixed(2)}` }
}

/** The money CSV's columns, in order. */
export const MONEY_CSV_COLUMNS = [
  'Document', 'Number', 'Date', 'Refers to', 'Delivery', 'Delivery day', 'Customer', 'VAT country', 'VAT rate %', 'Net EUR', 'VAT EUR', 'Gross EUR', 'Paid with', 'Reason',
] as const

/**
 * The receipts and credit notes of the given days' deliveries as CSV (RFC 4180: CRLF, quoted where
 * needed, a byte order mark for spreadsheets), ordered by document number. A credit note's net, VAT
 * and gross are negative, so each column sums to the money view's figures: the VAT table's net and
 * VAT, and (once every paid delivery has its receipt and every refund its credit note) what was
 * collected. Cells that hold text a
 * customer typed (their name) or staff wrote (a refund's reason) are defused the way the packing
 * list's are: a spreadsheet never runs them as a formula.
 * @param boards the boards of the month's days
 */
export function moneyCsv(boards: ReadonlyArray<Board>): string {
  const rows: Array<{ key: string; cells: Array<string | number | Figure> }> = []
  for (const board of boards) {
    for (const d of board.deliveries) {
      const docs = (d.receipt ? [d.receipt] : []).concat(d.creditNotes ?? [])
      for (const doc of docs) {
        const sign = doc.kind === 'receipt' ? 1 : -1
        // A document with several VAT rates (a delivery with extras) has a row per rate, as the OSS return needs them.
        byRate(doc).forEach((part, i) => {
          rows.push({
            key: `${doc.kind === 'receipt' ? 0 : 1}${doc.number.padStart(20, '0')}${String(i).padStart(2, '0')}`,
            cells: [
              doc.kind === 'receipt' ? 'Receipt' : 'Credit note', doc.number, doc.issuedAt.slice(0, 10), doc.receiptNumber ?? '', d.deliveryId, board.date, d.name,
              doc.vatCountry, (part.rateBp / 100).toFixed(2), amount(part.netCents, sign), amount(part.vatCents, sign), amount(part.grossCents, sign), doc.method ?? '', doc.reason ?? '',
            ],
          })
        })
      }
    }
  }
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const lines = [[...MONEY_CSV_COLUMNS], ...rows.map((r) => r.cells)]
  const cell = (value: string | number | Figure) => (typeof value === 'object' ? value.figure : csvCell(value))
  return '\uFEFF' + lines.map((cells) => cells.map(cell).join(',')).join('\r\n') + '\r\n'
}

/** The file name of a month's documents. */
export function moneyCsvFileName(month: string): string {
  return `receipts-and-credit-notes-${month}.csv`
}

/**
 * What staff may still refund of a delivery: its payment succeeded, less what was refunded (0 for
 * anything not paid; a SEPA debit still settling is refunded once it is paid).
 * @param delivery a board entry
 */
export function refundableCents(delivery: Pick<BoardDelivery, 'payment' | 'amountCents' | 'refundedCents'>): number {
  if (delivery.payment !== 'paid') return 0
  return Math.max(0, (delivery.amountCents ?? 0) - (delivery.refundedCents ?? 0))
}

/**
 * An amount typed in euros ("5", "5.5", "5,50", "€ 5.50") as integer cents, or why it is not one.
 * @param text what staff typed
 * @param maxCents what can still be refunded
 * @param t the page's words
 * @param locale the page's language, for the amounts it names (the classes' "€20.00" when omitted)
 */
export function parseRefundAmount(text: string, maxCents: number, t: Translate, locale: string = 'en'): { cents: number } | { message: string } {
  const cleaned = text.replace(/€/g, '').trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return { message: t('roastery.refund.badAmount') }
  const [whole, fraction = ''] = cleaned.split('.')
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (cents <= 0) return { message: t('roastery.refund.notPositive', { zero: moneyText(0, 'EUR', locale) }) }
  if (cents > maxCents) return { message: t('roastery.refund.tooMuch', { amount: moneyText(maxCents, 'EUR', locale) }) }
  return { cents }
}

/**
 * What staff read once a refund went through: the amount, to whom, and where the credit note is.
 * @param t the page's words
 * @param amount the refunded amount, written in the page's language
 * @param creditNote its number, when the customer's account has issued it already
 */
export function refundedText(t: Translate, amount: string, name: string, creditNote: string | null | undefined): string {
  return creditNote
    ? t('roastery.message.refunded', { amount, name, creditNote })
    : t('roastery.message.refundedNoteFollows', { amount, name })
}
