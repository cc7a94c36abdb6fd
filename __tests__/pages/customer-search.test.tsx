/**
 * Finding a customer on /roastery, against the in-process backend with msw: support types part of
 * a postal code or a name and sees the customer, with their address's name and subscription state;
 * a search that finds nothing says so; support opens a subscriber and acts for them with a reason
 * (a skip, a new address);
 * finance reads the month's report; a roaster sees neither.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { signInThroughPage } from '@/test/app-harness'
import { watchRequests } from '@/test/msw/watch-requests'
import { backendCall, backendSession } from '@/test/backend'
import { addMember, ownerForEachTest } from '@/test/staff'
import { savePaymentMethod, TEST_CARDS } from '@/rio-local/test/payments'

jest.setTimeout(30_000)

const LOAD = { timeout: 5000 }
const OWNER = 'rosa@example.com'

ownerForEachTest(OWNER)

/** A customer who signed in and gave an address (they are in the directory from then on). */
async function customerAt(email: string, address: Record<string, string>, signedIn?: { token: string; accountId: string }): Promise<void> {
  const session = signedIn ?? await backendSession(email)
  expect((await backendCall(`CALL/Account/setDeliveryAddress/${session.accountId}`, session.token, address)).status).toBe(200)
}

/** A customer in Berlin subscribed to Barista with a Visa card. */
async function subscriber(email: string): Promise<void> {
  const who = await backendSession(email)
  await customerAt(email, { name: 'Sam Müller', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }, who)
  await savePaymentMethod((name, body) => backendCall(`CALL/Account/${name}/${who.accountId}`, who.token, body), { card: TEST_CARDS.visa })
  expect((await backendCall(`CALL/Account/selectPlan/${who.accountId}`, who.token, { planId: 'barista' })).status).toBe(200)
}

/** Sam subscribed; Sue (support) signed in on /roastery, finds Sam by postal code and opens him. */
async function supportOpensSubscriber() {
  await subscriber('sam@example.com')
  await addMember(OWNER, 'sue@example.com', ['support'])
  const user = userEvent.setup()
  await signInThroughPage(user, 'sue@example.com', { next: '/roastery', landing: '/roastery' })
  const section = await screen.findByRole('region', { name: 'Customers' }, LOAD)
  await user.type(within(section).getByRole('searchbox', { name: 'Find a customer' }), '10119')
  await user.click(await within(section).findByRole('button', { name: 'Open sam@example.com' }, LOAD))
  return { user, panel: await within(section).findByRole('region', { name: 'Sam Müller' }, LOAD) }
}

test('support finds a customer by postal code and by name, as they type; a search finding nobody says so', async () => {
  await customerAt('anouk@example.com', { name: 'Anouk de Vries', line1: 'Keizersgracht 1', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL' })
  await customerAt('sam@example.com', { name: 'Sam Müller', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' })
  await addMember(OWNER, 'sue@example.com', ['support'])
  const user = userEvent.setup()
  await signInThroughPage(user, 'sue@example.com', { next: '/roastery', landing: '/roastery' })
  const section = await screen.findByRole('region', { name: 'Customers' }, LOAD)
  const search = within(section).getByRole('searchbox', { name: 'Find a customer' })

  await user.type(search, '1015cj')
  const results = await within(section).findByRole('table', { name: 'Customers found' }, LOAD)
  expect(within(results).getByRole('row', { name: 'Anouk de Vries anouk@example.com 1015 CJ None Open' })).toBeInTheDocument()
  expect(within(results).getAllByRole('row')).toHaveLength(2)

  await user.clear(search)
  await user.type(search, 'muller')
  await waitFor(() => expect(within(section).getByRole('row', { name: 'Sam Müller sam@example.com 10119 None Open' })).toBeInTheDocument(), LOAD)
  expect(within(section).queryByRole('row', { name: /Anouk/ })).toBeNull()

  await user.clear(search)
  await user.type(search, 'nobody here')
  expect(await within(section).findByText('No customer matches “nobody here”.', {}, LOAD)).toBeInTheDocument()
  expect(within(section).queryByRole('table')).toBeNull()
})

test('support opens a subscriber, skips a delivery for them with a reason, and sees it on their timeline; no reason, no change', async () => {
  const { user, panel } = await supportOpensSubscriber()
  expect(await within(panel).findByText('Visa •••• 4242', {}, LOAD)).toBeInTheDocument()
  expect(within(panel).getByText(/Active · Barista · €20\.00 per delivery/)).toBeInTheDocument()

  const skips = within(panel).getAllByRole('button', { name: /^Skip the delivery of / })
  const second = skips[1] as HTMLElement
  const day = (second.getAttribute('aria-label') ?? '').replace('Skip the delivery of ', '')
  // Without a reason: the class refuses, and says why.
  await user.click(second)
  expect(await within(panel).findByText(/Say why you make this change for the customer/, {}, LOAD)).toBeInTheDocument()
  await user.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'Away that week, asked by phone')
  await user.click(second)
  expect(await within(panel).findByText('Done. The customer gets an e-mail about it.', {}, LOAD)).toBeInTheDocument()
  expect(within(panel).getByRole('button', { name: `Bring back the delivery of ${day}` })).toBeInTheDocument()
  expect(within(panel).getByText(new RegExp(`Skipped the delivery on ${day} · by sue@example.com: Away that week, asked by phone`))).toBeInTheDocument()
})

test('support changes a subscriber’s address with a reason: the panel shows it, and the timeline says who and why', async () => {
  const { user, panel } = await supportOpensSubscriber()
  await within(panel).findByText('Visa •••• 4242', {}, LOAD)

  await user.click(within(panel).getByText('Change address'))
  const street = within(panel).getByRole('textbox', { name: 'Street and number' })
  expect(street).toHaveValue('Torstraße 1')
  await user.clear(street)
  await user.type(street, 'Kastanienallee 7')
  await user.clear(within(panel).getByRole('textbox', { name: 'Postal code' }))
  await user.type(within(panel).getByRole('textbox', { name: 'Postal code' }), '10435')
  // Without a reason nothing changes.
  await user.click(within(panel).getByRole('button', { name: 'Save address' }))
  expect(await within(panel).findByText(/Say why you make this change for the customer/, {}, LOAD)).toBeInTheDocument()
  expect(within(panel).getByText('Sam Müller, Torstraße 1, 10119 Berlin, DE')).toBeInTheDocument()

  await user.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'Moved, told us by phone')
  await user.click(within(panel).getByRole('button', { name: 'Save address' }))
  expect(await within(panel).findByText('Sam Müller, Kastanienallee 7, 10435 Berlin, DE', {}, LOAD)).toBeInTheDocument()
  expect(within(panel).getByText(/Changed the delivery address · by sue@example.com: Moved, told us by phone/)).toBeInTheDocument()
})

test('finance reads the month’s report on /roastery and downloads it; support sees no reports', async () => {
  await subscriber('sam@example.com')
  await addMember(OWNER, 'fin@example.com', ['finance'])
  const user = userEvent.setup()
  await signInThroughPage(user, 'fin@example.com', { next: '/roastery', landing: '/roastery' })
  const reports = await screen.findByRole('region', { name: 'Reports' }, LOAD)
  expect(within(reports).getByLabelText('Month')).toHaveValue(new Date().toISOString().slice(0, 7))
  expect(await within(reports).findByText('Monthly recurring revenue', {}, LOAD)).toBeInTheDocument()
  // Barista, €20.00 a week: €86.67 a month.
  expect(within(reports).getByText('€86.67')).toBeInTheDocument()
  expect(within(reports).getByText('1 (barista: 1)')).toBeInTheDocument()
  expect(within(reports).getByRole('button', { name: 'Download figures (CSV)' })).toBeInTheDocument()
  expect(within(reports).getByRole('button', { name: 'Download cohorts (CSV)' })).toBeInTheDocument()
  // Finance finds no customers section (support's and owners').
  expect(screen.queryByRole('region', { name: 'Customers' })).toBeNull()
})

test('a roaster has neither the customers nor the reports', async () => {
  const roles = watchRequests(/\/Shop\/myRoles\//, 'response:mocked')
  try {
    await addMember(OWNER, 'rui@example.com', ['roaster'])
    const user = userEvent.setup()
    await signInThroughPage(user, 'rui@example.com', { next: '/roastery', landing: '/roastery' })
    await waitFor(() => expect(roles.urls.length).toBeGreaterThan(0), LOAD)
    expect(await screen.findByRole('heading', { level: 1, name: 'Roastery' }, LOAD)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Customers' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Reports' })).toBeNull()
  } finally {
    roles.stop()
  }
})
