/**
 * The money of a board's deliveries: what each was charged, its receipt, and refunds with their
 * credit notes. Pure functions over plain values (the Roastery class keeps boards with them, the
 * Account class checks refunds with the same limit rule, the app shows them). Unlike the payment
 * status, money keeps changing after a delivery shipped: a SEPA debit is paid (and gets its
 * receipt) days later, and a refund usually follows a parcel that arrived damaged.
 */
import { euros } from 'BeanBloomKit/money'
import { Board, BoardDelivery, BoardDocument, deliveryOn } from './board'

/** What the Account tells the board about a delivery's money (absent fields stay as they are). */
export interface BoardMoney {
  amountCents?: number
  receipt?: BoardDocument
}

function withDelivery(board: Board, deliveryId: string, change: (d: BoardDelivery) => BoardDelivery, nowIso: string): Board {
  const deliveries = board.deliveries.map(function (d) { return d.deliveryId === deliveryId ? change(d) : d })
  return { date: board.date, deliveries: deliveries, totals: board.totals, updatedAt: nowIso }
}

function sameDocument(a: BoardDocument | undefined, b: BoardDocument | undefined): boolean {
  return JSON.stringify(a || null) === JSON.stringify(b || null)
}

/** Records the charge and the receipt of a delivery (shipped or not); the same money again changes nothing. */
export function setDeliveryMoney(board: Board, deliveryId: string, money: BoardMoney, nowIso: string): { board: Board; outcome: 'changed' | 'unchanged' | 'absent' } {
  const existing = deliveryOn(board, deliveryId)
  if (!existing) return { board: board, outcome: 'absent' }
  const amountSame = money.amountCents === undefined || money.amountCents === existing.amountCents
  const receiptSame = !money.receipt || sameDocument(money.receipt, existing.receipt)
  if (amountSame && receiptSame) return { board: board, outcome: 'unchanged' }
  return {
    board: withDelivery(board, deliveryId, function (d) {
      const next: BoardDelivery = { ...d }
      if (money.amountCents !== undefined) next.amountCents = money.amountCents
      if (money.receipt) next.receipt = money.receipt
      return next
    }, nowIso),
    outcome: 'changed',
  }
}

/**
 * Records a refund of `amountCents` and its credit note (absent while the Account could not number
 * it yet). A credit note the board already has is not added twice.
 */
export function addRefund(board: Board, deliveryId: string, amountCents: number, creditNote: BoardDocument | undefined, nowIso: string): Board {
  return withDelivery(board, deliveryId, function (d) {
    const notes = d.creditNotes || []
    if (creditNote && notes.some(function (n) { return n.number === creditNote.number })) return d
    const next: BoardDelivery = { ...d, refundedCents: (d.refundedCents || 0) + amountCents }
    next.creditNotes = creditNote ? notes.concat([creditNote]) : notes
    return next
  }, nowIso)
}

/** Adds a credit note numbered after its refund was recorded (its amount is already counted). */
export function addCreditNote(board: Board, deliveryId: string, creditNote: BoardDocument, nowIso: string): Board {
  const existing = deliveryOn(board, deliveryId)
  if (!existing || (existing.creditNotes || []).some(function (n) { return n.number === creditNote.number })) return board
  return withDelivery(board, deliveryId, function (d) { return { ...d, creditNotes: (d.creditNotes || []).concat([creditNote]) } }, nowIso)
}

/** Why a refund may not be made, with its HTTP status and code; none when it may. */
export interface RefundRefusal {
  status: 400 | 409
  code: 'INVALID_AMOUNT' | 'NOT_REFUNDABLE' | 'ALREADY_REFUNDED' | 'REFUND_TOO_LARGE'
  message: string
}

/**
 * The refund limit, one rule for the board and the Account: a whole, positive number of cents, of
 * a paid delivery, never more than what was paid less what was already refunded.
 * @param what the delivery in words, for the message ("delivery abc:2026-11-25")
 * @param paid whether the delivery's payment succeeded
 */
export function refundRefusal(what: string, paid: boolean, paidCents: number, refundedCents: number, amountCents: number): RefundRefusal | undefined {
  if (typeof amountCents !== 'number' || !Number.isInteger(amountCents) || amountCents <= 0) {
    return { status: 400, code: 'INVALID_AMOUNT', message: 'A refund is a whole, positive number of cents (amountCents), not ' + String(amountCents) + '.' }
  }
  if (!paid) return { status: 409, code: 'NOT_REFUNDABLE', message: 'The ' + what + ' is not paid, so there is nothing to refund.' }
  const left = paidCents - refundedCents
  if (left <= 0) {
    return { status: 409, code: 'ALREADY_REFUNDED', message: 'The ' + what + ' was already refunded in full (' + euros(paidCents) + '); nothing is left to refund.' }
  }
  if (amountCents > left) {
    return {
      status: 409, code: 'REFUND_TOO_LARGE',
      message: 'Only ' + euros(left) + ' of the ' + euros(paidCents) + ' paid for the ' + what + ' can still be refunded' +
        (refundedCents > 0 ? ' (' + euros(refundedCents) + ' already was)' : '') + '; ' + euros(amountCents) + ' is more than that.',
    }
  }
  return undefined
}

/** A staff member's reason for a refund, cleaned: 1 to REFUND_REASON_MAX characters of text, single spaces. */
export const REFUND_REASON_MAX = 200

/** The reason cleaned (NFC, trimmed, inner whitespace single spaces), or why it cannot be used. */
export function cleanReason(raw: unknown): { reason: string } | { message: string } {
  if (typeof raw !== 'string') return { message: 'Give a reason for the refund (up to ' + REFUND_REASON_MAX + ' characters).' }
  // Control characters would break a CSV row or a mail line; they are never part of a reason.
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(raw)) {
    return { message: 'The reason contains control or direction characters; write it as plain text.' }
  }
  const reason = raw.normalize('NFC').replace(/\s+/g, ' ').trim()
  if (!reason) return { message: 'Give a reason for the refund (up to ' + REFUND_REASON_MAX + ' characters).' }
  if (reason.length > REFUND_REASON_MAX) return { message: 'The reason is ' + reason.length + ' characters long; keep it to ' + REFUND_REASON_MAX + '.' }
  return { reason: reason }
}
