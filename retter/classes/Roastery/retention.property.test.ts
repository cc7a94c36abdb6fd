/**
 * The retention purge's rules, checked by fast-check over random boards (deliveries put on, shipped,
 * charged, refunded): purging a day leaves no name or street address on it; every other field of
 * every entry, the totals and the money view's summary and documents stay exactly as they were; the
 * packing order holds; and purging again changes nothing.
 */
import fc from 'fast-check'
import {
  addRefund, byPacking, emptyBoard, setDeliveryMoney, setDeliveryPayment, shipDelivery, upsertDelivery,
  type Board, type BoardDelivery, type BoardDeliveryInput, type BoardDocument,
} from '@retter-shared/BeanBloomBoard'
import { moneyOfDeliveries } from '../../../lib/roastery/money'
import { withoutPersonalData } from './retention'

const DAY = '2026-11-25'
const NOW = '2027-02-24T03:15:00.000Z'
const ids = ['acct_a', 'acct_b', 'acct_c', 'acct_d', 'acct_e', 'acct_f'].map((a) => `${a}:${DAY}`)

const input: fc.Arbitrary<BoardDeliveryInput> = fc.record({
  plan: fc.constantFrom('barista', 'taster', 'daily-grind'),
  grind: fc.constantFrom('wholeBean', 'espresso', 'filter'),
  roast: fc.constantFrom('light', 'dark'),
  bags: fc.integer({ min: 1, max: 3 }),
  name: fc.constantFrom('Ada', 'bo', 'Émile', 'Sam Rivera'),
  address: fc.oneof(
    fc.record({ line1: fc.constantFrom('1 Main St', 'Torstraße 1'), city: fc.constantFrom('Berlin', 'Dublin'), postalCode: fc.constantFrom('10119', 'D02 X285'), country: fc.constantFrom('DE', 'IE') }),
    fc.record({ line1: fc.constant('Flat 2'), line2: fc.constant('3 High St'), city: fc.constant('Cork'), postalCode: fc.constant('T12 ABC'), country: fc.constant('IE') }),
  ),
})

function receipt(id: string, cents: number): BoardDocument {
  return { kind: 'receipt', number: `R-${id.slice(5, 6)}`, issuedAt: '2026-11-24T00:00:00.000Z', grossCents: cents, netCents: cents - 100, vatCents: 100, vatRateBp: 700, vatCountry: 'DE', method: 'Visa •••• 4242' }
}

/** Builds a day: each delivery put on, and maybe charged, shipped and refunded. */
function boardOf(entries: Array<{ id: string; delivery: BoardDeliveryInput; shipped: boolean; paid: boolean; refund: number }>): Board {
  let board = emptyBoard(DAY)
  for (const e of entries) {
    board = upsertDelivery(board, e.id, e.delivery, NOW).board
    if (!e.paid) continue
    board = setDeliveryPayment(board, e.id, 'paid', NOW).board
    board = setDeliveryMoney(board, e.id, { amountCents: 2000, receipt: receipt(e.id, 2000) }, NOW).board
    if (e.shipped) board = shipDelivery(board, e.id, NOW).board
    if (e.refund > 0) board = addRefund(board, e.id, e.refund, { ...receipt(e.id, e.refund), kind: 'credit-note', number: `CN-${e.id.slice(5, 6)}`, receiptNumber: `R-${e.id.slice(5, 6)}`, reason: 'Torn bag' }, NOW)
  }
  return board
}

/** An entry without what names or locates a person. */
function withoutPerson(d: BoardDelivery): Omit<BoardDelivery, 'name' | 'address'> & { country: string } {
  const { name: _name, address, ...rest } = d
  return { ...rest, country: address.country }
}

test('a purged board names and locates nobody, and keeps everything else, in packing order; a second purge changes nothing', () => {
  fc.assert(fc.property(
    fc.uniqueArray(fc.record({ id: fc.constantFrom(...ids), delivery: input, shipped: fc.boolean(), paid: fc.boolean(), refund: fc.integer({ min: 0, max: 2000 }) }), { selector: (e) => e.id, maxLength: ids.length }),
    (entries) => {
      const before = boardOf(entries)
      const { board: after, purged } = withoutPersonalData(before, NOW)
      expect(purged).toBe(before.deliveries.length)
      for (const d of after.deliveries) {
        expect([d.name, d.address.line1, d.address.city, d.address.postalCode, d.address.line2 ?? '']).toEqual(['', '', '', '', ''])
      }
      const byId = (ds: BoardDelivery[]) => Object.fromEntries(ds.map((d) => [d.deliveryId, withoutPerson(d)]))
      expect(byId(after.deliveries)).toEqual(byId(before.deliveries))
      expect(after.totals).toEqual(before.totals)
      expect(moneyOfDeliveries(after.deliveries)).toEqual(moneyOfDeliveries(before.deliveries))
      expect([...after.deliveries].sort(byPacking)).toEqual(after.deliveries)
      const again = withoutPersonalData(after, NOW)
      expect(again.purged).toBe(0)
      expect(again.board).toBe(after)
    },
  ))
})
