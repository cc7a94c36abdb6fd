/**
 * A day on /roastery once deliveries are paid for, rendered from a board built with the class's own
 * rules: each delivery's payment, the paid ones in the packing list with "Mark shipped", the others
 * apart under "On hold: awaiting payment" with no button, "Mark all shipped" saying how many it ships
 * and how many stay on hold, what to roast, a NOT_PAID refusal (a payment that failed meanwhile)
 * named in the day, "Mark shipped" sent only after its undo time (undone, or sent at once when the
 * page is left), the line saying where the day stands, and no axe violations.
 */
import { act, render, screen, within } from '@testing-library/react'
import mockRouter from 'next-router-mock'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { DayBoard, type DayBoardProps } from '@/components/roastery/DayBoard'
import type { ShipAllResult } from '@/contexts/RoasteryContext'
import { formatDeliveryDay } from '@/lib/format/date'
import { toAppError } from '@/lib/rio/errors/map'
import { emptyBoard, setDeliveryPayment, shipDelivery, upsertDelivery, type Board, type BoardPayment } from '@/lib/roastery/board'
import type { CsvLabels } from '@/lib/roastery/csv'
import { dayIso } from '@/lib/roastery/days'
import { SHIP_UNDO_MS } from '@/components/roastery/useShipUndo'

const DAY = '2026-11-25'
const AT = '2026-11-24T09:00:00.000Z'
const labels: CsvLabels = {
  plan: (id) => ({ barista: 'Barista', taster: 'Taster' })[id] ?? id,
  grind: (id) => ({ espresso: 'Ground for espresso', wholeBean: 'Whole bean' })[id] ?? id,
  roast: (id) => ({ dark: 'Dark roast', light: 'Light roast' })[id] ?? id,
}
const address = { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

/** Who is on the day, and where each one's payment stands. */
const PEOPLE: Array<{ name: string; plan: string; bags: number; payment?: BoardPayment }> = [
  { name: 'Ada Paid', plan: 'barista', bags: 2, payment: 'paid' },
  { name: 'Bo Settling', plan: 'barista', bags: 2, payment: 'processing' },
  { name: 'Cy Charging', plan: 'barista', bags: 2, payment: 'charging' },
  { name: 'Di Failed', plan: 'taster', bags: 1, payment: 'failed' },
  { name: 'Ed Bank', plan: 'taster', bags: 1, payment: 'requires_action' },
  { name: 'Flo Unpaid', plan: 'taster', bags: 2, payment: 'unpaid' },
  { name: 'Gus Later', plan: 'taster', bags: 1 },
]

function boardOf(people = PEOPLE): Board {
  let board = emptyBoard(DAY)
  people.forEach((p, i) => {
    const id = `acct_${i}:${DAY}`
    board = upsertDelivery(board, id, { plan: p.plan, grind: 'espresso', roast: 'dark', bags: p.bags, name: p.name, address }, AT).board
    if (p.payment) board = setDeliveryPayment(board, id, p.payment, AT).board
  })
  return board
}

function renderDay(board: Board, overrides: Partial<DayBoardProps> = {}) {
  const onShip = jest.fn<Promise<void>, [string, string]>(() => Promise.resolve())
  const onShipAll = jest.fn<Promise<ShipAllResult>, [string]>(() => Promise.resolve({ shipped: 2, failed: [], onHold: 5 }))
  const view = render(
    <DayBoard day={{ date: DAY, board, live: true, error: null }} offset={1} leadDays={2} labels={labels} onShip={onShip} onShipAll={onShipAll} {...overrides} />,
  )
  // Fake timers (the undo wait) when a test has turned them on: jest's fake setTimeout carries its clock.
  const user = userEvent.setup('clock' in setTimeout ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {})
  return { ...view, onShip, onShipAll, user }
}

const dayLabel = formatDeliveryDay(dayIso(DAY))
const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(name) })

test('paid deliveries are in the packing list with “Mark shipped”; the others are on hold apart, with their payment and no button', () => {
  renderDay(boardOf())
  const packing = screen.getByRole('table', { name: 'Packing list' })
  expect(within(packing).getAllByRole('rowheader').map((header) => header.textContent))
    .toEqual([expect.stringMatching(/^Ada Paid/), expect.stringMatching(/^Bo Settling/)])
  expect(rowOf(packing, 'Ada Paid')).toHaveTextContent(/Paid\s*To ship/)
  expect(rowOf(packing, 'Bo Settling')).toHaveTextContent('Paid by direct debit (settling)')
  for (const name of ['Ada Paid', 'Bo Settling']) expect(within(rowOf(packing, name)).getByRole('button', { name: `Mark shipped: ${name}` })).toBeEnabled()

  expect(screen.getByRole('heading', { level: 3, name: 'On hold: awaiting payment' })).toBeInTheDocument()
  const held = screen.getByRole('table', { name: 'On hold: awaiting payment' })
  const words: Record<string, string> = {
    'Cy Charging': 'Being charged', 'Di Failed': 'Payment failed', 'Ed Bank': 'Bank confirmation needed', 'Flo Unpaid': 'Not paid', 'Gus Later': 'Not charged yet',
  }
  expect(within(held).getAllByRole('row')).toHaveLength(1 + Object.keys(words).length)
  for (const [name, said] of Object.entries(words)) {
    const row = rowOf(held, name)
    expect(row).toHaveTextContent(said)
    expect(row).toHaveTextContent('On hold')
    expect(within(row).queryByRole('button')).not.toBeInTheDocument()
  }
  expect(screen.getByText('7 deliveries · 11 bags · 0 shipped · 5 on hold')).toBeInTheDocument()
})

test('what to roast counts the deliveries that can still be paid today apart, and never the unpaid one', () => {
  renderDay(boardOf())
  const totals = screen.getByRole('table', { name: 'To roast' })
  const rows = within(totals).getAllByRole('row')
  expect(rows[0]).toHaveTextContent(/Bags\s*Of which awaiting payment\s*Deliveries/)
  // Barista: Ada and Bo paid (4), Cy being charged (2). Taster: Di, Ed, Gus may still pay (3); Flo's 2 are unpaid.
  expect(rows[1]).toHaveTextContent(/Barista\s*Ground for espresso\s*Dark roast\s*6\s*2\s*3/)
  expect(rows[2]).toHaveTextContent(/Taster\s*Ground for espresso\s*Dark roast\s*3\s*3\s*3/)
  expect(rows[3]).toHaveTextContent(/All coffee\s*9\s*5\s*6/)
  expect(screen.getByText('Not counted: 1 delivery (2 bags) not paid, which will not ship.')).toBeInTheDocument()
})

test('“Mark all shipped” says how many it ships and how many stay on hold, asks first, then says what it did', async () => {
  const { user, onShipAll } = renderDay(boardOf())
  const shipAll = screen.getByRole('button', { name: 'Mark all shipped (2)' })
  expect(shipAll).toHaveAccessibleDescription('Ships 2; 5 deliveries stay on hold, awaiting payment.')
  await user.click(shipAll)
  const dialog = screen.getByRole('dialog', { name: `Mark ${dayLabel} shipped?` })
  expect(dialog).toHaveTextContent(`All 2 deliveries paid and still to ship on ${dayLabel} are marked shipped`)
  expect(dialog).toHaveTextContent('5 deliveries stay on hold, not shipped: awaiting payment.')
  await user.click(within(dialog).getByRole('button', { name: 'Mark 2 deliveries shipped' }))
  expect(onShipAll).toHaveBeenCalledWith(DAY)
  expect(await screen.findByText('2 deliveries marked shipped. 5 deliveries stay on hold: awaiting payment.')).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

test('a day with nothing paid has nothing to ship: the button says so, the packing list is empty, all are on hold', () => {
  renderDay(boardOf(PEOPLE.filter((p) => p.payment !== 'paid' && p.payment !== 'processing')))
  expect(screen.getByRole('button', { name: 'Nothing paid to ship' })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Nothing paid to ship' })).toHaveAccessibleDescription('5 deliveries stay on hold, awaiting payment.')
  expect(screen.queryByRole('table', { name: 'Packing list' })).not.toBeInTheDocument()
  expect(screen.getByText('Nothing paid to pack yet.')).toBeInTheDocument()
  expect(within(screen.getByRole('table', { name: 'On hold: awaiting payment' })).getAllByRole('row')).toHaveLength(6)
})

test('a day all paid has no on-hold section and ships them all', () => {
  renderDay(boardOf(PEOPLE.slice(0, 2)))
  expect(screen.queryByRole('heading', { name: 'On hold: awaiting payment' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Mark all shipped (2)' })).not.toHaveAttribute('aria-describedby')
  expect(screen.getByText('2 deliveries · 4 bags · 0 shipped')).toBeInTheDocument()
})

test('a delivery shipped before payments were recorded shows as shipped, its payment not recorded, and is roasted as paid', () => {
  let board = emptyBoard(DAY)
  board = upsertDelivery(board, `acct_0:${DAY}`, { plan: 'barista', grind: 'espresso', roast: 'dark', bags: 2, name: 'Old Timer', address }, AT).board
  board = shipDelivery(board, `acct_0:${DAY}`, AT).board
  renderDay(board)
  const row = within(screen.getByRole('table', { name: 'Packing list' })).getByRole('row', { name: /Old Timer/ })
  expect(row).toHaveTextContent(/Not recorded\s*Shipped/)
  expect(within(screen.getByRole('table', { name: 'To roast' })).getByRole('row', { name: /All coffee/ })).toHaveTextContent(/All coffee\s*2\s*0\s*1/)
  expect(screen.getByRole('button', { name: 'All shipped' })).toBeDisabled()
})

test('the packing list names the coffee a delivery gets when the catalogue names one', () => {
  let board = emptyBoard(DAY)
  board = upsertDelivery(board, `acct_0:${DAY}`, { plan: 'taster', grind: 'espresso', roast: 'roastersChoice', bags: 1, coffee: 'Guji Highlands', name: 'Tia Taster', address }, AT).board
  board = shipDelivery(board, `acct_0:${DAY}`, AT).board
  renderDay(board)
  const row = within(screen.getByRole('table', { name: 'Packing list' })).getByRole('row', { name: /Tia Taster/ })
  expect(row).toHaveTextContent(/Ground for espresso · .+ · Guji Highlands/)
})

test('a delivery the roastery finds not paid (409 NOT_PAID, its payment failed meanwhile) is named in an alert', async () => {
  const refusal = toAppError({
    isAxiosError: true,
    response: { status: 409, data: { code: 'NOT_PAID', message: `Delivery acct_0:${DAY} is not paid, so it cannot be shipped. It stays on hold until its customer pays.` } },
  })
  const onShip = jest.fn((_date: string, _deliveryId: string) => Promise.reject(refusal))
  jest.useFakeTimers()
  const { user } = renderDay(boardOf(), { onShip })
  await user.click(screen.getByRole('button', { name: 'Mark shipped: Ada Paid' }))
  await act(() => jest.advanceTimersByTimeAsync(SHIP_UNDO_MS))
  expect(onShip).toHaveBeenCalledWith(DAY, `acct_0:${DAY}`)
  expect(await screen.findByRole('alert')).toHaveTextContent('Ada Paid’s delivery is not paid, so it is not marked shipped. It stays on hold until the customer pays.')
  expect(screen.queryByText(/is marked shipped\./)).not.toBeInTheDocument()
  // Staff may try again once the board says it is paid: the button is back.
  expect(screen.getByRole('button', { name: 'Mark shipped: Ada Paid' })).toBeEnabled()
})

afterEach(() => jest.useRealTimers())

test('“Mark shipped” waits 8 s before it is sent, counting down on the row, with the same button undoing it', async () => {
  jest.useFakeTimers()
  const { user, onShip } = renderDay(boardOf())
  const packing = screen.getByRole('table', { name: 'Packing list' })
  const button = screen.getByRole('button', { name: 'Mark shipped: Ada Paid' })
  await user.click(button)
  expect(button).toHaveAccessibleName('Undo mark shipped: Ada Paid')
  expect(button).toHaveTextContent('Undo')
  expect(rowOf(packing, 'Ada Paid')).toHaveTextContent('Shipping in 8 s')
  expect(screen.getByText('Ada Paid’s delivery will be marked shipped in 8 seconds, and the customer e-mailed. Undo is on its row.')).toBeInTheDocument()
  await act(() => jest.advanceTimersByTimeAsync(3000))
  expect(rowOf(packing, 'Ada Paid')).toHaveTextContent('Shipping in 5 s')
  expect(onShip).not.toHaveBeenCalled()
  await act(() => jest.advanceTimersByTimeAsync(SHIP_UNDO_MS - 3000))
  expect(onShip).toHaveBeenCalledTimes(1)
  expect(onShip).toHaveBeenCalledWith(DAY, `acct_0:${DAY}`)
  expect(await screen.findByText('Ada Paid’s delivery is marked shipped.')).toBeInTheDocument()
})

test('Undo within the wait sends nothing; the button is “Mark shipped” again and keeps the focus', async () => {
  jest.useFakeTimers()
  const { user, onShip } = renderDay(boardOf())
  const button = screen.getByRole('button', { name: 'Mark shipped: Ada Paid' })
  await user.click(button)
  await act(() => jest.advanceTimersByTimeAsync(7000))
  await user.click(screen.getByRole('button', { name: 'Undo mark shipped: Ada Paid' }))
  expect(screen.getByText('Undone: Ada Paid’s delivery is not marked shipped.')).toBeInTheDocument()
  await act(() => jest.advanceTimersByTimeAsync(60_000))
  expect(onShip).not.toHaveBeenCalled()
  expect(button).toHaveAccessibleName('Mark shipped: Ada Paid')
  expect(button).toHaveFocus()
  expect(rowOf(screen.getByRole('table', { name: 'Packing list' }), 'Ada Paid')).toHaveTextContent('To ship')
})

test('leaving the page sends what waits at once: a route change, and the page going away', async () => {
  jest.useFakeTimers()
  const { user, onShip, unmount } = renderDay(boardOf())
  await user.click(screen.getByRole('button', { name: 'Mark shipped: Ada Paid' }))
  await act(() => mockRouter.push('/account'))
  await act(() => jest.advanceTimersByTimeAsync(0))
  expect(onShip).toHaveBeenCalledWith(DAY, `acct_0:${DAY}`)
  await user.click(screen.getByRole('button', { name: 'Mark shipped: Bo Settling' }))
  act(() => { window.dispatchEvent(new Event('pagehide')) })
  await act(() => jest.advanceTimersByTimeAsync(0))
  expect(onShip).toHaveBeenLastCalledWith(DAY, `acct_1:${DAY}`)
  unmount()
  await act(() => jest.advanceTimersByTimeAsync(SHIP_UNDO_MS))
  expect(onShip).toHaveBeenCalledTimes(2)
})

test('a reload or close while a delivery waits sends it and asks before leaving; with nothing waiting it does not ask', async () => {
  jest.useFakeTimers()
  const { user, onShip } = renderDay(boardOf())
  const idle = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(idle)
  expect(idle.defaultPrevented).toBe(false)
  await user.click(screen.getByRole('button', { name: 'Mark shipped: Ada Paid' }))
  const leaving = new Event('beforeunload', { cancelable: true })
  act(() => { window.dispatchEvent(leaving) })
  await act(() => jest.advanceTimersByTimeAsync(0))
  expect(leaving.defaultPrevented).toBe(true)
  expect(onShip).toHaveBeenCalledWith(DAY, `acct_0:${DAY}`)
})

test('“Mark all shipped” covers a delivery waiting to be sent: it is not sent a second time', async () => {
  jest.useFakeTimers()
  const { user, onShip, onShipAll } = renderDay(boardOf())
  await user.click(screen.getByRole('button', { name: 'Mark shipped: Ada Paid' }))
  await user.click(screen.getByRole('button', { name: 'Mark all shipped (2)' }))
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark 2 deliveries shipped' }))
  expect(onShipAll).toHaveBeenCalledWith(DAY)
  await act(() => jest.advanceTimersByTimeAsync(SHIP_UNDO_MS * 2))
  expect(onShip).not.toHaveBeenCalled()
})

test('a day whose deliveries have all shipped says so, not that customers can still change them', () => {
  let board = boardOf(PEOPLE.slice(0, 2))
  for (const id of [`acct_0:${DAY}`, `acct_1:${DAY}`]) board = shipDelivery(board, id, AT).board
  renderDay(board, { offset: 3 })
  expect(screen.getByText('All shipped: every delivery of the day has left the roastery.')).toBeInTheDocument()
  expect(screen.queryByText(/Customers can still change/)).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'All shipped' })).toBeDisabled()
})

test('the day with paid and on-hold deliveries has no axe violations', async () => {
  const { container } = renderDay(boardOf())
  // jsdom has no canvas (axe measures icon fonts with one) nor layout (colour contrast is e2e's).
  const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } }).finally(() => canvas.mockRestore())
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})
