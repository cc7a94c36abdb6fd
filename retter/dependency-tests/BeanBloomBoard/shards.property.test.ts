/**
 * A day's board laid out over shards (shards.ts), checked by fast-check over random sequences of
 * changes with entries of any size (up to many kB of four-byte characters) and small budgets:
 * - the head and the shards' documents put together again are exactly the board, in packing order,
 *   and they agree (`complete`) when every document shows what the last change laid out;
 * - no part holds more than its budget unless it holds a single entry;
 * - a delivery that fits where it is never moves, and a change rewrites only the parts it touched;
 * - the bytes each part holds, kept change by change, equal a count from scratch;
 * - the byte count is Firestore's (the local mirror's size.ts) for every entry;
 * - a shard document left at an older revision is named as behind.
 */
import fc from 'fast-check'
import {
  emptyBoard, emptyLayout, firestoreBytes, layOut, mergeShards, removeDelivery, upsertDelivery,
  type Board, type BoardDeliveryInput, type ShardDocument, type ShardLayout,
} from '@retter-shared/BeanBloomBoard'
import { firestoreValueBytes } from '../../../rio-local/firestore/size'

const DAY = '2026-11-25'
const NOW = '2026-11-23T09:00:00.000Z'
const ids = Array.from({ length: 12 }, (_, i) => `acct_${i}:${DAY}`)

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 300 }))
const input: fc.Arbitrary<BoardDeliveryInput> = fc.record({
  plan: fc.constantFrom('barista', 'taster'),
  grind: fc.constantFrom('wholeBean', 'espresso'),
  roast: fc.constantFrom('light', 'dark'),
  bags: fc.integer({ min: 1, max: 3 }),
  name: text.filter((s) => s.length > 0),
  address: fc.record({ line1: text, city: text, postalCode: fc.constantFrom('10119', 'D02 X285'), country: fc.constantFrom('DE', 'JP') }),
})
type Op = { kind: 'upsert'; id: string; delivery: BoardDeliveryInput } | { kind: 'remove'; id: string }
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('upsert' as const), id: fc.constantFrom(...ids), delivery: input }),
  fc.record({ kind: fc.constant('upsert' as const), id: fc.constantFrom(...ids), delivery: input }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom(...ids) }),
)

function apply(board: Board, change: Op): Board {
  return change.kind === 'upsert' ? upsertDelivery(board, change.id, change.delivery, NOW).board : removeDelivery(board, change.id, NOW).board
}

test('the head and its shards are the whole board, each part within its budget, and a change rewrites only what it touched', () => {
  fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), fc.integer({ min: 600, max: 8000 }), (ops, budget) => {
    let board = emptyBoard(DAY)
    let layout: ShardLayout = emptyLayout()
    const docs: Record<string, ShardDocument> = {}
    for (const change of ops) {
      const next = apply(board, change)
      const laid = layOut({ board, layout }, next, budget)
      // A delivery that was not changed and whose part did not outgrow its budget stays where it was.
      for (const d of next.deliveries) {
        const before = layout.placement[d.deliveryId]
        if (before !== undefined && laid.layout.placement[d.deliveryId] !== before) {
          const part = next.deliveries.filter((e) => layout.placement[e.deliveryId] === before)
          const used = part.reduce((sum, e) => sum + firestoreBytes(e), 0)
          expect(used).toBeGreaterThan(before === 0 ? 0 : budget)
        }
      }
      for (const doc of laid.changed) docs[doc.shard] = doc
      // The bytes each part holds, kept change by change, are what counting them again gives.
      const counted: Record<string, number> = {}
      for (const d of next.deliveries) {
        const part = String(laid.layout.placement[d.deliveryId])
        counted[part] = (counted[part] ?? 0) + firestoreBytes(d)
      }
      expect(laid.layout.used).toEqual(counted)
      // Parts a change did not list keep their revision.
      for (const ref of laid.head.shards) if (!laid.changed.some((d) => d.shard === ref.id)) expect(ref.rev).toBe(docs[ref.id]?.rev)
      board = next
      layout = laid.layout
      const merged = mergeShards(laid.head, docs)
      expect(merged.complete).toBe(true)
      expect(merged.board.deliveries).toEqual(board.deliveries)
      expect(merged.board.totals).toEqual(board.totals)
      for (const ref of laid.head.shards) {
        const part = docs[ref.id]?.deliveries ?? []
        if (part.length > 1) expect(part.reduce((sum, d) => sum + firestoreBytes(d), 0)).toBeLessThanOrEqual(budget)
      }
      if (laid.head.deliveries.length > 1) expect(laid.head.deliveries.reduce((sum, d) => sum + firestoreBytes(d), 0)).toBeLessThanOrEqual(budget)
    }
    // A shard the head lists whose document stayed at an older revision is named as behind (a
    // shard emptied by the changes is no longer listed, so its old document does not matter).
    const last = layout.revs['1'] === undefined ? undefined : `${DAY}_1`
    const laid = layOut({ board, layout }, board, budget)
    if (last && docs[last] && laid.head.shards.some((ref) => ref.id === last)) {
      const stale = { ...docs, [last]: { ...(docs[last] as ShardDocument), rev: (docs[last] as ShardDocument).rev - 1 } }
      expect(mergeShards(laid.head, stale)).toMatchObject({ complete: false, behind: [last] })
    }
  }), { numRuns: 150 })
})

test('entries are counted as Firestore counts them (the local mirror’s size.ts)', () => {
  fc.assert(fc.property(input, (delivery) => {
    const entry = upsertDelivery(emptyBoard(DAY), ids[0] as string, delivery, NOW).board.deliveries[0]
    expect(firestoreBytes(entry)).toBe(firestoreValueBytes(entry))
  }))
})
