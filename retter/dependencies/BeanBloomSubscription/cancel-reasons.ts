/**
 * Why a customer cancels: one of five reasons (the reports count them), a note in their words
 * (required for "something else"), and the offers that fit each reason, shown before they confirm.
 * Pure: the Account checks a cancellation with it, the app words it and picks the offers.
 */

/** The reasons a cancellation gives, in the order the page lists them. */
export const CANCEL_REASONS = ['tooMuch', 'tooExpensive', 'taste', 'moving', 'other'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

/** Characters a cancellation's note may have. */
export const CANCEL_NOTE_MAX = 500

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === 'string' && (CANCEL_REASONS as ReadonlyArray<string>).indexOf(value) >= 0
}

/** What the page offers instead of cancelling. */
export type CancelOffer = 'skipNext' | 'pause' | 'smallerPlan' | 'anotherCoffee' | 'newAddress'

/** The offers that fit each reason, the likeliest first. */
export const OFFERS_FOR: { [reason in CancelReason]: ReadonlyArray<CancelOffer> } = {
  tooMuch: ['skipNext', 'pause', 'smallerPlan'],
  tooExpensive: ['smallerPlan', 'pause'],
  taste: ['anotherCoffee', 'skipNext'],
  moving: ['newAddress', 'pause'],
  other: ['pause', 'skipNext'],
}

/** A cancellation's why, checked; or the refusal (400) naming the field. */
export type Cancellation =
  | { ok: true; reason: CancelReason; note?: string }
  | { ok: false; code: 'CANCEL_REASON_REQUIRED' | 'CANCEL_NOTE_REQUIRED' | 'CANCEL_NOTE_TOO_LONG'; field: 'reason' | 'note'; message: string }

/** Checks a cancellation's `{reason, note?}`: a known reason, and a note (trimmed) for `other`. */
export function cancellationOf(body: { reason?: unknown; note?: unknown } | undefined): Cancellation {
  const reason = body ? body.reason : undefined
  if (!isCancelReason(reason)) {
    return { ok: false, code: 'CANCEL_REASON_REQUIRED', field: 'reason', message: 'Choose a reason for cancelling: one of ' + CANCEL_REASONS.join(', ') + '.' }
  }
  const note = body && typeof body.note === 'string' ? body.note.trim() : ''
  if (note.length > CANCEL_NOTE_MAX) return { ok: false, code: 'CANCEL_NOTE_TOO_LONG', field: 'note', message: 'The note may have at most ' + CANCEL_NOTE_MAX + ' characters.' }
  if (reason === 'other' && !note) return { ok: false, code: 'CANCEL_NOTE_REQUIRED', field: 'note', message: 'Say in a few words why, when the reason is something else.' }
  return note ? { ok: true, reason: reason, note: note } : { ok: true, reason: reason }
}
