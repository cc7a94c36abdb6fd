/**
 * Refunding from a day on /roastery: a paid delivery has "Refund", one still settling or not paid
 * has none; the dialog takes an amount in euros (everything left by default) and a reason, sends
 * whole cents, says the backend's 409 in its words, and the day says what was refunded.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DayBoard } from '@/components/roastery/DayBoard'
import type { RefundResult, ShipAllResult } from '@/contexts/RoasteryContext'
import { toAppError } from '@/lib/rio/errors/map'
import { addRefund, emptyBoard, setDeliveryMoney, setDeliveryPayment, upsertDelivery, type Board, type BoardPayment } from '@/lib/roastery/board'
import type { CsvLabels } from '@/lib/roastery/csv'

const DAY = '2026-11-25'
const AT = '2026-11-24T09:00:00.000Z'
const labels: CsvLabels = { plan: (id) => id, grind: (id) => id, roast: (id) => id }
const address = { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

function boardOf(): Board {
  let board = emptyBoard(DAY)
  const people: Array<[string, BoardPayment]> = [['Ada Paid', 'paid'], ['Bo Settling', 'processing'], ['Cy Refunded', 'paid']]
  people.forEach(([name, payment], i) => {
    const id = `acct_${i}:${DAY}`
    board = upsertDelivery(board, id, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name, address }, AT).board
    board = setDeliveryPayment(board, id, payment, AT).board
    board = setDeliveryMoney(board, id, { amountCents: 2000 }, AT).board
  })
  return addRefund(board, `acct_2:${DAY}`, 2000, undefined, AT)
}

function showDayWithUser(onRefund: jest.Mock<Promise<RefundResult>, [string, string, number, string]>) {
  render(
    <DayBoard
      day={{ date: DAY, board: boardOf(), live: true, error: null }} offset={1} leadDays={2} labels={labels}
      onShip={() => Promise.resolve()} onShipAll={() => Promise.resolve<ShipAllResult>({ shipped: 0, failed: [], onHold: 0 })} onRefund={onRefund}
    />,
  )
  return userEvent.setup()
}

test('only a paid delivery with something left to refund has “Refund”; the refund goes in whole cents with its reason', async () => {
  const onRefund = jest.fn<Promise<RefundResult>, [string, string, number, string]>(() => Promise.resolve({ amountCents: 550, refundedCents: 550, creditNote: 'CN-000003' }))
  const user = showDayWithUser(onRefund)
  const packing = screen.getByRole('table', { name: 'Packing list' })
  expect(within(packing).queryByRole('button', { name: 'Refund: Bo Settling' })).toBeNull()
  expect(within(packing).queryByRole('button', { name: 'Refund: Cy Refunded' })).toBeNull()
  expect(within(packing).getByRole('row', { name: /Cy Refunded/ })).toHaveTextContent('Refunded €20.00')

  await user.click(within(packing).getByRole('button', { name: 'Refund: Ada Paid' }))
  const dialog = screen.getByRole('dialog')
  expect(within(dialog).getByLabelText('Amount (€)')).toHaveValue('20.00')
  await user.clear(within(dialog).getByLabelText('Amount (€)'))
  await user.type(within(dialog).getByLabelText('Amount (€)'), '5,5')
  await user.click(within(dialog).getByRole('button', { name: 'Refund €5.50' }))
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason for the refund.')
  expect(onRefund).not.toHaveBeenCalled()
  await user.type(within(dialog).getByLabelText('Reason'), 'Bag torn')
  await user.click(within(dialog).getByRole('button', { name: 'Refund €5.50' }))
  expect(onRefund).toHaveBeenCalledWith(DAY, `acct_0:${DAY}`, 550, 'Bag torn')
  expect(await screen.findByText('€5.50 refunded to Ada Paid. Credit note CN-000003 is on its way to the customer.')).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('more than is left is refused in the form; a 409 from the backend is said in its words and the form stays', async () => {
  const refused = toAppError({ response: { status: 409, data: { code: 'ALREADY_REFUNDED', message: 'The delivery x was already refunded in full (€20.00); nothing is left to refund.' } } })
  const onRefund = jest.fn<Promise<RefundResult>, [string, string, number, string]>(() => Promise.reject(refused))
  const user = showDayWithUser(onRefund)
  await user.click(screen.getByRole('button', { name: 'Refund: Ada Paid' }))
  const dialog = screen.getByRole('dialog')
  await user.clear(within(dialog).getByLabelText('Amount (€)'))
  await user.type(within(dialog).getByLabelText('Amount (€)'), '20.01')
  await user.type(within(dialog).getByLabelText('Reason'), 'Lost')
  await user.click(within(dialog).getByRole('button', { name: /^Refund/ }))
  expect(within(dialog).getByRole('alert')).toHaveTextContent('At most €20.00 can still be refunded.')
  await user.clear(within(dialog).getByLabelText('Amount (€)'))
  await user.type(within(dialog).getByLabelText('Amount (€)'), '20')
  await user.click(within(dialog).getByRole('button', { name: 'Refund €20.00' }))
  expect(await within(dialog).findByText('The delivery x was already refunded in full (€20.00); nothing is left to refund.')).toBeInTheDocument()
  expect(within(dialog).getByLabelText('Reason')).toHaveValue('Lost')
})
