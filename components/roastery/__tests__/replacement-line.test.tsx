/**
 * A free replacement on a day's board: its own packing line, beside the customer's own delivery of
 * that day, saying which lost delivery it replaces; free, so ready to ship and counted in the
 * roast, with nothing to refund; the packing list's CSV says so too.
 */
import { render, screen, within } from '@testing-library/react'
import { DayBoard } from '@/components/roastery/DayBoard'
import type { ShipAllResult } from '@/contexts/RoasteryContext'
import { emptyBoard, replacementIdFor, setDeliveryMoney, setDeliveryPayment, upsertDelivery, type Board } from '@/lib/roastery/board'
import { packingListCsv, type CsvLabels } from '@/lib/roastery/csv'
import { roastPlan } from '@/lib/roastery/payment'

const DAY = '2026-11-27'
const AT = '2026-11-25T09:00:00.000Z'
const labels: CsvLabels = { plan: (id) => id, grind: (id) => id, roast: (id) => id }
const address = { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

function boardOf(): Board {
  let board = emptyBoard(DAY)
  // Ada's own delivery of the day, not charged yet, and her replacement for the 25th.
  board = upsertDelivery(board, `acct_0:${DAY}`, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name: 'Ada Lovelace', address }, AT).board
  board = upsertDelivery(board, replacementIdFor('acct_0', DAY), { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name: 'Ada Lovelace', address, replacementFor: '2026-11-25' }, AT).board
  board = upsertDelivery(board, `acct_1:${DAY}`, { plan: 'barista', grind: 'filter', roast: 'light', bags: 1, name: 'Bo Paid', address }, AT).board
  board = setDeliveryPayment(board, `acct_1:${DAY}`, 'paid', AT).board
  return setDeliveryMoney(board, `acct_1:${DAY}`, { amountCents: 1200 }, AT).board
}

test('the replacement is its own line, free and ready to ship, with nothing to refund; the customer’s own delivery waits for its payment', () => {
  const board = boardOf()
  render(
    <DayBoard
      day={{ date: DAY, board, live: true, error: null }} offset={2} leadDays={2} labels={labels}
      onShip={() => Promise.resolve()} onShipAll={() => Promise.resolve<ShipAllResult>({ shipped: 0, failed: [], onHold: 0 })} onRefund={() => Promise.reject(new Error('not called'))}
    />,
  )
  const packing = screen.getByRole('table', { name: 'Packing list' })
  const rows = within(packing).getAllByRole('row', { name: /Ada Lovelace/ })
  expect(rows).toHaveLength(1)
  const line = rows[0] as HTMLElement
  expect(line).toHaveTextContent(/Replacement for the delivery of .*25/)
  expect(line).toHaveTextContent('Free replacement')
  expect(within(line).queryByRole('button', { name: /Refund/ })).toBeNull()
  // Ada's own delivery of the day is not charged yet: on hold, apart from the packing list.
  expect(screen.getAllByText('Ada Lovelace')).toHaveLength(2)

  // Roasted as paid: the replacement's 2 bags and Bo's 1; Ada's own 2 are awaiting payment.
  expect(roastPlan(board.deliveries)).toMatchObject({ paidBags: 3, awaitingBags: 2 })
  const csv = packingListCsv(board, labels)
  expect(csv).toContain(`${replacementIdFor('acct_0', DAY)},Ada Lovelace`)
  expect(csv).toContain('Free replacement for the delivery of 2026-11-25')
})
