/**
 * The packing list prints each address as its country's post lays it out (the e-mails and
 * receipts do too), once the lazily loaded layout has arrived; the plain layout until then.
 */
import { act, render, screen, within } from '@testing-library/react'
import { PackingList } from '@/components/roastery/PackingList'
import { loadPostalLayout } from '@/lib/format/address'
import { emptyBoard, setDeliveryPayment, upsertDelivery } from '@/lib/roastery/board'
import type { CsvLabels } from '@/lib/roastery/csv'

const DAY = '2026-11-25'
const AT = '2026-11-24T09:00:00.000Z'
const labels: CsvLabels = { plan: (id) => id, grind: (id) => id, roast: (id) => id }

function deliveriesTo(people: Array<{ name: string; address: { line1: string; city: string; postalCode: string; country: string } }>) {
  let board = emptyBoard(DAY)
  people.forEach((p, i) => {
    const id = `acct_${i}:${DAY}`
    board = upsertDelivery(board, id, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 1, name: p.name, address: p.address }, AT).board
    board = setDeliveryPayment(board, id, 'paid', AT).board
  })
  return Object.values(board.deliveries)
}

test('a UK postcode is printed after the town, a German one before it', async () => {
  const deliveries = deliveriesTo([
    { name: 'Sam Jones', address: { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' } },
    { name: 'Lena Vogt', address: { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' } },
  ])
  render(<PackingList deliveries={deliveries} labels={labels} headingId="h" sending={new Set()} onShip={() => undefined} />)
  const lines = (name: string) => Array.from(within(screen.getByRole('rowheader', { name: new RegExp(name) })).getAllByText(/./, { selector: 'span > span' })).map((el) => el.textContent)
  await act(async () => {
    await loadPostalLayout()
  })
  expect(await screen.findByText('SW1A 2AA')).toBeInTheDocument()
  expect(lines('Sam Jones')).toEqual(['10 Downing Street', 'London', 'SW1A 2AA', 'The United Kingdom'])
  expect(lines('Lena Vogt')).toEqual(['Torstraße 1', '10119 Berlin', 'Germany'])
})

test('what a customer added is packed with their delivery: the row names each extra and how many', () => {
  let board = emptyBoard(DAY)
  const address = { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
  board = upsertDelivery(board, `a:${DAY}`, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 1, name: 'Lena Vogt', address, extras: [{ itemId: 'gift-box', name: 'Gift box', quantity: 2 }, { itemId: 'dripper', name: 'Ceramic pour-over dripper', quantity: 1 }] }, AT).board
  board = upsertDelivery(board, `b:${DAY}`, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 1, name: 'Sam Jones', address }, AT).board
  render(<PackingList deliveries={Object.values(board.deliveries)} labels={labels} headingId="h" sending={new Set()} onShip={() => undefined} />)
  const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) })
  expect(within(row('Lena Vogt')).getByText('Pack with it: 2 × Gift box; 1 × Ceramic pour-over dripper')).toBeInTheDocument()
  expect(within(row('Sam Jones')).queryByText(/^Pack with it/)).not.toBeInTheDocument()
})
