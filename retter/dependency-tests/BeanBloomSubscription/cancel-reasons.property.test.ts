/**
 * Why a customer cancels (BeanBloomSubscription cancel-reasons.ts), over any body a caller could
 * send: a cancellation is taken exactly when its reason is one of the five and its note (trimmed)
 * fits, with a note for "other"; a refusal names the field at fault; every reason has offers.
 */
import fc from 'fast-check'
import { CANCEL_NOTE_MAX, CANCEL_REASONS, OFFERS_FOR, cancellationOf, isCancelReason } from '@retter-shared/BeanBloomSubscription/cancel-reasons'

const reason = fc.oneof(fc.constantFrom(...CANCEL_REASONS), fc.string({ maxLength: 20 }), fc.constant(undefined), fc.integer())
const note = fc.oneof(fc.string({ maxLength: 40 }), fc.constant('  '), fc.string({ minLength: CANCEL_NOTE_MAX - 2, maxLength: CANCEL_NOTE_MAX + 3 }), fc.constant(undefined), fc.integer())

test('a cancellation is taken exactly when the reason is known and the note fits (and is there for "other")', () => {
  fc.assert(fc.property(reason, note, (r, n) => {
    const result = cancellationOf({ reason: r, note: n })
    const trimmed = typeof n === 'string' ? n.trim() : ''
    const expectedOk = isCancelReason(r) && trimmed.length <= CANCEL_NOTE_MAX && (r !== 'other' || trimmed.length > 0)
    expect(result.ok).toBe(expectedOk)
    if (result.ok) {
      expect(result.reason).toBe(r)
      expect(result.note).toBe(trimmed || undefined)
    } else {
      expect(result.field).toBe(isCancelReason(r) ? 'note' : 'reason')
    }
  }))
})

test('every reason offers something instead, each offer once', () => {
  for (const r of CANCEL_REASONS) {
    expect(OFFERS_FOR[r].length).toBeGreaterThan(0)
    expect(new Set(OFFERS_FOR[r]).size).toBe(OFFERS_FOR[r].length)
  }
  expect(cancellationOf(undefined)).toMatchObject({ ok: false, code: 'CANCEL_REASON_REQUIRED' })
})
