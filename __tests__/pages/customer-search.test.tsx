/**
 * Finding a customer on /roastery, against the in-process backend with msw: support types part of
 * a postal code or a name and sees the customer, with their address's name and subscription state;
 * a search that finds nothing says so; a roaster has no customers section.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { signInThroughPage } from '@/test/app-harness'
import { server } from '@/test/msw/server'
import { backendCall, backendSession } from '@/test/backend'
import { addMember, ownerForEachTest } from '@/test/staff'

jest.setTimeout(30_000)

const LOAD = { timeout: 5000 }
const OWNER = 'rosa@example.com'

ownerForEachTest(OWNER)

/** A customer who signed in and gave an address (they are in the directory from then on). */
async function customerAt(email: string, address: Record<string, string>): Promise<void> {
  const session = await backendSession(email)
  expect((await backendCall(`CALL/Account/setDeliveryAddress/${session.accountId}`, session.token, address)).status).toBe(200)
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
  expect(within(results).getByRole('row', { name: 'Anouk de Vries anouk@example.com 1015 CJ None' })).toBeInTheDocument()
  expect(within(results).getAllByRole('row')).toHaveLength(2)

  await user.clear(search)
  await user.type(search, 'muller')
  await waitFor(() => expect(within(section).getByRole('row', { name: 'Sam Müller sam@example.com 10119 None' })).toBeInTheDocument(), LOAD)
  expect(within(section).queryByRole('row', { name: /Anouk/ })).toBeNull()

  await user.clear(search)
  await user.type(search, 'nobody here')
  expect(await within(section).findByText('No customer matches “nobody here”.', {}, LOAD)).toBeInTheDocument()
  expect(within(section).queryByRole('table')).toBeNull()
})

test('a roaster has no customers section', async () => {
  const answered: string[] = []
  server.events.on('response:mocked', ({ request }) => { answered.push(new URL(request.url).pathname) })
  await addMember(OWNER, 'rui@example.com', ['roaster'])
  const user = userEvent.setup()
  await signInThroughPage(user, 'rui@example.com', { next: '/roastery', landing: '/roastery' })
  await waitFor(() => expect(answered.some((path) => path.includes('/Shop/myRoles/'))).toBe(true), LOAD)
  expect(await screen.findByRole('heading', { level: 1, name: 'Roastery' }, LOAD)).toBeInTheDocument()
  expect(screen.queryByRole('region', { name: 'Customers' })).toBeNull()
})
