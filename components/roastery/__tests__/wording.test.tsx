/**
 * The roastery's words for one delivery: the day strip's count as a screen reader hears it, and
 * "Mark all shipped" on a day with one delivery to ship.
 */
import { render, screen, within } from '@testing-library/react'
import { RoasteryBoard } from '@/components/roastery/RoasteryBoard'
import { ShipAllDialog } from '@/components/roastery/ShipAllDialog'
import { emptyBoard, setDeliveryPayment, upsertDelivery, type Board } from '@/lib/roastery/board'
import type { RoasteryDay } from '@/contexts/RoasteryContext'

const AT = '2026-11-24T09:00:00.000Z'
function board(date: string, count: number): Board {
  let b = emptyBoard(date)
  for (let i = 0; i < count; i++) {
    b = upsertDelivery(b, `a${i}:${date}`, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 1, name: `N${i}`, address: { line1: 'a', city: 'b', postalCode: '1', country: 'DE' } }, AT).board
    b = setDeliveryPayment(b, `a${i}:${date}`, 'paid', AT).board
  }
  return b
}
const days: RoasteryDay[] = [
  { date: '2026-11-25', board: board('2026-11-25', 1), live: true, stale: false, error: null },
  { date: '2026-11-26', board: board('2026-11-26', 2), live: true, stale: false, error: null },
]
jest.mock('@/contexts/RoasteryContext', () => ({
  useRoastery: () => ({ days, status: 'success', error: null, liveUpdates: true, markShipped: jest.fn(), markAllShipped: jest.fn(), setTracking: jest.fn(), refundDelivery: jest.fn(), retry: jest.fn() }),
}))
jest.mock('@/contexts/AccountContext', () => ({ usePlanList: () => ({ plans: [] }) }))

test('the day strip counts "1 delivery" and "2 deliveries" for screen readers', () => {
  render(<RoasteryBoard />)
  const links = within(screen.getByRole('navigation', { name: 'Delivery days' })).getAllByRole('link')
  expect(links[0]).toHaveAccessibleName(/1 delivery$/)
  expect(links[1]).toHaveAccessibleName(/2 deliveries$/)
})

test('"Mark all shipped" on a day with one delivery speaks of that one', () => {
  render(<ShipAllDialog dayLabel="Wed 25 Nov" count={1} onHold={0} onConfirm={() => Promise.resolve()} onClose={jest.fn()} />)
  const dialog = screen.getByRole('dialog')
  expect(dialog).toHaveTextContent('The one delivery paid and still to ship on Wed 25 Nov is marked shipped, and its customer gets an e-mail')
  expect(dialog).not.toHaveTextContent(/All 1 delivery/)
})
