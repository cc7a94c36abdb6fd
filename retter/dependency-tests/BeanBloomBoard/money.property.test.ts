/**
 * The refund limit (money.ts), one rule for the board and the customer's Account, over random
 * sequences of refund requests: whatever staff ask, the refunds made never add up to more than was
 * paid, every refusal says why with its status, and a delivery refunded in full refuses any further
 * refund as ALREADY_REFUNDED. The board keeps what was refunded and each credit note once.
 */
import fc from 'fast-check'
import {
  addCreditNote, addRefund, cleanReason, emptyBoard, refundRefusal, upsertDelivery, type BoardDocument,
} from '@retter-shared/BeanBloomBoard'

const NOW = '2026-11-25T10:00:00.000Z'

test('refunds made never exceed what was paid; refusals are 400 for a bad amount and 409 with what is left', () => {
  const request = fc.oneof(fc.integer({ min: -100, max: 5000 }), fc.constantFrom(0.5, Number.NaN, 1e-9))
  fc.assert(fc.property(fc.integer({ min: 1, max: 4000 }), fc.boolean(), fc.array(request, { maxLength: 20 }), (paid, isPaid, requests) => {
    let refunded = 0
    for (const amount of requests) {
      const refusal = refundRefusal('delivery x', isPaid, paid, refunded, amount)
      if (!refusal) {
        refunded += amount
        continue
      }
      if (!Number.isInteger(amount) || amount <= 0) {
        if (refusal.status !== 400 || refusal.code !== 'INVALID_AMOUNT') return false
      } else if (!isPaid) {
        if (refusal.code !== 'NOT_REFUNDABLE') return false
      } else if (refunded === paid) {
        if (refusal.code !== 'ALREADY_REFUNDED' || refusal.status !== 409) return false
      } else if (refusal.code !== 'REFUND_TOO_LARGE' || amount <= paid - refunded || refusal.status !== 409) {
        return false
      }
    }
    return refunded <= paid && (isPaid || refunded === 0)
  }), { numRuns: 3000 })
})

test('the refusals say what can still be refunded', () => {
  expect(refundRefusal('delivery x', true, 2000, 500, 1600)?.message).toBe('Only €15.00 of the €20.00 paid for the delivery x can still be refunded (€5.00 already was); €16.00 is more than that.')
  expect(refundRefusal('delivery x', true, 2000, 2000, 1)?.message).toBe('The delivery x was already refunded in full (€20.00); nothing is left to refund.')
  expect(refundRefusal('delivery x', false, 2000, 0, 1)?.message).toBe('The delivery x is not paid, so there is nothing to refund.')
})

test('reasons: plain text of 1 to 200 characters, spaces tidied; control and direction characters refused', () => {
  expect(cleanReason('  Bag   torn\n in transit ')).toEqual({ reason: 'Bag torn in transit' })
  for (const bad of [undefined, 42, '', '   ', 'a'.repeat(201), 'bell\u0007', 'left\u202eright', 'iso\u2066late']) expect(cleanReason(bad)).toHaveProperty('message')
  fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 200 }), (text) => {
    const cleaned = cleanReason(text)
    return 'message' in cleaned || (cleaned.reason.length > 0 && cleaned.reason.length <= 200 && cleaned.reason === cleaned.reason.trim())
  }))
})

test('the board counts each refund and keeps each credit note once', () => {
  const input = { plan: 'barista', grind: 'wholeBean', roast: 'dark', bags: 2, name: 'Sam', address: { line1: 'a', city: 'b', postalCode: '1', country: 'DE' } }
  let board = upsertDelivery(emptyBoard('2026-11-25'), 'acc:2026-11-25', input, NOW).board
  const note = (n: number): BoardDocument => ({ kind: 'credit-note', number: `CN-00000${n}`, issuedAt: NOW, grossCents: 100, netCents: 93, vatCents: 7, vatRateBp: 700, vatCountry: 'DE', receiptNumber: 'R-000001', reason: 'x' })
  board = addRefund(board, 'acc:2026-11-25', 100, note(1), NOW)
  board = addRefund(board, 'acc:2026-11-25', 100, undefined, NOW)
  board = addCreditNote(board, 'acc:2026-11-25', note(2), NOW)
  board = addCreditNote(board, 'acc:2026-11-25', note(2), NOW)
  board = addRefund(board, 'acc:2026-11-25', 100, note(1), NOW)
  expect(board.deliveries[0]).toMatchObject({ refundedCents: 200, creditNotes: [note(1), note(2)] })
  // A later change of the customer's delivery keeps its money.
  board = upsertDelivery(board, 'acc:2026-11-25', { ...input, name: 'Sam R.' }, NOW).board
  expect(board.deliveries[0]).toMatchObject({ name: 'Sam R.', refundedCents: 200, creditNotes: [note(1), note(2)] })
})
