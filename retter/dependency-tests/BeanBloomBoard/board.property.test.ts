/**
 * The board's rules, checked by fast-check over random sequences of what Accounts and staff do to a
 * day (put a delivery on, change it, take it off, mark it shipped), against a plain reference model:
 * - the board holds exactly the model's deliveries, one entry per delivery id, in packing order;
 * - `totals` are the bags and deliveries per plan × grind × roast of those entries: every row is
 *   non-empty, the rows add up to the whole day, and no combination appears twice;
 * - a shipped delivery never changes or leaves the board again, whatever comes after;
 * - the same final deliveries give the same board whatever order they arrived in.
 */
import fc from 'fast-check'
import {
  emptyBoard, isBoardDate, removeDelivery, shipDelivery, totalsOf, upsertDelivery,
  type Board, type BoardDelivery, type BoardDeliveryInput,
} from '@retter-shared/BeanBloomBoard'

const DAY = '2026-11-25'
const NOW = '2026-11-23T09:00:00.000Z'
const ids = ['acct_a', 'acct_b', 'acct_c', 'acct_d', 'acct_e'].map((a) => `${a}:${DAY}`)

const input: fc.Arbitrary<BoardDeliveryInput> = fc.record({
  plan: fc.constantFrom('barista', 'taster', 'daily-grind', 'roasters-club'),
  grind: fc.constantFrom('wholeBean', 'espresso', 'filter'),
  roast: fc.constantFrom('light', 'dark', 'roastersChoice'),
  bags: fc.integer({ min: 1, max: 3 }),
  name: fc.constantFrom('Ada', 'bo', 'Cy', 'ada', 'Émile'),
  address: fc.record({ line1: fc.constantFrom('1 Main St', 'Torstraße 1'), city: fc.constantFrom('Berlin', 'Dublin'), postalCode: fc.constantFrom('10119', 'D02 X285'), country: fc.constantFrom('DE', 'IE') }),
})

type Op =
  | { kind: 'upsert'; id: string; delivery: BoardDeliveryInput }
  | { kind: 'remove'; id: string }
  | { kind: 'ship'; id: string }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('upsert' as const), id: fc.constantFrom(...ids), delivery: input }),
  fc.record({ kind: fc.constant('upsert' as const), id: fc.constantFrom(...ids), delivery: input }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom(...ids) }),
  fc.record({ kind: fc.constant('ship' as const), id: fc.constantFrom(...ids) }),
)

function apply(board: Board, step: Op): Board {
  switch (step.kind) {
    case 'upsert': return upsertDelivery(board, step.id, step.delivery, NOW).board
    case 'remove': return removeDelivery(board, step.id, NOW).board
    case 'ship': return shipDelivery(board, step.id, NOW).board
  }
}

/** The reference: a map of id → delivery, with shipped deliveries frozen. */
function model(ops: Op[]): Map<string, { delivery: BoardDeliveryInput; shipped: boolean }> {
  const entries = new Map<string, { delivery: BoardDeliveryInput; shipped: boolean }>()
  for (const step of ops) {
    const current = entries.get(step.id)
    if (current?.shipped) continue
    if (step.kind === 'upsert') entries.set(step.id, { delivery: step.delivery, shipped: false })
    else if (step.kind === 'remove') entries.delete(step.id)
    else if (current) current.shipped = true
  }
  return entries
}

const product = (d: { plan: string; grind: string; roast: string }) => `${d.plan}|${d.grind}|${d.roast}`

function checkTotals(board: Board): void {
  expect(board.totals).toEqual(totalsOf(board.deliveries))
  const keys = board.totals.map(product)
  expect(new Set(keys).size).toBe(keys.length)
  expect([...keys].sort()).toEqual(keys)
  for (const total of board.totals) {
    expect(total.deliveries).toBeGreaterThan(0)
    const matching = board.deliveries.filter((d) => product(d) === product(total))
    expect(total.deliveries).toBe(matching.length)
    expect(total.bags).toBe(matching.reduce((sum, d) => sum + d.bags, 0))
  }
  expect(board.totals.reduce((sum, t) => sum + t.bags, 0)).toBe(board.deliveries.reduce((sum, d) => sum + d.bags, 0))
}

function checkPackingOrder(deliveries: BoardDelivery[]): void {
  const key = (d: BoardDelivery) => [d.plan, d.grind, d.roast, d.name.toLowerCase(), d.deliveryId]
  for (let i = 1; i < deliveries.length; i++) {
    const a = key(deliveries[i - 1] as BoardDelivery)
    const b = key(deliveries[i] as BoardDelivery)
    const order = a.findIndex((part, j) => part !== b[j])
    if (order >= 0) expect((a[order] as string) < (b[order] as string)).toBe(true)
  }
}

test('the board holds exactly what the reference holds, in packing order, with totals that add up', () => {
  fc.assert(fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
    let board = emptyBoard(DAY)
    const shippedSoFar = new Map<string, BoardDelivery>()
    for (const step of ops) {
      board = apply(board, step)
      checkTotals(board)
      checkPackingOrder(board.deliveries)
      // Shipped is final: the entry is exactly as it was shipped.
      for (const [id, shipped] of shippedSoFar) expect(board.deliveries.find((d) => d.deliveryId === id)).toEqual(shipped)
      for (const d of board.deliveries) if (d.status === 'shipped' && !shippedSoFar.has(d.deliveryId)) shippedSoFar.set(d.deliveryId, d)
    }
    const expected = model(ops)
    expect(board.deliveries.map((d) => d.deliveryId).sort()).toEqual([...expected.keys()].sort())
    for (const d of board.deliveries) {
      const want = expected.get(d.deliveryId)
      expect(want).toBeDefined()
      const { deliveryId: _id, status, shippedAt, ...rest } = d
      expect(rest).toEqual(want?.delivery)
      expect(status).toBe(want?.shipped ? 'shipped' : 'scheduled')
      expect(shippedAt === undefined).toBe(!want?.shipped)
    }
  }))
})

test('the same deliveries arriving in any order give the same board', () => {
  fc.assert(fc.property(
    fc.uniqueArray(fc.record({ id: fc.constantFrom(...ids), delivery: input }), { selector: (e) => e.id, maxLength: ids.length }),
    fc.infiniteStream(fc.nat()),
    (entries, randomness) => {
      const shuffled = entries.map((e) => ({ e, r: randomness.next().value })).sort((a, b) => a.r - b.r).map((x) => x.e)
      const build = (list: typeof entries) => list.reduce((b, e) => upsertDelivery(b, e.id, e.delivery, NOW).board, emptyBoard(DAY))
      expect(build(shuffled)).toEqual(build(entries))
    },
  ))
})

test('an update that changes nothing reports it and leaves the board as it was', () => {
  fc.assert(fc.property(input, (delivery) => {
    const first = upsertDelivery(emptyBoard(DAY), ids[0] as string, delivery, NOW)
    expect(first.outcome).toBe('added')
    const again = upsertDelivery(first.board, ids[0] as string, JSON.parse(JSON.stringify(delivery)) as BoardDeliveryInput, '2026-11-24T00:00:00.000Z')
    expect(again.outcome).toBe('unchanged')
    expect(again.board).toBe(first.board)
  }))
})

test('a day is a real calendar date in YYYY-MM-DD', () => {
  expect(['2026-11-25', '2028-02-29', '2026-12-31'].every(isBoardDate)).toBe(true)
  expect(['2026-02-29', '2026-13-01', '2026-11-25T00:00:00Z', '26-11-25', '', 20261125, null].some(isBoardDate)).toBe(false)
  fc.assert(fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (date) => {
    expect(isBoardDate(date.toISOString().slice(0, 10))).toBe(true)
  }))
})
