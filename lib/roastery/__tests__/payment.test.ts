/**
 * The board for staff once deliveries are paid for: what may ship, what waits for its payment, the
 * words for each payment, and what to roast (fast-check over any board, plus readable examples).
 */
import fc from 'fast-check'
import { emptyBoard, setDeliveryPayment, shipDelivery, upsertDelivery, type Board, type BoardDelivery, type BoardPayment } from '@/lib/roastery/board'
import { deliveryPaymentText, paymentText, roastPlan, shippingState, splitBoard } from '@/lib/roastery/payment'
import { translator } from '@/test/i18n'

// The English words, as an English page writes them.
const t = translator('en')

const DAY = '2026-11-25'
const AT = '2026-11-24T09:00:00.000Z'
const PAYMENTS: ReadonlyArray<BoardPayment | undefined> = ['charging', 'processing', 'paid', 'failed', 'requires_action', 'unpaid', undefined]

const address = { line1: '1 Main St', city: 'Cork', postalCode: 'T12', country: 'IE' }

/** A board built with the class's own rules: deliveries put on, some paid, some shipped. */
function boardOf(entries: ReadonlyArray<{ plan: string; grind: string; roast: string; bags: number; payment?: BoardPayment; shipped: boolean }>): Board {
  let board = emptyBoard(DAY)
  entries.forEach((e, i) => {
    const id = `acct_${i}:${DAY}`
    board = upsertDelivery(board, id, { plan: e.plan, grind: e.grind, roast: e.roast, bags: e.bags, name: `Customer ${i}`, address }, AT).board
    if (e.payment) board = setDeliveryPayment(board, id, e.payment, AT).board
    if (e.shipped) board = shipDelivery(board, id, AT).board
  })
  return board
}

const entry = fc.record({
  plan: fc.constantFrom('taster', 'barista'),
  grind: fc.constantFrom('wholeBean', 'espresso'),
  roast: fc.constantFrom('light', 'dark'),
  bags: fc.integer({ min: 1, max: 4 }),
  payment: fc.constantFrom(...PAYMENTS),
  shipped: fc.boolean(),
})
const boards = fc.array(entry, { maxLength: 25 }).map(boardOf)

test('every delivery has one place: shipped, ready (paid or settling, still scheduled) or on hold; each list keeps packing order', () => {
  fc.assert(fc.property(boards, (board) => {
    const split = splitBoard(board.deliveries)
    const ids = (list: BoardDelivery[]) => list.map((d) => d.deliveryId)
    const inOrder = (list: BoardDelivery[]) => board.deliveries.filter((d) => list.includes(d))
    expect(split.ready.length + split.shipped.length + split.onHold.length).toBe(board.deliveries.length)
    expect(ids(split.ready)).toEqual(ids(board.deliveries.filter((d) => d.status === 'scheduled' && (d.payment === 'paid' || d.payment === 'processing'))))
    expect(ids(split.shipped)).toEqual(ids(board.deliveries.filter((d) => d.status === 'shipped')))
    expect(ids(split.onHold)).toEqual(ids(board.deliveries.filter((d) => d.status === 'scheduled' && d.payment !== 'paid' && d.payment !== 'processing')))
    expect(split.packing).toEqual(inOrder([...split.ready, ...split.shipped]))
  }))
})

test('what to roast counts every bag but the unpaid ones, awaiting payment apart, per coffee', () => {
  fc.assert(fc.property(boards, (board) => {
    const plan = roastPlan(board.deliveries)
    const unpaid = board.deliveries.filter((d) => d.status === 'scheduled' && d.payment === 'unpaid')
    const awaiting = board.deliveries.filter((d) => shippingState(d) === 'on-hold' && d.payment !== 'unpaid')
    const sum = (list: BoardDelivery[]) => list.reduce((n, d) => n + d.bags, 0)
    expect(plan.unpaidDeliveries).toBe(unpaid.length)
    expect(plan.unpaidBags).toBe(sum(unpaid))
    expect(plan.awaitingBags).toBe(sum(awaiting))
    expect(plan.paidBags + plan.awaitingBags + plan.unpaidBags).toBe(sum(board.deliveries))
    expect(plan.deliveries).toBe(board.deliveries.length - unpaid.length)
    // Rows add up to the day, and each row is its coffee's counted deliveries.
    expect(plan.rows.reduce((n, r) => n + r.paidBags + r.awaitingBags, 0)).toBe(plan.paidBags + plan.awaitingBags)
    for (const row of plan.rows) {
      const mine = board.deliveries.filter((d) => d.plan === row.plan && d.grind === row.grind && d.roast === row.roast && !unpaid.includes(d))
      expect(row.deliveries).toBe(mine.length)
      expect(row.deliveries).toBeGreaterThan(0)
      expect(row.paidBags + row.awaitingBags).toBe(sum(mine))
    }
    const keys = plan.rows.map((r) => `${r.plan}|${r.grind}|${r.roast}`)
    expect(keys).toEqual([...keys].sort())
    expect(new Set(keys).size).toBe(keys.length)
  }))
})

test('a day with paid, settling, failed and unpaid deliveries', () => {
  const board = boardOf([
    { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, payment: 'paid', shipped: false },
    { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 1, payment: 'failed', shipped: false },
    { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, payment: 'unpaid', shipped: false },
    { plan: 'taster', grind: 'wholeBean', roast: 'light', bags: 1, payment: 'processing', shipped: true },
  ])
  expect(roastPlan(board.deliveries)).toEqual({
    rows: [
      { plan: 'barista', grind: 'espresso', roast: 'dark', paidBags: 2, awaitingBags: 1, deliveries: 2 },
      { plan: 'taster', grind: 'wholeBean', roast: 'light', paidBags: 1, awaitingBags: 0, deliveries: 1 },
    ],
    paidBags: 3, awaitingBags: 1, deliveries: 3, unpaidDeliveries: 1, unpaidBags: 2,
  })
})

test.each([
  ['paid', 'Paid'],
  ['processing', 'Paid by direct debit (settling)'],
  ['charging', 'Being charged'],
  ['failed', 'Payment failed'],
  ['requires_action', 'Bank confirmation needed'],
  ['unpaid', 'Not paid'],
  [undefined, 'Not charged yet'],
] as Array<[BoardPayment | undefined, string]>)('a payment %s reads “%s” to staff', (payment, words) => {
  expect(paymentText(payment, t)).toBe(words)
  expect(deliveryPaymentText({ status: 'scheduled', payment }, t)).toBe(words)
})

test('a delivery shipped before payments were recorded has no payment words; one shipped paid keeps them', () => {
  expect(deliveryPaymentText({ status: 'shipped' }, t)).toBeNull()
  expect(deliveryPaymentText({ status: 'shipped', payment: 'paid' }, t)).toBe('Paid')
  expect(shippingState({ status: 'shipped' })).toBe('shipped')
})

test('an extra bag of a delivery’s coffee is roasted with it: counted in its row and in the day’s totals; a gift box is not', () => {
  let board = emptyBoard(DAY)
  const extras = [{ itemId: 'extra-bag', name: 'Another bag of this coffee', quantity: 2, bag: true }, { itemId: 'gift-box', name: 'Gift box', quantity: 1 }]
  board = upsertDelivery(board, `a:${DAY}`, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name: 'Ann', address, extras }, AT).board
  board = setDeliveryPayment(board, `a:${DAY}`, 'paid', AT).board
  expect(roastPlan(board.deliveries)).toMatchObject({ rows: [{ plan: 'barista', grind: 'espresso', roast: 'dark', paidBags: 4, deliveries: 1 }], paidBags: 4 })
  // The board's own totals agree.
  expect(board.totals).toEqual([{ plan: 'barista', grind: 'espresso', roast: 'dark', bags: 4, deliveries: 1 }])
  // Taking the extra bag off counts it off again.
  board = upsertDelivery(board, `a:${DAY}`, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name: 'Ann', address, extras: [extras[1]!] }, AT).board
  expect(board.totals).toEqual([{ plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, deliveries: 1 }])
})
