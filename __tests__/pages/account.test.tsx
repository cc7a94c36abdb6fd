import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { http, HttpResponse } from 'msw'
import { accountIdFor, awsIdFor } from '@/test/ids'
import { useAuth } from '@/contexts/AuthContext'
import { SNAPSHOT_FALLBACK_MS } from '@/lib/rio/state'
import { emitSnapshot, readOtp, renderAppHook, secondTabClient, silenceSnapshots } from '@/test/render'
import { openAsVisitor, renderRoute, signInThroughPage, typeCard, typeDeliveryAddress } from '@/test/app-harness'
import { server } from '@/test/msw/server'

const LOAD = { timeout: 5000 }
const EMAIL = 'ana@example.com'
const ADDRESS = { name: 'Ana Silva', line1: 'Rua Augusta 10', postalCode: '1100-148', city: 'Lisboa', country: 'PT' }

/** Signs in through the sign-in page, which then sends us on to /account. */
const signInToAccount = (user: ReturnType<typeof userEvent.setup>) => signInThroughPage(user, EMAIL, { next: '/account', landing: '/account' })

const valueIn = (card: HTMLElement, label: string) => within(card).getByRole('definition', { name: label })

test('visitors are redirected to sign in, and come back to /account afterwards', async () => {
  await openAsVisitor('/account')
  expect(screen.queryByRole('region', { name: 'Sign-in' })).not.toBeInTheDocument()
})

test('shows the subscription page first, then sign-in details and data (folded), updates them live, and signs out', async () => {
  const user = userEvent.setup()
  await signInToAccount(user)

  expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument()
  const next = await screen.findByRole('region', { name: 'No subscription yet' }, LOAD)
  expect(within(next).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/')
  expect(screen.getByRole('region', { name: 'Delivery address' })).toHaveTextContent('No delivery address yet.')
  const signIn = screen.getByRole('region', { name: 'Sign-in' })
  // The coffee first; the customer's sign-in details and data below it.
  const order = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))
  expect(order.indexOf('next-delivery-title')).toBeLessThan(order.indexOf('account-card-title'))
  expect(order.indexOf('account-card-title')).toBeLessThan(order.indexOf('aws-card-title'))
  // The e-mail is shown once, at the top.
  expect(screen.getAllByText((_, element) => element?.textContent === `Signed in as ${EMAIL}` && element.tagName === 'P')).toHaveLength(1)
  expect(within(signIn).queryByRole('definition', { name: 'Email' })).not.toBeInTheDocument()
  expect(within(valueIn(signIn, 'Member since')).getByText(/\d{4}/).tagName).toBe('TIME')

  const aws = screen.getByRole('region', { name: 'Your data' })
  expect(aws).toHaveTextContent('are stored in the EU (Ireland)')
  expect(aws.textContent).not.toMatch(/eu-west-1|\(active\)|STANDARD|bean-and-bloom-|orders-/)
  expect(screen.queryByText('Live')).not.toBeInTheDocument()

  act(() =>
    emitSnapshot(awsIdFor(EMAIL), {
      email: EMAIL,
      status: 'suspended',
      billingAlerts_enabled: true,
      lastSyncAt: '2026-04-01T08:00:00.000Z',
    }),
  )
  // Live, and in words: the state is said, its code and the storage's fields are not shown.
  expect(aws).toHaveTextContent('Your stored data is on hold for now')
  expect(aws.textContent).not.toMatch(/suspended|Billing alerts/)

  await user.click(screen.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => expect(mockRouter).toMatchObject({ asPath: '/' }), LOAD)
  expect(await screen.findByText(/You’re signed out/, {}, LOAD)).toBeInTheDocument()
  expect(await screen.findByRole('link', { name: 'Sign in' }, LOAD)).toBeInTheDocument()
}, 20_000)

test('starting a plan asks for the address in the confirmation, refuses a wrong postal code there, then starts', async () => {
  const user = userEvent.setup()
  await signInToAccount(user)
  await act(() => mockRouter.push('/'))

  const barista = await screen.findByRole('article', { name: 'Barista' }, LOAD)
  await user.click(within(barista).getByRole('button', { name: 'Start with Barista' }))
  const dialog = screen.getByRole('dialog', { name: 'Start with Barista?' })
  expect(within(dialog).getByRole('definition', { name: 'Price' })).toHaveTextContent('€20.00 per delivery (€10.00 a bag)')
  expect(within(dialog).getByRole('definition', { name: 'Each delivery' })).toHaveTextContent('2 bags (250 g) every week')
  // No address yet: the first field is where the customer starts.
  expect(within(dialog).getByLabelText('Full name')).toHaveFocus()
  await typeDeliveryAddress(user, dialog, { ...ADDRESS, postalCode: '12' })
  await typeCard(user, dialog)
  // Barista offers whole bean or espresso: nothing else is offered.
  expect(within(within(dialog).getByLabelText('Grind')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Whole bean', 'Ground for espresso'])
  await user.selectOptions(within(dialog).getByLabelText('Grind'), 'espresso')
  await user.click(within(dialog).getByRole('button', { name: 'Start Barista' }))
  const postal = within(dialog).getByLabelText('Postal code')
  expect(postal).toHaveAttribute('aria-invalid', 'true')
  expect(postal).toHaveAccessibleDescription('"12" is not a postal code in Portugal: it has 4 digits, a dash and 3 digits, like 1000-001.')
  expect(postal).toHaveFocus()
  // What was typed stays; fixing the code is enough.
  await user.clear(postal)
  await user.type(postal, '1100-148')
  await user.dblClick(within(dialog).getByRole('button', { name: 'Start Barista' }))
  expect(await screen.findByText(/You’re on Barista\. Your first delivery is on/, {}, LOAD)).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(await within(barista).findByRole('button', { name: 'Current plan' }, LOAD)).toBeDisabled()
  expect(screen.getByTestId('current-plan-line')).toHaveTextContent(/You’re on Barista · next delivery/)

  await act(() => mockRouter.push('/account'))
  const next = await screen.findByRole('region', { name: 'Your next delivery' }, LOAD)
  expect(next).toHaveTextContent('Barista · 2 bags (250 g) every week · Ground for espresso, roaster’s choice')
  expect(next).toHaveTextContent('Ana Silva, Rua Augusta 10, 1100-148 Lisboa, Portugal')
  expect(within(screen.getByRole('region', { name: 'Upcoming deliveries' })).getAllByRole('listitem')).toHaveLength(6)
}, 30_000)

test('switching plans compares the two plans and says from which delivery it applies', async () => {
  const user = userEvent.setup()
  await signInToAccount(user)
  await startPlan(user, 'daily-grind')
  await act(() => mockRouter.push('/'))
  const barista = await screen.findByRole('article', { name: 'Barista' }, LOAD)
  await user.click(await within(barista).findByRole('button', { name: 'Switch to Barista' }, LOAD))
  const dialog = screen.getByRole('dialog', { name: 'Switch to Barista?' })
  const [head, ...body] = within(dialog).getAllByRole('row')
  expect(within(head!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Now: Daily Grind', expect.stringMatching(/^From .+: Barista$/)])
  const row = (label: string) => {
    const found = body.find((candidate) => within(candidate).queryByRole('rowheader', { name: label }))!
    return within(found).getAllByRole('cell').map((cell) => cell.textContent)
  }
  expect(row('Each delivery')).toEqual(['1 bag (250 g) every two weeks', '2 bags (250 g) every week'])
  expect(row('Price per delivery')).toEqual(['€12.00', '€20.00'])
  // Daily Grind delivers every two weeks, Barista every week: the spend over four weeks says so.
  expect(row('Every four weeks')).toEqual(['€24.00 (2 deliveries)', '€80.00 (4 deliveries)'])
  expect(dialog).toHaveTextContent('You would spend €56.00 more every four weeks.')
  expect(row('Price per bag')).toEqual(['€12.00', '€10.00'])
  // The safe choice has focus; nothing is sent until the customer confirms.
  expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus()
  await user.click(within(dialog).getByRole('button', { name: 'Switch to Barista' }))
  expect(await screen.findByText(/You’re switching to Barista from your next delivery on/, {}, LOAD)).toBeInTheDocument()
}, 30_000)

/** Starts a plan from /account's state through the address step (the customer has no address yet). */
async function startPlan(user: ReturnType<typeof userEvent.setup>, planId: string) {
  await act(() => mockRouter.push(`/?plan=${planId}`))
  const dialog = await screen.findByRole('dialog', {}, LOAD)
  await typeDeliveryAddress(user, dialog, ADDRESS)
  await typeCard(user, dialog)
  await user.click(within(dialog).getByRole('button', { name: /^Start / }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
}

test('says so when live updates are unavailable', async () => {
  silenceSnapshots()
  const user = userEvent.setup()
  await signInToAccount(user)
  expect(
    await screen.findByText('Live updates are unavailable.', {}, { timeout: SNAPSHOT_FALLBACK_MS + 3000 }),
  ).toBeInTheDocument()
  // The state was read once instead, so the page still shows.
  expect(screen.getByRole('region', { name: 'Your data' })).toHaveTextContent('Everything is in place')
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
  expect(screen.queryByRole('region', { name: 'Sign-in' })).not.toBeInTheDocument()
})

test('an account deleted or moved in another browser signs this one out, from the public state alone (its user state is closed to it)', async () => {
  const user = userEvent.setup()
  await signInToAccount(user)
  expect(await screen.findByRole('button', { name: 'Sign out' }, LOAD)).toBeInTheDocument()

  // The live user document no longer answers this session; only the public one moves.
  act(() => emitSnapshot(accountIdFor(EMAIL), { sessionEpoch: new Date(Date.now() + 60_000).toISOString() }, 'public'))
  expect(await screen.findByText('This account was deleted or moved to another e-mail address, so you are signed out here.', {}, LOAD)).toBeInTheDocument()
  expect(screen.queryByRole('region', { name: 'Sign-in' })).not.toBeInTheDocument()
})

test('an outage while the account opens says "Reconnecting…", keeps the customer signed in, and carries on when the service is back', async () => {
  const user = userEvent.setup()
  renderRoute('/sign-in?next=/account')
  await user.type(await screen.findByLabelText('Email address', {}, LOAD), `${EMAIL}{Enter}`)
  const codeInput = await screen.findByLabelText('Verification code', {}, LOAD)
  // The service goes away just as the customer's objects are opened after the sign-in.
  server.use(http.all(/\/rio\/coffee-local\/INSTANCE\/AWS/, () => new HttpResponse('Bad gateway', { status: 502 })))
  await user.type(codeInput, `${await readOtp(EMAIL)}{Enter}`)
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/account' }), LOAD)

  expect(await screen.findByText('Reconnecting…', {}, LOAD)).toBeInTheDocument()
  expect(screen.getByText(/You’re still signed in/)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument()

  server.resetHandlers()
  await user.click(screen.getByRole('button', { name: 'Try again now' }))
  // The customer's own account loaded: the same customer, still signed in.
  const account = await screen.findByRole('region', { name: 'Sign-in' }, LOAD)
  expect(valueIn(account, 'Member since')).not.toBeEmptyDOMElement()
  expect(screen.getByText((_, element) => element?.textContent === `Signed in as ${EMAIL}` && element.tagName === 'P')).toBeInTheDocument()
  expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument()
  expect(mockRouter).toMatchObject({ pathname: '/account' })
})
