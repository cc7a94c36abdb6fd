/**
 * /roastery as staff use it, against the in-process backend (the real classes, charging through the
 * run's localstripe) with msw: who gets in, the seven days with totals and packing lists, customers'
 * changes arriving live, deliveries on hold until they are paid, "Mark shipped" per delivery and per
 * day once charged, a declined card left on hold, a refused shipment, the CSV export with payments,
 * and the customer's /account seeing the shipment live.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { SHIP_UNDO_MS } from '@/components/roastery/useShipUndo'
import { formatDeliveryDay } from '@/lib/format/date'
import { tokenStorageKey } from '@/lib/rio/stored-session'
import { dayIso, deliveryDays } from '@/lib/roastery/days'
import { savePaymentMethod, TEST_CARDS } from '@/rio-local/test/payments'
import { openAsVisitor, signInThroughPage } from '@/test/app-harness'
import { backendCall, backendHandle, backendSession, resetBackend } from '@/test/backend'
import { accountIdFor } from '@/test/ids'
import { RIO_LOCAL_PREFIX } from '@/test/msw/handlers'
import { server } from '@/test/msw/server'

// Every test signs in through the real flow (code by e-mail) and most start a subscription first.
jest.setTimeout(30_000)

// "Mark shipped" waits out its undo window for one second here, not eight: the window itself (undo,
// its countdown, a page left inside it) is day-board.test.tsx's, on fake timers, and the e2e
// roastery journey's in real time; these tests are about what follows it.
jest.mock('@/components/roastery/useShipUndo', () => {
  const actual = jest.requireActual<typeof import('@/components/roastery/useShipUndo')>('@/components/roastery/useShipUndo')
  return { ...actual, SHIP_UNDO_MS: 1000, useShipUndo: (send: (deliveryId: string) => void, delayMs = 1000) => actual.useShipUndo(send, delayMs) }
})

const LOAD = { timeout: 5000 }
/** "Mark shipped" is sent once its undo time is over (useShipUndo). */
const SENT = { timeout: SHIP_UNDO_MS + 5000 }
const STAFF = 'rosa@example.com'
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

beforeEach(() => {
  process.env.STAFF_EMAILS = STAFF
})
afterEach(() => {
  delete process.env.STAFF_EMAILS
  jest.useRealTimers()
})

/**
 * A customer with a saved card and a started subscription (their first delivery is two days from
 * today; it is charged when it becomes final, at the start of tomorrow).
 */
async function subscriber(email: string, address: Record<string, string> = HOME, planId = 'barista', card: string = TEST_CARDS.visa) {
  const session = await backendSession(email)
  expect((await backendCall(`CALL/Account/setDeliveryAddress/${session.accountId}`, session.token, address)).status).toBe(200)
  await savePaymentMethod((name, body) => backendCall(`CALL/Account/${name}/${session.accountId}`, session.token, body), { card })
  expect((await backendCall(`CALL/Account/selectPlan/${session.accountId}`, session.token, { planId })).status).toBe(200)
  return session
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Lets this test move time: the page, the SDK and the in-process backend (class code, its delayed
 * calls, its sessions) all read this process's `Date`, so only `Date` is faked (timers stay real for
 * msw, React and user-event) and the backend is made again on it. Call before anyone signs in.
 */
async function movableClock(): Promise<void> {
  jest.useFakeTimers({
    now: Date.now(),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
      'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  })
  await resetBackend()
}

/**
 * 09:00 UTC tomorrow: the deliveries of the day after became final at midnight and are charged (the
 * delayed calls due by then are run, each charge's follow-ups too). After movableClock().
 */
async function chargedAndReady(): Promise<void> {
  jest.setSystemTime(Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS + 9 * 60 * 60 * 1000)
  for (let round = 0; round < 20; round++) {
    const response = await backendHandle({ method: 'POST', url: '/__dev/tasks/run', headers: { 'x-rio-dev': '1' } })
    expect(response.status).toBe(200)
    if ((JSON.parse(response.body) as { ran: number }).ran === 0) return
  }
  throw new Error('Delayed calls kept coming after 20 rounds')
}

/** Signs in through the sign-in page, which sends us on to `route` (and whoever that page sends on to `landing`). */
const signInAt = (route: string, email: string, user: ReturnType<typeof userEvent.setup>, landing: string = route) =>
  signInThroughPage(user, email, { next: route, landing })

/** The day two days ahead: a new subscription's first delivery (read it before moving the clock). */
const firstDeliveryDay = () => deliveryDays(Date.now())[2] as string
const dayRegion = (date: string) => screen.findByRole('region', { name: new RegExp(formatDeliveryDay(dayIso(date))) }, LOAD)

test('visitors are sent to sign in, and come back to /roastery afterwards', async () => {
  await openAsVisitor('/roastery')
  expect(screen.queryByRole('heading', { name: 'Roastery' })).not.toBeInTheDocument()
})

test('customers are sent to their account, and only staff see the Roastery link', async () => {
  const user = userEvent.setup()
  await signInAt('/roastery', 'sam@example.com', user, '/account')
  const nav = screen.getByRole('navigation', { name: 'Main' })
  expect(within(nav).getByRole('link', { name: 'Account' })).toBeInTheDocument()
  expect(within(nav).queryByRole('link', { name: 'Roastery' })).not.toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Roastery' })).not.toBeInTheDocument()
})

test('staff see seven days with what to roast and the packing list, and customers’ changes arrive live', async () => {
  const sam = await subscriber('sam@example.com')
  const user = userEvent.setup()
  await signInAt('/roastery', STAFF, user)
  expect(screen.getByRole('heading', { level: 1, name: 'Roastery' })).toBeInTheDocument()
  expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Roastery' })).toHaveAttribute('aria-current', 'page')

  const days = deliveryDays(Date.now())
  const dayLinks = within(screen.getByRole('navigation', { name: 'Delivery days' })).getAllByRole('link')
  expect(dayLinks.map((link) => link.getAttribute('href'))).toEqual(days.map((d) => `#day-${d}`))
  const today = await dayRegion(days[0] as string)
  expect(within(today).getByRole('heading', { level: 2 })).toHaveTextContent(/^Today/)
  expect(await within(today).findByText('No deliveries.', {}, LOAD)).toBeInTheDocument()

  // Two days ahead is not final yet, so not charged: it is roasted for, but on hold, without a button.
  const day = await dayRegion(firstDeliveryDay())
  expect(await within(day).findByText('1 delivery · 2 bags · 0 shipped · 1 on hold', {}, LOAD)).toBeInTheDocument()
  const totals = within(day).getByRole('table', { name: 'To roast' })
  expect(within(totals).getAllByRole('row')[1]).toHaveTextContent(/Barista\s*Whole bean\s*Roaster’s choice\s*2\s*2\s*1/)
  expect(within(day).getByText('Nothing paid to pack yet.')).toBeInTheDocument()
  const held = within(day).getByRole('table', { name: 'On hold: awaiting payment' })
  const row = within(held).getByRole('row', { name: /Sam Rivera/ })
  expect(row).toHaveTextContent('Torstraße 1')
  expect(row).toHaveTextContent('10119 Berlin')
  expect(row).toHaveTextContent(/Not charged yet\s*On hold/)
  expect(within(row).queryByRole('button')).not.toBeInTheDocument()
  expect(within(day).getByRole('button', { name: 'Nothing paid to ship' })).toBeDisabled()

  // The e-mails that could not be sent: none (read live from the mail desk).
  const undelivered = screen.getByRole('region', { name: 'E-mails that could not be sent' })
  expect(await within(undelivered).findByText('None: every e-mail went out.', {}, LOAD)).toBeInTheDocument()

  // The customer changes grind and address in their own browser: the board follows, no reload.
  await act(async () => {
    await backendCall(`CALL/Account/setPreferences/${sam.accountId}`, sam.token, { grind: 'espresso', roast: 'dark' })
    await backendCall(`CALL/Account/setDeliveryAddress/${sam.accountId}`, sam.token, { ...HOME, line1: 'Kastanienallee 7' })
  })
  await waitFor(() => expect(within(day).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent('Kastanienallee 7'), LOAD)
  expect(within(day).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent(/Ground for espresso · Dark roast/)
  // And skipping it takes it off the day.
  await act(() => backendCall(`CALL/Account/skipNextDelivery/${sam.accountId}`, sam.token, {}))
  expect(await within(day).findByText('No deliveries.', {}, LOAD)).toBeInTheDocument()
})

test('“Mark shipped” ships one paid delivery: the row says so, and the customer’s history has it', async () => {
  await movableClock()
  const date = firstDeliveryDay()
  const sam = await subscriber('sam@example.com')
  await chargedAndReady()
  const user = userEvent.setup()
  await signInAt('/roastery', STAFF, user)
  const day = await dayRegion(date)
  expect(within(day).getByRole('heading', { level: 2 })).toHaveTextContent(/^Tomorrow/)
  const packing = await within(day).findByRole('table', { name: 'Packing list' }, LOAD)
  expect(within(packing).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent(/Paid\s*To ship/)
  expect(within(day).queryByRole('heading', { name: 'On hold: awaiting payment' })).not.toBeInTheDocument()
  await user.click(within(day).getByRole('button', { name: 'Mark shipped: Sam Rivera' }))
  expect(await within(day).findByText('Sam Rivera’s delivery is marked shipped.', {}, SENT)).toBeInTheDocument()
  await waitFor(() => expect(within(day).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent(/Paid\s*Shipped \d{1,2}:\d{2}/), LOAD)
  expect(within(day).queryByRole('button', { name: 'Mark shipped: Sam Rivera' })).not.toBeInTheDocument()
  expect(within(day).getByRole('button', { name: 'All shipped' })).toBeDisabled()
  // A day later, the customer's session of yesterday has expired: they sign in again.
  const again = await backendSession('sam@example.com')
  expect(again.accountId).toBe(sam.accountId)
  const state = await backendCall<{ user: Record<string, { deliveries?: unknown[] }> }>(`STATE/Account/${sam.accountId}`, again.token)
  expect(Object.values(state.body.user)[0]?.deliveries).toEqual([expect.objectContaining({ date: dayIso(date), plan: 'barista' })])
})

test('“Mark all shipped” asks first, then ships every paid delivery of the day (keyboard only)', async () => {
  await movableClock()
  const date = firstDeliveryDay()
  await subscriber('sam@example.com')
  await subscriber('ada@example.com', { name: 'Ada Lovelace', line1: 'St James’s Square 12', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' }, 'taster')
  await chargedAndReady()
  const user = userEvent.setup()
  await signInAt('/roastery', STAFF, user)
  const day = await dayRegion(date)
  const shipAll = await within(day).findByRole('button', { name: 'Mark all shipped (2)' }, LOAD)
  act(() => shipAll.focus())
  await user.keyboard('{Enter}')
  const dialog = screen.getByRole('dialog', { name: `Mark ${formatDeliveryDay(dayIso(date))} shipped?` })
  expect(dialog).toHaveTextContent('each customer gets an e-mail that their coffee is on its way')
  expect(dialog).not.toHaveTextContent('on hold')
  expect(within(dialog).getByRole('button', { name: 'Mark 2 deliveries shipped' })).toHaveFocus()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(shipAll).toHaveFocus()
  expect(within(day).getAllByText('To ship')).toHaveLength(2)

  await user.keyboard('{Enter}')
  expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark 2 deliveries shipped' })).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(await within(day).findByText('2 deliveries marked shipped.', {}, LOAD)).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await waitFor(() => expect(within(day).queryAllByText('To ship')).toHaveLength(0), LOAD)
  expect(within(day).getByText('2 deliveries · 3 bags · 2 shipped')).toBeInTheDocument()
})

test('a declined card stays on hold: “Mark all shipped” ships the paid delivery and says one stays', async () => {
  await movableClock()
  const date = firstDeliveryDay()
  await subscriber('sam@example.com')
  await subscriber('ada@example.com', { name: 'Ada Lovelace', line1: 'St James’s Square 12', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' }, 'taster', TEST_CARDS.declined)
  await chargedAndReady()
  const user = userEvent.setup()
  await signInAt('/roastery', STAFF, user)
  const day = await dayRegion(date)
  const held = await within(day).findByRole('table', { name: 'On hold: awaiting payment' }, LOAD)
  const ada = within(held).getByRole('row', { name: /Ada Lovelace/ })
  expect(ada).toHaveTextContent(/Payment failed\s*On hold/)
  expect(within(ada).queryByRole('button')).not.toBeInTheDocument()
  expect(within(within(day).getByRole('table', { name: 'Packing list' })).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent(/Paid\s*To ship/)
  // Ada may still pay today: her bag is roasted, counted as awaiting payment.
  expect(within(within(day).getByRole('table', { name: 'To roast' })).getByRole('row', { name: /All coffee/ })).toHaveTextContent(/All coffee\s*3\s*1\s*2/)

  const shipAll = within(day).getByRole('button', { name: 'Mark all shipped (1)' })
  expect(shipAll).toHaveAccessibleDescription('Ships 1; 1 delivery stays on hold, awaiting payment.')
  await user.click(shipAll)
  const dialog = screen.getByRole('dialog')
  expect(dialog).toHaveTextContent('1 delivery stays on hold, not shipped: awaiting payment.')
  await user.click(within(dialog).getByRole('button', { name: 'Mark 1 delivery shipped' }))
  expect(await within(day).findByText('1 delivery marked shipped. 1 delivery stays on hold: awaiting payment.', {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(within(day).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent(/Shipped \d{1,2}:\d{2}/), LOAD)
  expect(within(day).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent(/Payment failed\s*On hold/)
  expect(within(day).getByRole('button', { name: 'Nothing paid to ship' })).toBeDisabled()
})

/**
 * Sam's charged delivery, marked shipped by staff on the board while the Roastery refuses with
 * `refusal` (status and body): the day's region, once the click is made.
 */
async function markShippedRefused(refusal: { status: number; code: string; message: string }): Promise<HTMLElement> {
  await movableClock()
  const date = firstDeliveryDay()
  await subscriber('sam@example.com')
  await chargedAndReady()
  server.use(
    http.post(new RegExp(`${RIO_LOCAL_PREFIX.source}/[^/]+/CALL/Roastery/markShipped/`), () =>
      HttpResponse.json({ code: refusal.code, message: refusal.message }, { status: refusal.status })),
  )
  const user = userEvent.setup()
  await signInAt('/roastery', STAFF, user)
  const day = await dayRegion(date)
  await user.click(await within(day).findByRole('button', { name: 'Mark shipped: Sam Rivera' }, LOAD))
  return day
}

test('a shipment the customer’s account could not record is said in the day, and nothing is marked', async () => {
  const day = await markShippedRefused({
    status: 503, code: 'SHIPMENT_NOT_RECORDED', message: 'The customer’s account could not be updated, so the delivery is not marked shipped. Try again in a moment.',
  })
  expect(await within(day).findByRole('alert', {}, SENT)).toHaveTextContent(
    'Sam Rivera’s delivery is not marked shipped: The customer’s account could not be updated, so the delivery is not marked shipped. Try again in a moment.')
  expect(within(day).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent('To ship')
  expect(within(day).getByRole('button', { name: 'Mark shipped: Sam Rivera' })).toBeEnabled()
})

test('a delivery the roastery finds not paid after all (409 NOT_PAID: its payment failed meanwhile) is named in the day', async () => {
  const day = await markShippedRefused({
    status: 409, code: 'NOT_PAID', message: 'Delivery x is not paid, so it cannot be shipped. It stays on hold until its customer pays.',
  })
  expect(await within(day).findByRole('alert', {}, SENT)).toHaveTextContent(
    'Sam Rivera’s delivery is not paid, so it is not marked shipped. It stays on hold until the customer pays.')
  expect(within(day).getByRole('row', { name: /Sam Rivera/ })).not.toHaveTextContent('Shipped')
})

test('the packing list downloads as CSV with each payment, formula-like text defused', async () => {
  await subscriber('sam@example.com', { ...HOME, name: '=HYPERLINK("http://evil.example")', line2: 'Hinterhaus, 2. OG' })
  const saved: Array<{ blob: Blob; name: string }> = []
  const createObjectURL = jest.fn((blob: Blob) => { saved.push({ blob, name: '' }); return 'blob:packing-list' })
  const revokeObjectURL = jest.fn()
  Object.assign(URL, { createObjectURL, revokeObjectURL })
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved[saved.length - 1]
    if (last) last.name = this.download
  })
  try {
    const user = userEvent.setup()
    await signInAt('/roastery', STAFF, user)
    const date = firstDeliveryDay()
    const day = await dayRegion(date)
    await user.click(await within(day).findByRole('button', { name: `Download CSV of the packing list for ${formatDeliveryDay(dayIso(date))}` }, LOAD))
    expect(saved).toHaveLength(1)
    expect(saved[0]?.name).toBe(`packing-list-${date}.csv`)
    const text = await (saved[0] as { blob: Blob }).blob.text()
    const [header, row] = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toBe('Delivery,Name,Address line 1,Address line 2,Postal code,City,Country,Plan,Grind,Roast,Coffee,Bags,Extras,Status,Payment,Shipped at')
    expect(row).toMatch(new RegExp(`^acct_[0-9a-f]{24}:${date},"'=HYPERLINK\\(""http://evil.example""\\)",Torstraße 1,"Hinterhaus, 2. OG",10119,Berlin,DE,Barista,Whole bean,Roaster’s choice,,2,,On hold: awaiting payment,Not charged yet,$`))
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:packing-list'))
  } finally {
    click.mockRestore()
  }
})

test('the customer’s /account shows the delivery once the roastery ships it, without a reload', async () => {
  await movableClock()
  const date = firstDeliveryDay()
  const user = userEvent.setup()
  await signInAt('/account', 'sam@example.com', user)
  // The customer subscribes in another tab of this browser (its session is the one stored here).
  const stored = JSON.parse(window.localStorage.getItem(tokenStorageKey(process.env.NEXT_PUBLIC_RIO_PROJECT_ID ?? '')) ?? '{}') as { accessToken: string }
  const sam = { token: stored.accessToken, accountId: accountIdFor('sam@example.com') }
  await act(async () => {
    expect((await backendCall(`CALL/Account/setDeliveryAddress/${sam.accountId}`, sam.token, HOME)).status).toBe(200)
    await savePaymentMethod((name, body) => backendCall(`CALL/Account/${name}/${sam.accountId}`, sam.token, body))
    expect((await backendCall(`CALL/Account/selectPlan/${sam.accountId}`, sam.token, { planId: 'barista' })).status).toBe(200)
  })
  const history = await screen.findByRole('region', { name: 'Your deliveries' }, LOAD)
  expect(history).toHaveTextContent('Nothing has been shipped to you yet.')

  await act(async () => {
    await chargedAndReady()
    // Staff sign in on the morning the delivery is charged (a session of yesterday would have expired).
    const rosa = await backendSession(STAFF)
    const shipped = await backendCall(`CALL/Roastery/markShipped/${date}`, rosa.token, { deliveryId: `${sam.accountId}:${date}` })
    expect(shipped.status).toBe(200)
  })
  // The history lists what was shipped, and apart from it the receipts of what was paid.
  const shippedList = await within(history).findByRole('list', { name: 'Shipped deliveries, newest first' }, LOAD)
  const item = within(shippedList).getByRole('listitem')
  expect(item).toHaveTextContent(formatDeliveryDay(dayIso(date)))
  expect(item).toHaveTextContent(/Barista · 2 bags, whole bean, roaster’s choice · shipped/)
})
