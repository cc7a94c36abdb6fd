import '@/test/intersection-observer'
import { render, screen, within } from '@testing-library/react'
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

test('says in the customer’s words what is kept, where and since when, and who can see it', () => {
  render(<AwsCard aws={{ ...AWS, region: 'eu-west-1', status: 'active' }} />)
  const card = screen.getByRole('region', { name: 'Your data' })
  expect(card).toHaveTextContent(
    'Your account, delivery address and delivery history are stored in the EU (Ireland), since Thu 5 Mar 2026. Only you and our support team can see them.',
  )
  expect(card).toHaveTextContent('Everything is in place and kept up to date as you use your account.')
})

test('never shows the storage’s own names: no bucket, queue, region code or state code', () => {
  const aws: AwsView = {
    ...AWS,
    region: 'eu-west-1',
    status: 'active',
    resources: { bucket: 'bean-and-bloom-3f9c2a7d1e0b', storageClass: 'STANDARD', queue: 'orders-3f9c2a7d1e0b' },
  }
  render(<AwsCard aws={aws} />)
  const text = screen.getByRole('region', { name: 'Your data' }).textContent ?? ''
  for (const technical of ['bean-and-bloom-', 'orders-', 'STANDARD', 'eu-west-1', '(active)', 'jane@example.com', 'bucket', 'queue']) {
    expect(text).not.toContain(technical)
  }
  expect(screen.queryByText(/Technical details/)).not.toBeInTheDocument()
})

test('a region or state it cannot name in words is left out rather than shown as a code', () => {
  const { rerender } = render(<AwsCard aws={{ ...AWS, region: 'eu-north-1', status: 'provisioning' }} />)
  const card = () => screen.getByRole('region', { name: 'Your data' })
  expect(card()).toHaveTextContent('are stored in the EU, since')
  expect(card().textContent).not.toMatch(/eu-north-1|provisioning/)
  rerender(<AwsCard aws={{ ...AWS, region: 'us-east-1', status: 'suspended' }} />)
  expect(card()).toHaveTextContent('are stored with our cloud provider, since')
  expect(card().textContent).not.toContain('us-east-1')
  // Live: a change of state is said in words.
  expect(card()).toHaveTextContent('Your stored data is on hold for now')
})

test('the account card shows formatted dates, and no further field, the e-mail or subscription', () => {
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
  expect(valueOf(card, 'Member since')).toHaveTextContent('Thu 5 Mar 2026')
  expect(valueOf(card, 'Last sign-in')).toHaveTextContent(/1 Apr 2026/)
  for (const shownElsewhere of ['Loyalty tier', 'Email', 'Plan', 'Status', 'Plan changed at', 'Next delivery at', 'History', 'Delivery', 'Preferences']) {
    expect(within(card).queryByRole('definition', { name: shownElsewhere })).not.toBeInTheDocument()
  }
  expect(within(card).queryByText('Live')).not.toBeInTheDocument()
})
