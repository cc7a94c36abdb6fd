/**
 * The staff section of /roastery, against the in-process backend with msw: an owner (STAFF_EMAILS)
 * sees the staff and adds a roaster, who is then on the list and on the audit log; a roaster signs
 * in as staff and sees the days, but neither the undelivered e-mails (support's) nor the staff
 * (owners'); a member removed while signed in is told the roastery is closed to them.
 */
// A reload ends the page in the middle of a test: only cleanup can do that to a page signInThroughPage rendered.
// eslint-disable-next-line testing-library/no-manual-cleanup
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderRoute, signInThroughPage } from '@/test/app-harness'
import { watchRequests } from '@/test/msw/watch-requests'
import { backendCall } from '@/test/backend'
import { addMember, ownerForEachTest } from '@/test/staff'

jest.setTimeout(30_000)

const LOAD = { timeout: 5000 }
const OWNER = 'rosa@example.com'

ownerForEachTest(OWNER)

test('an owner adds a roaster: the member is listed with their role, and the audit log has it', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, OWNER, { next: '/roastery', landing: '/roastery' })
  const section = await screen.findByRole('region', { name: 'Staff' }, LOAD)
  expect(await within(section).findByRole('cell', { name: OWNER }, LOAD)).toBeInTheDocument()
  expect(within(section).getByText('(Owner from the shop’s settings)')).toBeInTheDocument()

  await user.type(within(section).getByLabelText('E-mail address'), 'Rui@Example.com')
  await user.click(within(section).getByRole('button', { name: 'Add member' }))
  expect(await within(section).findByText('rui@example.com is on the staff now.', {}, LOAD)).toBeInTheDocument()
  expect(within(section).getByRole('checkbox', { name: 'Roaster for rui@example.com' })).toBeChecked()
  expect(within(section).getByRole('checkbox', { name: 'Support for rui@example.com' })).not.toBeChecked()
  const log = within(section).getByRole('region', { name: 'Audit log' })
  expect(within(log).getByRole('row', { name: /rosa@example.com Member added rui@example.com – → roaster/ })).toBeInTheDocument()
  expect(within(log).getByRole('button', { name: 'Download CSV' })).toBeInTheDocument()

  // Support added, then removed.
  await user.click(within(section).getByRole('checkbox', { name: 'Support for rui@example.com' }))
  await user.click(within(section).getByRole('button', { name: 'Save the roles of rui@example.com' }))
  expect(await within(section).findByText('The roles of rui@example.com are saved.', {}, LOAD)).toBeInTheDocument()
  await user.click(within(section).getByRole('button', { name: 'Remove rui@example.com from the staff' }))
  expect(await within(section).findByText(/rui@example.com is no longer on the staff/, {}, LOAD)).toBeInTheDocument()
  const members = within(section).getByRole('table', { name: 'Members and their roles' })
  await waitFor(() => expect(within(members).queryByRole('cell', { name: 'rui@example.com' })).toBeNull())
  expect(within(log).getByRole('row', { name: /Member removed rui@example.com roaster support → –/ })).toBeInTheDocument()
})

test('a roaster signs in as staff and sees the days, not the undelivered e-mails nor the staff', async () => {
  const roles = watchRequests(/\/Shop\/myRoles\//, 'response:mocked')
  try {
    await addMember(OWNER, 'rui@example.com', ['roaster'])
    const user = userEvent.setup()
    await signInThroughPage(user, 'rui@example.com', { next: '/roastery', landing: '/roastery' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Roastery' }, LOAD)).toBeInTheDocument()
    expect(await screen.findAllByRole('region', { name: /Tomorrow|Today/ }, LOAD)).not.toHaveLength(0)
    // Once the roaster's roles have arrived, nothing of support's or owners' is shown.
    await waitFor(() => expect(roles.urls.length).toBeGreaterThan(0), LOAD)
    expect(screen.queryByRole('region', { name: 'E-mails that could not be sent' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Staff' })).toBeNull()
  } finally {
    roles.stop()
  }
})

test('a member removed while signed in is told the roastery is closed to them, and can sign out', async () => {
  const owner = await addMember(OWNER, 'sue@example.com', ['support'])
  const user = userEvent.setup()
  await signInThroughPage(user, 'sue@example.com', { next: '/roastery', landing: '/roastery' })
  expect(await screen.findByRole('region', { name: 'E-mails that could not be sent' }, LOAD)).toBeInTheDocument()
  expect((await backendCall('CALL/Shop/removeMember/main', owner.token, { email: 'sue@example.com' })).status).toBe(200)

  // Her next page load (a reload: the tab's session stays), with the session she still holds.
  cleanup()
  renderRoute('/roastery')
  expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('Your address is no longer on the shop’s staff, so the roastery is closed to you. An owner can add you again.')
  expect(screen.queryByRole('region', { name: 'E-mails that could not be sent' })).toBeNull()
  expect(screen.queryAllByRole('region', { name: /Tomorrow|Today/ })).toHaveLength(0)
  await user.click(screen.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => expect(screen.queryByText(/no longer on the shop’s staff/)).toBeNull(), LOAD)
})
