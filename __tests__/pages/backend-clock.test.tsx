/**
 * Locally the page follows the backend's test clock (lib/clock): with the backend's clock 10 days
 * ahead of the browser's, /account no longer offers Skip on a delivery that is final at the
 * backend's time, and /roastery shows the backend's week. msw answers the app's read of the clock
 * (`GET /rio/__clock`) as a local backend whose clock was moved would.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { formatDeliveryDay } from '@/lib/format/date'
import { deliveryDays } from '@/lib/roastery/days'
import { savePaymentMethod } from '@/rio-local/test/payments'
import { signInThroughPage } from '@/test/app-harness'
import { backendCall, backendSession } from '@/test/backend'
import { DAY_MS, daysAhead, movableClock, walkTo } from '@/test/clock'
import { server } from '@/test/msw/server'

const LOAD = { timeout: 8000 }
const STAFF = 'rosa@example.com'
const AHEAD_MS = 10 * DAY_MS
/** The app's read of the local backend's clock, through its own `/rio` route. */
const CLOCK_READ = /^https:\/\/[^/]+\/rio\/__clock$/

/** The backend's clock stands `offsetMs` ahead of the browser's. */
function backendClockAhead(offsetMs: number): void {
  server.use(http.get(CLOCK_READ, () => {
    const nowMs = Date.now() + offsetMs
    return HttpResponse.json({ now: new Date(nowMs).toISOString(), nowMs, offsetMs })
  }))
}

const upcomingRows = () => within(screen.getByRole('region', { name: 'Upcoming deliveries' })).getAllByRole('listitem')
/** The upcoming delivery on `day` (YYYY-MM-DD), by the day it names. */
const rowOn = (day: string) => upcomingRows().find((row) => within(row).queryByText(formatDeliveryDay(`${day}T00:00:00.000Z`)) !== null)

beforeEach(() => {
  process.env.STAFF_EMAILS = STAFF
})
afterEach(() => {
  delete process.env.STAFF_EMAILS
  jest.useRealTimers()
})

test('/account: with the backend clock 10 days ahead, the delivery final at that time offers no Skip', async () => {
  await movableClock()
  // Barista delivers weekly from two days after the start: days 2, 9, 16, 23… of this test.
  const session = await backendSession('ines@example.com')
  expect((await backendCall(`CALL/Account/setDeliveryAddress/${session.accountId}`, session.token, { name: 'Ines Vidal', line1: 'Rue de Rivoli 1', city: 'Paris', postalCode: '75001', country: 'FR' })).status).toBe(200)
  await savePaymentMethod((name, body) => backendCall(`CALL/Account/${name}/${session.accountId}`, session.token, body))
  expect((await backendCall(`CALL/Account/selectPlan/${session.accountId}`, session.token, { planId: 'barista' })).status).toBe(200)
  const day16 = new Date(daysAhead(16)).toISOString().slice(0, 10)
  const day23 = new Date(daysAhead(23)).toISOString().slice(0, 10)
  // Five days on the browser's clock; the backend's stands ten days further: day 15, when the
  // delivery of day 16 is final (being roasted) and that of day 23 can still change.
  await walkTo(daysAhead(5))
  backendClockAhead(AHEAD_MS)

  const user = userEvent.setup()
  await signInThroughPage(user, 'ines@example.com', { next: '/account', landing: '/account' })
  await screen.findByRole('region', { name: 'Upcoming deliveries' }, LOAD)

  const final = rowOn(day16)
  expect(final).toBeDefined()
  expect(within(final!).queryByRole('button', { name: /^Skip/ })).not.toBeInTheDocument()
  expect(final).toHaveTextContent('Being roasted')
  expect(final).toHaveTextContent('Can no longer change')
  // The backend's day 15 is the first day listed from: nothing of the browser's week shows.
  expect(upcomingRows()[0]).toBe(final)
  const open = rowOn(day23)
  expect(within(open!).getByRole('button', { name: `Skip the delivery on ${formatDeliveryDay(`${day23}T00:00:00.000Z`)}` })).toBeEnabled()
}, 40_000)

test('/roastery: with the backend clock 10 days ahead, the days shown are the backend\'s week', async () => {
  backendClockAhead(AHEAD_MS)
  const user = userEvent.setup()
  await signInThroughPage(user, STAFF, { next: '/roastery', landing: '/roastery' })
  const days = deliveryDays(Date.now() + AHEAD_MS)
  const strip = await screen.findByRole('navigation', { name: 'Delivery days' }, LOAD)
  expect(within(strip).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(days.map((day) => `#day-${day}`))
  const today = await screen.findByRole('region', { name: new RegExp(formatDeliveryDay(`${days[0]}T00:00:00.000Z`)) }, LOAD)
  expect(within(today).getByRole('heading', { level: 2 })).toHaveTextContent(/^Today/)
}, 30_000)

test('a backend that does not answer its clock leaves the page on the browser\'s week', async () => {
  server.use(http.get(CLOCK_READ, () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })))
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  const user = userEvent.setup()
  await signInThroughPage(user, STAFF, { next: '/roastery', landing: '/roastery' })
  const strip = await screen.findByRole('navigation', { name: 'Delivery days' }, LOAD)
  expect(within(strip).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(deliveryDays(Date.now()).map((day) => `#day-${day}`))
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/clock could not be read/))
  warn.mockRestore()
}, 30_000)
