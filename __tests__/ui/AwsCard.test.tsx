import '@/test/intersection-observer'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { AccountCard } from '@/components/account/AccountCard'
import { AwsCard } from '@/components/account/AwsCard'
import type { AwsView } from '@/lib/contract'

/** The value (dd) of a field, found by its humanised label (dt). */
function valueOf(container: HTMLElement, label: string): HTMLElement {
  return within(container).getByRole('definition', { name: label })
}

const AWS: AwsView = {
  email: 'jane@example.com',
  status: 'provisioned',
  createdAt: '2026-03-05T10:15:00.000Z',
  mfa_enabled: true,
  suspended: false,
  storageGb: 12500,
  region: { code: 'eu-west-1', launched_on: '2007-11-14' },
  tags: ['coffee', 'beta'],
  awsAccountId: '',
  linkedResources: [{ resourceType: 'bucket', isPublic: false }],
}

test('says in plain words what the object is for the customer; its fields fold under technical details', async () => {
  render(<AwsCard aws={{ ...AWS, region: 'eu-west-1', status: 'active' }} locale="en-US" />)
  const card = screen.getByRole('region', { name: 'Your data' })
  expect(card).toHaveTextContent('Your account’s records are kept in our cloud storage in the EU (Ireland) (active).')
  // The resource fields are folded away until asked for.
  expect(within(card).getByRole('group')).not.toHaveAttribute('open')
  await userEvent.click(within(card).getByText('Technical details for support'))
  expect(within(card).getByRole('group')).toHaveAttribute('open')
  expect(within(card).queryByText('Live')).not.toBeInTheDocument()
})

test('renders every AWS field humanised, dates formatted, booleans, numbers and nested values', () => {
  render(<AwsCard aws={AWS} locale="en-US" />)
  const card = screen.getByRole('region', { name: 'Your data' })

  // The page heads with the e-mail; the card does not repeat it.
  expect(within(card).queryByText('jane@example.com')).not.toBeInTheDocument()
  expect(valueOf(card, 'Status')).toHaveTextContent('provisioned')
  const created = within(valueOf(card, 'Created at')).getByText(/Mar 5, 2026/)
  expect(created.tagName).toBe('TIME')
  expect(created).toHaveAttribute('datetime', '2026-03-05T10:15:00.000Z')
  expect(valueOf(card, 'MFA enabled')).toHaveTextContent('Yes')
  expect(valueOf(card, 'Suspended')).toHaveTextContent('No')
  expect(valueOf(card, 'Storage GB')).toHaveTextContent('12,500')
  expect(valueOf(card, 'AWS account ID')).toHaveTextContent('Not set')

  const region = valueOf(card, 'Region')
  expect(valueOf(region, 'Code')).toHaveTextContent('eu-west-1')
  expect(valueOf(region, 'Launched on')).toHaveTextContent('Nov 14, 2007')

  expect(within(valueOf(card, 'Tags')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['coffee', 'beta'])
  const linked = valueOf(card, 'Linked resources')
  expect(valueOf(linked, 'Resource type')).toHaveTextContent('bucket')
  expect(valueOf(linked, 'Is public')).toHaveTextContent('No')
})

test('re-renders live when a field changes or appears', () => {
  const { rerender } = render(<AwsCard aws={AWS} locale="en-US" />)
  rerender(<AwsCard aws={{ ...AWS, status: 'suspended', lastSyncAt: '2026-04-01T08:00:00.000Z' }} locale="en-US" />)
  const card = screen.getByRole('region', { name: 'Your data' })
  expect(valueOf(card, 'Status')).toHaveTextContent('suspended')
  expect(valueOf(card, 'Last sync at')).toHaveTextContent(/Apr 1, 2026/)
})

test('the account card shows formatted dates and any further field, but not the e-mail or subscription', () => {
  render(
    <AccountCard
      account={{
        email: 'jane@example.com',
        plan: 'filter',
        status: 'active',
        memberSince: '2026-03-05T10:15:00.000Z',
        lastSignInAt: '2026-04-01T08:00:00.000Z',
        planChangedAt: '2026-03-06T09:00:00.000Z',
        nextDeliveryAt: '2026-04-03T00:00:00.000Z',
        history: [],
        loyaltyTier: 'gold',
        delivery: { name: 'Jane', line1: 'Main 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
        preferences: { grind: 'filter', roast: 'light' },
      }}
      locale="en-US"
    />,
    { wrapper: MemoryRouterProvider },
  )
  const card = screen.getByRole('region', { name: 'Sign-in' })
  expect(valueOf(card, 'Member since')).toHaveTextContent('March 5, 2026')
  expect(valueOf(card, 'Last sign-in')).toHaveTextContent(/Apr 1, 2026/)
  expect(valueOf(card, 'Loyalty tier')).toHaveTextContent('gold')
  for (const shownElsewhere of ['Email', 'Plan', 'Status', 'Plan changed at', 'Next delivery at', 'History', 'Delivery', 'Preferences']) {
    expect(within(card).queryByRole('definition', { name: shownElsewhere })).not.toBeInTheDocument()
  }
  expect(within(card).queryByText('Live')).not.toBeInTheDocument()
})
