/**
 * A day's packing list as CSV (RFC 4180: comma-separated, CRLF line ends, quoted where needed), for
 * a spreadsheet or a label printer. Every cell is text a customer typed or derived from it, so each
 * is also defused against formula injection: a cell that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe. Spreadsheets in
 * many locales split on ";" (or a tab) instead, and then a field's quotes no longer hold it
 * together: `Semi Colon;=1+1` would read as a cell `=1+1`. So an apostrophe also goes in front of a
 * formula start wherever any reader could begin a cell inside a field: after a comma, semicolon,
 * tab or line break (quotes and the apostrophe's own cell start skipped).
 */
import type { SubscriptionPlan } from '@/lib/contract'
import type { DeliveryLabels } from '@/lib/delivery-labels'
import { planName } from '@/lib/subscription/labels'
import { GRIND_LABELS, ROAST_LABELS, isGrind, isRoast } from '@retter-shared/BeanBloomSubscription/preferences'
import type { Board, BoardDelivery, BoardPayment } from './board'
import { shippingState } from './payment'

/** How the list names plans, grinds and roasts (ids in, labels out). */
export type CsvLabels = DeliveryLabels

/**
 * The file's English labels, whatever the page's language (the CSV's format is English, like its
 * columns): the plan list's names and the class's grind and roast labels. An id nobody knows (a
 * plan no longer offered) shows as itself.
 */
export function csvLabels(plans: readonly SubscriptionPlan[]): CsvLabels {
  return {
    plan: (id) => planName(plans, id),
    grind: (id) => (isGrind(id) ? GRIND_LABELS[id] : id),
    roast: (id) => (isRoast(id) ? ROAST_LABELS[id] : id),
  }
}

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/
/**
 * A formula start right after something a reader may split on (`,` `;` tab CR LF), with any quotes
 * in between (a reader splitting on ";" unquotes `"=1+1"`): the apostrophe goes before that start.
 */
const INNER_FORMULA_START = /([,;\t\r\n]"*)(?=[=+\-@\t\r])/g

/**
 * One CSV cell: formula starts defused (at its start and after every character some reader splits
 * on), then quoted (quotes doubled) when it holds a comma, a quote or a line break.
 * @param value the cell's text or number
 */
export function csvCell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string') {
    text = text.replace(INNER_FORMULA_START, "$1'")
    text = text.replace(/^"*(?=[=+\-@\t\r])/, "$&'")
    if (FORMULA_START.test(text)) text = `'${text}`
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The packing list's columns, in order. */
export const PACKING_LIST_COLUMNS = [
  'Delivery', 'Name', 'Address line 1', 'Address line 2', 'Postal code', 'City', 'Country', 'Plan', 'Grind', 'Roast', 'Coffee', 'Bags', 'Extras', 'Status', 'Payment', 'Shipped at',
] as const

/** The Status column: whether the parcel has left, may leave, or waits for its payment. */
const STATUS_WORDS = { shipped: 'Shipped', ready: 'To ship', 'on-hold': 'On hold: awaiting payment' } as const

/**
 * The Payment column, in the file's English (the board says the same in the page's language): what
 * the staff read at the bench, or nothing for a delivery shipped before payments were recorded.
 */
const PAYMENT_WORDS: Record<BoardPayment, string> = {
  charging: 'Being charged',
  processing: 'Paid by direct debit (settling)',
  settling: 'Direct debit settling: ships once your bank confirms',
  paid: 'Paid',
  failed: 'Payment failed',
  requires_action: 'Bank confirmation needed',
  unpaid: 'Not paid',
  free: 'Free replacement',
}

function paymentCell(delivery: BoardDelivery): string {
  if (delivery.replacementFor) return `${PAYMENT_WORDS.free} for the delivery of ${delivery.replacementFor}`
  if (delivery.payment) return PAYMENT_WORDS[delivery.payment]
  return delivery.status === 'shipped' ? '' : 'Not charged yet'
}

/** What the customer added to pack with the delivery: "2 × Gift box; 1 × Ceramic pour-over dripper". */
export function extrasText(delivery: Pick<BoardDelivery, 'extras'>): string {
  return (delivery.extras ?? []).map((e) => `${e.quantity} × ${e.name}`).join('; ')
}

function row(delivery: BoardDelivery, labels: CsvLabels): Array<string | number> {
  const a = delivery.address
  return [
    delivery.deliveryId, delivery.name, a.line1, a.line2 ?? '', a.postalCode, a.city, a.country,
    labels.plan(delivery.plan), labels.grind(delivery.grind), labels.roast(delivery.roast), delivery.coffee ?? '', delivery.bags, extrasText(delivery),
    STATUS_WORDS[shippingState(delivery)],
    paymentCell(delivery),
    delivery.shippedAt ?? '',
  ]
}

/**
 * The board's deliveries as CSV text, in packing order, with a header row. Starts with a byte order
 * mark so spreadsheet programs read the names and addresses as UTF-8.
 * @param board the day's board
 * @param labels how plans, grinds and roasts are named in the file
 */
export function packingListCsv(board: Board, labels: CsvLabels): string {
  const lines = [[...PACKING_LIST_COLUMNS], ...board.deliveries.map((d) => row(d, labels))]
  return '\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** The file name of a day's packing list. */
export function packingListFileName(date: string): string {
  return `packing-list-${date}.csv`
}
