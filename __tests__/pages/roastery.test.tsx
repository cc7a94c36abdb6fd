/**
 * /roastery as staff use it, against the in-process backend (the real classes) with msw: who gets
 * in, the seven days with totals and packing lists, customers' changes arriving live, "Mark shipped"
 * per delivery and per day, a refused shipment, the CSV export, and the customer's /account seeing
 * the shipment live.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { formatDeliveryDay } from '@/lib/format/date'
import { tokenStorageKey } from '@/lib/rio/stored-session'
import { dayIso, deliveryDays } from '@/lib/roastery/days'
import { openAsVisitor, signInThroughPage } from '@/test/app-harness'
import { backendCall, backendSession } from '@/test/backend'
import { accountIdFor } from '@/test/ids'
import { RIO_LOCAL_PREFIX } from '@/test/msw/handlers'
import { server } from '@/test/msw/server'

// Every test signs in through the real flow (code by e-mail) and most start a subscription first.
jest.setTimeout(20_000)

const LOAD = { timeout: 5000 }
const STAFF = 'rosa@example.com'
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

beforeEach(() => {
  process.env.STAFF_EMAILS = STAFF
})
afterEach(() => {
  delete process.env.STAFF_EMAILS
})

/** A customer with a started subscription (their first delivery is two days from today). */
async function subscriber(email: string, address: Record<string, string> = HOME, planId = 'barista') {
  const session = await backendSession(email)
  expect((await backendCall(`CALL/Account/setDeliveryAddress/${session.accountId}`, session.token, address)).status).toBe(200)
  expect((await backendCall(`CALL/Account/selectPlan/${session.accountId}`, session.token, { planId })).status).toBe(200)
  return session
}

/** Signs in through the sign-in page, which sends us on to `route` (and whoever that page sends on to `landing`). */
const signInAt = (route: string, email: string, user: ReturnType<typeof userEvent.setup>, landing: string = route) =>
  signInThroughPage(user, email, { next: route, landing })

/** The day two days ahead: a new subscription's first delivery. */
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

  const day = await dayRegion(firstDeliveryDay())
  expect(await within(day).findByText('1 delivery · 2 bags · 0 shipped', {}, LOAD)).toBeInTheDocument()
  const totals = within(day).getByRole('table', { name: 'To roast' })
  expect(within(totals).getAllByRole('row')[1]).toHaveTextContent(/Barista\s*Whole bean\s*Roaster’s choice\s*2\s*1/)
  const packing = within(day).getByRole('table', { name: 'Packing list' })
  const row = within(packing).getByRole('row', { name: /Sam Rivera/ })
  expect(row).toHaveTextContent('Torstraße 1')
  expect(row).toHaveTextContent('10119 Berlin')
  expect(row).toHaveTextContent('To ship')

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

test('“Mark shipped” ships one delivery: the row says so, and the customer’s history has it', async () => {
  const sam = await subscriber('sam@example.com')
  const user = userEvent.setup()
  await signInAt('/roastery', STAFF, user)
  const day = await dayRegion(firstDeliveryDay())
  await user.click(await within(day).findByRole('button', { name: 'Mark shipped: Sam Rivera' }, LOAD))
  expect(await within(day).findByText('Sam Rivera’s delivery is marked shipped.', {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(within(day).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent(/Shipped \d{1,2}:\d{2}/), LOAD)
  expect(within(day).queryByRole('button', { name: 'Mark shipped: Sam Rivera' })).not.toBeInTheDocument()
  expect(within(day).getByRole('button', { name: 'All shipped' })).toBeDisabled()
  const state = await backendCall<{ user: Record<string, { deliveries?: unknown[] }> }>(`STATE/Account/${sam.accountId}`, sam.token)
  expect(Object.values(state.body.user)[0]?.deliveries).toEqual([expect.objectContaining({ date: dayIso(firstDeliveryDay()), plan: 'barista' })])
})

test('“Mark all shipped” asks first, then ships every delivery of the day (keyboard only)', async () => {
  await subscriber('sam@example.com')
  await subscriber('ada@example.com', { name: 'Ada Lovelace', line1: 'St James’s Square 12', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' }, 'taster')
  const user = userEvent.setup()
  await signInAt('/roastery', STAFF, user)
  const day = await dayRegion(firstDeliveryDay())
  const shipAll = await within(day).findByRole('button', { name: 'Mark all shipped (2)' }, LOAD)
  act(() => shipAll.focus())
  await user.keyboard('{Enter}')
  const dialog = screen.getByRole('dialog', { name: `Mark ${formatDeliveryDay(dayIso(firstDeliveryDay()))} shipped?` })
  expect(dialog).toHaveTextContent('each customer gets an e-mail that their coffee is on its way')
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

test('a shipment the customer’s account could not record is said in the day, and nothing is marked', async () => {
  await subscriber('sam@example.com')
  server.use(
    http.post(new RegExp(`${RIO_LOCAL_PREFIX.source}/[^/]+/CALL/Roastery/markShipped/`), () =>
      HttpResponse.json({ code: 'SHIPMENT_NOT_RECORDED', message: 'The customer’s account could not be updated, so the delivery is not marked shipped. Try again in a moment.' }, { status: 503 })),
  )
  const user = userEvent.setup()
  await signInAt('/roastery', STAFF, user)
  const day = await dayRegion(firstDeliveryDay())
  await user.click(await within(day).findByRole('button', { name: 'Mark shipped: Sam Rivera' }, LOAD))
  expect(await within(day).findByRole('alert', {}, LOAD)).toHaveTextContent(
    'Sam Rivera’s delivery is not marked shipped: The customer’s account could not be updated, so the delivery is not marked shipped. Try again in a moment.')
  expect(within(day).getByRole('row', { name: /Sam Rivera/ })).toHaveTextContent('To ship')
  expect(within(day).getByRole('button', { name: 'Mark shipped: Sam Rivera' })).toBeEnabled()
})

test('the packing list downloads as CSV, with formula-like text defused', async () => {
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
    expect(header).toBe('Delivery,Name,Address line 1,Address line 2,Postal code,City,Country,Plan,Grind,Roast,Bags,Status,Shipped at')
    expect(row).toMatch(new RegExp(`^acct_[0-9a-f]{24}:${date},"'=HYPERLINK\\(""http://evil.example""\\)",Torstraße 1,"Hinterhaus, 2. OG",10119,Berlin,DE,Barista,Whole bean,Roaster’s choice,2,To ship,$`))
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:packing-list'))
  } finally {
    click.mockRestore()
  }
})

test('the customer’s /account shows the delivery once the roastery ships it, without a reload', async () => {
  const rosa = await backendSession(STAFF)
  const user = userEvent.setup()
  await signInAt('/account', 'sam@example.com', user)
  // The customer subscribes in another tab of this browser (its session is the one stored here).
  const stored = JSON.parse(window.localStorage.getItem(tokenStorageKey(process.env.NEXT_PUBLIC_RIO_PROJECT_ID ?? '')) ?? '{}') as { accessToken: string }
  const sam = { token: stored.accessToken, accountId: accountIdFor('sam@example.com') }
  await act(async () => {
    expect((await backendCall(`CALL/Account/setDeliveryAddress/${sam.accountId}`, sam.token, HOME)).status).toBe(200)
    expect((await backendCall(`CALL/Account/selectPlan/${sam.accountId}`, sam.token, { planId: 'barista' })).status).toBe(200)
  })
  const history = await screen.findByRole('region', { name: 'Your deliveries' }, LOAD)
  expect(history).toHaveTextContent('Nothing has been shipped to you yet.')

  const date = firstDeliveryDay()
  await act(async () => {
    const shipped = await backendCall(`CALL/Roastery/markShipped/${date}`, rosa.token, { deliveryId: `${sam.accountId}:${date}` })
    expect(shipped.status).toBe(200)
  })
  const item = await within(history).findByRole('listitem', {}, LOAD)
  expect(item).toHaveTextContent(formatDeliveryDay(dayIso(date)))
  expect(item).toHaveTextContent(/Barista · 2 bags, whole bean, roaster’s choice · shipped/)
})
