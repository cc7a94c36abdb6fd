/**
 * Parcels' tracking on /roastery and /account: staff enter a carrier and tracking number per parcel
 * (a bad number is named before anything is sent) or import a carrier's CSV for the day; the
 * packing list and the customer's "Your deliveries" link to the carrier's page.
 */
import '@/test/intersection-observer'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { DayBoard } from '@/components/roastery/DayBoard'
import { DeliveryHistory } from '@/components/account/DeliveryHistory'
import { emptyBoard, setDeliveryPayment, setDeliveryTracking, upsertDelivery, type Board } from '@/lib/roastery/board'
import type { CsvLabels } from '@/lib/roastery/csv'
import type { AccountView } from '@/lib/contract'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'

jest.mock('@/contexts/AccountContext', () => ({ useCustomerCalls: () => ({ retryPayment: jest.fn() }) }))
jest.mock('@/components/payments/MethodEditor', () => ({ useMethodEditor: () => ({}) }))

const DAY = '2026-11-25'
const AT = '2026-11-24T09:00:00.000Z'
const labels: CsvLabels = { plan: (id) => id, grind: (id) => id, roast: (id) => id }
const address = { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

function boardOf(names: string[]): Board {
  let board = emptyBoard(DAY)
  names.forEach((name, i) => {
    board = upsertDelivery(board, `acct_${i}:${DAY}`, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name, address }, AT).board
    board = setDeliveryPayment(board, `acct_${i}:${DAY}`, 'paid', AT).board
  })
  return board
}

function renderDay(board: Board) {
  const onSetTracking = jest.fn((_date: string, entries: unknown[]) => Promise.resolve({ updated: entries.length }))
  render(<DayBoard day={{ date: DAY, board, live: true, error: null }} offset={1} leadDays={2} labels={labels} onShip={jest.fn()} onShipAll={jest.fn()} onSetTracking={onSetTracking} />)
  return { onSetTracking, user: userEvent.setup() }
}

test('one parcel: a malformed number is named and nothing is sent; a good one is saved, and the row links to the carrier', async () => {
  const { onSetTracking, user } = renderDay(boardOf(['Ann']))
  await user.click(screen.getByRole('button', { name: 'Add tracking: Ann' }))
  const dialog = screen.getByRole('dialog', { name: 'Tracking for Ann' })
  await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'DPD')
  await user.type(within(dialog).getByLabelText('Tracking number'), '12<3')
  await user.click(within(dialog).getByRole('button', { name: 'Save tracking' }))
  expect(within(dialog).getByRole('alert')).toHaveTextContent(/^The tracking number must be 6 to 40 letters and digits/)
  expect(onSetTracking).not.toHaveBeenCalled()
  await user.clear(within(dialog).getByLabelText('Tracking number'))
  await user.type(within(dialog).getByLabelText('Tracking number'), '0150 1234 5678 90')
  await user.click(within(dialog).getByRole('button', { name: 'Save tracking' }))
  expect(onSetTracking).toHaveBeenCalledWith(DAY, [{ deliveryId: `acct_0:${DAY}`, carrier: 'dpd', trackingNumber: '01501234567890' }])
  expect(await screen.findByText('Tracking saved for Ann’s parcel.')).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).toBeNull()
})

test('a parcel with tracking shows the carrier\'s link in the packing list', () => {
  const board = setDeliveryTracking(boardOf(['Ann']), `acct_0:${DAY}`, { carrier: 'gls', number: '123456789012' }, AT).board
  renderDay(board)
  expect(screen.getByRole('link', { name: /Track with GLS: 123456789012/ })).toHaveAttribute('href', 'https://gls-group.com/track/123456789012')
  expect(screen.getByRole('button', { name: 'Change tracking: Ann' })).toBeInTheDocument()
})

test('a carrier\'s CSV for the day: its parcels are sent in one go, other lines left out', async () => {
  const { onSetTracking, user } = renderDay(boardOf(['Ann', 'Ben']))
  await user.click(screen.getByRole('button', { name: /Import tracking/ }))
  const dialog = screen.getByRole('dialog')
  await user.selectOptions(within(dialog).getByLabelText(/^Carrier \(/), 'PostNL')
  const file = new File([`Reference;Tracking number\nacct_1:${DAY};3SABCD1234567\nold:2026-11-18;3SXXXX0000000\n`], 'postnl.csv', { type: 'text/csv' })
  await user.upload(within(dialog).getByLabelText('Carrier’s CSV'), file)
  expect(await within(dialog).findByRole('status')).toHaveTextContent('1 parcel of this day; 1 other line left out.')
  await user.click(within(dialog).getByRole('button', { name: 'Import' }))
  expect(onSetTracking).toHaveBeenCalledWith(DAY, [{ deliveryId: `acct_1:${DAY}`, carrier: 'postnl', trackingNumber: '3SABCD1234567' }])
  expect(await screen.findByText('Tracking saved for 1 parcel.')).toBeInTheDocument()
})

test('the customer\'s shipped delivery on /account links to its tracking page', () => {
  const account = {
    email: 'sam@example.com', plan: 'barista', status: 'active',
    deliveries: [{ date: '2026-11-25T00:00:00.000Z', plan: 'barista', grind: 'wholeBean', roast: 'dark', bags: 2, shippedAt: '2026-11-25T08:00:00.000Z', tracking: { carrier: 'ups', number: '1Z999AA10123456784' } }],
  } as unknown as AccountView
  render(<DeliveryHistory account={account} plans={[...PLANS]} locale="en-GB" />, { wrapper: MemoryRouterProvider })
  const delivery = screen.getByRole('list', { name: 'Shipped deliveries, newest first' })
  expect(within(delivery).getByRole('link', { name: /Track with UPS: 1Z999AA10123456784/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784')
})
