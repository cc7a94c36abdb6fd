/**
 * The money view on /roastery: a month read when staff ask, each delivery day's charged, failed,
 * awaiting the bank, refunded and net collected, the month's totals and VAT per country, the CSV
 * for the accountant, and a refund of a delivery whose day has left the board.
 */
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MoneyView } from '@/components/roastery/MoneyView'
import { addRefund, emptyBoard, setDeliveryMoney, setDeliveryPayment, upsertDelivery, type Board, type BoardDocument, type BoardPayment } from '@/lib/roastery/board'

const readMonth = jest.fn<Promise<Board[]>, [string]>()
const refundAnyDay = jest.fn(() => Promise.resolve({ amountCents: 1000, refundedCents: 1000, creditNote: 'CN-000004' }))
jest.mock('@/contexts/RoasteryContext', () => ({ useRoastery: () => ({ readMonth, refundAnyDay }) }))
const downloadText = jest.fn()
jest.mock('@/lib/roastery/download', () => ({ downloadText: (...args: unknown[]) => downloadText(...args) }))

const AT = '2026-11-01T00:00:00.000Z'
const receipt = (n: number, country: string, vat: number, rateBp: number): BoardDocument => ({
  kind: 'receipt', number: `R-00000${n}`, issuedAt: AT, grossCents: 2000, netCents: 2000 - vat, vatCents: vat, vatRateBp: rateBp, vatCountry: country, method: 'Visa •••• 4242',
})
function day(date: string, people: Array<[string, BoardPayment, BoardDocument?]>): Board {
  let board = emptyBoard(date)
  people.forEach(([name, payment, doc], i) => {
    const id = `acct_${i}:${date}`
    board = upsertDelivery(board, id, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name, address: { line1: 'a', city: 'b', postalCode: '1', country: doc?.vatCountry ?? 'DE' } }, AT).board
    board = setDeliveryPayment(board, id, payment, AT).board
    board = setDeliveryMoney(board, id, { amountCents: 2000, receipt: doc }, AT).board
  })
  return board
}

test('a month by delivery day, its totals and VAT per country, its CSV, and a refund of an earlier day', async () => {
  const first = addRefund(day('2026-11-04', [['Ada', 'paid', receipt(1, 'DE', 131, 700)], ['Bo', 'failed']]), 'acct_0:2026-11-04', 500, undefined, AT)
  const second = day('2026-11-11', [['Cy', 'paid', receipt(2, 'FR', 104, 550)], ['Di', 'requires_action']])
  readMonth.mockResolvedValue([emptyBoard('2026-11-01'), first, second])
  const user = userEvent.setup()
  render(<MoneyView />)
  // A browser's month picker hands over a whole month at once. Typed key by key, jsdom would
  // sanitise each partial value ("2", "20", ...) to "" and the field would keep this month.
  fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-11' } })
  expect(screen.getByLabelText('Month')).toHaveValue('2026-11')
  await user.click(screen.getByRole('button', { name: 'Show the month' }))
  const table = await screen.findByRole('table', { name: 'Money' })
  expect(readMonth).toHaveBeenCalledWith('2026-11')
  const rows = within(table).getAllByRole('row').slice(1)
  // Days with nothing charged are left out; the month sums the days.
  expect(rows.map((r) => r.getAttribute('data-day'))).toEqual(['2026-11-04', '2026-11-11', 'month'])
  expect(rows[0]).toHaveTextContent(/€20\.00 \(1\).*€20\.00 \(1\).*€0\.00 \(0\).*€5\.00.*€15\.00/)
  expect(rows[2]).toHaveTextContent(/€40\.00 \(2\).*€20\.00 \(1\).*€20\.00 \(1\).*€5\.00.*€35\.00/)
  const vat = screen.getByRole('table', { name: 'VAT by country' })
  expect(within(vat).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['DE7%€18.69€1.31', 'FR5.5%€18.96€1.04', 'All countries€37.65€2.35'])

  await user.click(screen.getByRole('button', { name: /Download CSV/ }))
  expect(downloadText).toHaveBeenCalledWith('receipts-and-credit-notes-2026-11.csv', expect.stringContaining('Receipt,R-000001'))

  await user.click(within(rows[1] as HTMLElement).getByText('Refund a delivery'))
  await user.click(screen.getByRole('button', { name: 'Refund: Cy' }))
  const dialog = screen.getByRole('dialog')
  await user.clear(within(dialog).getByLabelText('Amount (€)'))
  await user.type(within(dialog).getByLabelText('Amount (€)'), '10')
  await user.type(within(dialog).getByLabelText('Reason'), 'Lost in the post')
  await user.click(within(dialog).getByRole('button', { name: 'Refund €10.00' }))
  expect(refundAnyDay).toHaveBeenCalledWith('2026-11-11', 'acct_0:2026-11-11', 1000, 'Lost in the post')
  expect(await screen.findByText('€10.00 refunded to Cy. Credit note CN-000004 is on its way to the customer.')).toBeInTheDocument()
  expect(readMonth).toHaveBeenCalledTimes(2)
})
