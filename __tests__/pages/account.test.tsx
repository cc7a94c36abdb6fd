import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { awsIdFor } from '@/test/ids'
import { useAuth } from '@/contexts/AuthContext'
import { SNAPSHOT_FALLBACK_MS } from '@/lib/rio/state'
import { emitSnapshot, readOtp, renderAppHook, secondTabClient, silenceSnapshots } from '@/test/render'
import { renderRoute } from '@/test/app-harness'

const LOAD = { timeout: 5000 }
const EMAIL = 'ana@example.com'

/** Signs in through the sign-in page, which then sends us on to /account. */
async function signInToAccount(user: ReturnType<typeof userEvent.setup>) {
  renderRoute('/sign-in?next=/account')
  await user.type(await screen.findByLabelText('Email address', {}, LOAD), `${EMAIL}{Enter}`)
  await user.type(await screen.findByLabelText('Verification code', {}, LOAD), `${await readOtp(EMAIL)}{Enter}`)
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/account' }), LOAD)
}

const valueIn = (card: HTMLElement, label: string) => within(card).getByRole('definition', { name: label })

test('visitors are redirected to sign in, and come back to /account afterwards', async () => {
  renderRoute('/account')
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/sign-in', query: { next: '/account' } }), LOAD)
  expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument()
})

test('shows the Account and AWS cards with every field, updates them live, and signs out', async () => {
  const user = userEvent.setup()
  await signInToAccount(user)

  expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument()
  const subscription = await screen.findByRole('region', { name: 'Your subscription' }, LOAD)
  expect(valueIn(subscription, 'Status')).toHaveTextContent('No plan yet')
  expect(within(subscription).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/')
  const account = screen.getByRole('region', { name: 'Account' })
  // Subscription first, then the customer's details, then the AWS object.
  const cards = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby')).filter((id) => id?.endsWith('-card-title'))
  expect(cards).toEqual(['subscription-card-title', 'account-card-title', 'aws-card-title'])
  // The e-mail is shown once, at the top.
  expect(screen.getAllByText((_, element) => element?.textContent === `Signed in as ${EMAIL}` && element.tagName === 'P')).toHaveLength(1)
  expect(within(account).queryByRole('definition', { name: 'Email' })).not.toBeInTheDocument()
  expect(within(valueIn(account, 'Member since')).getByText(/\d{4}/).tagName).toBe('TIME')
  expect(within(valueIn(account, 'Last sign-in')).getByText(/\d{4}/).tagName).toBe('TIME')

  const aws = screen.getByRole('region', { name: 'AWS' })
  expect(valueIn(aws, 'Status')).toHaveTextContent('active')
  expect(within(valueIn(aws, 'Created at')).getByText(/\d{4}/)).toHaveAttribute('datetime')
  expect(valueIn(valueIn(aws, 'Resources'), 'Storage class')).toHaveTextContent('STANDARD')
  expect(within(aws).getByText('Live')).toBeInTheDocument()

  act(() =>
    emitSnapshot(awsIdFor(EMAIL), {
      email: EMAIL,
      status: 'suspended',
      billingAlerts_enabled: true,
      lastSyncAt: '2026-04-01T08:00:00.000Z',
    }),
  )
  expect(valueIn(aws, 'Status')).toHaveTextContent('suspended')
  expect(valueIn(aws, 'Billing alerts enabled')).toHaveTextContent('Yes')
  expect(within(valueIn(aws, 'Last sync at')).getByText(/2026/)).toHaveAttribute('datetime', '2026-04-01T08:00:00.000Z')

  await user.click(screen.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => expect(mockRouter).toMatchObject({ asPath: '/' }), LOAD)
  expect(await screen.findByText(/You’re signed out/, {}, LOAD)).toBeInTheDocument()
  expect(await screen.findByRole('link', { name: 'Sign in' }, LOAD)).toBeInTheDocument()
})

test('choosing a plan goes through its confirmation, then marks it as current and says so in a toast', async () => {
  const user = userEvent.setup()
  await signInToAccount(user)
  await act(() => mockRouter.push('/'))

  const barista = await screen.findByRole('article', { name: 'Barista' }, LOAD)
  await user.click(within(barista).getByRole('button', { name: 'Start with Barista' }))
  const dialog = screen.getByRole('dialog', { name: 'Start with Barista?' })
  expect(within(dialog).getByRole('definition', { name: 'Price' })).toHaveTextContent(/39.*per month/)
  expect(within(dialog).getByRole('definition', { name: 'Applies' })).toHaveTextContent('Today')
  await user.dblClick(within(dialog).getByRole('button', { name: 'Start Barista' }))
  expect(await screen.findByText(/You’re on Barista\. Your first delivery is on/, {}, LOAD)).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(await within(barista).findByRole('button', { name: 'Current plan' }, LOAD)).toBeDisabled()
  expect(within(barista).getByText('Your plan')).toBeInTheDocument()
  expect(screen.getByTestId('current-plan-line')).toHaveTextContent(/You’re on Barista · next delivery/)
  // The others now read as a switch, and a double click started one subscription.
  expect(screen.getByRole('button', { name: 'Switch to Taster' })).toBeEnabled()
  await act(() => mockRouter.push('/account'))
  const history = await screen.findByRole('region', { name: 'Your subscription' }, LOAD)
  expect(valueIn(history, 'Status')).toHaveTextContent('Active')
})

test('says so when live updates are unavailable', async () => {
  silenceSnapshots()
  const user = userEvent.setup()
  await signInToAccount(user)
  expect(
    await screen.findByText('Live updates are unavailable.', {}, { timeout: SNAPSHOT_FALLBACK_MS + 3000 }),
  ).toBeInTheDocument()
  // The state was read once instead, so the cards still show.
  expect(valueIn(screen.getByRole('region', { name: 'AWS' }), 'Status')).toHaveTextContent('active')
  expect(within(screen.getByRole('region', { name: 'AWS' })).queryByText('Live')).not.toBeInTheDocument()
}, 15_000)

test('when another tab signs out, /account says so instead of silently moving to sign-in', async () => {
  const user = userEvent.setup()
  await signInToAccount(user)
  expect(await screen.findByRole('button', { name: 'Sign out' }, LOAD)).toBeInTheDocument()
  const { result: otherTab } = renderAppHook(useAuth, { route: '/account', createClient: secondTabClient })
  await waitFor(() => expect(otherTab.current.isSignedIn).toBe(true), LOAD)

  await act(() => otherTab.current.signOut())
  expect(await screen.findByText('You signed out in another tab.', {}, LOAD)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/sign-in?next=/account')
  expect(mockRouter).toMatchObject({ pathname: '/account' })
  expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument()
})
