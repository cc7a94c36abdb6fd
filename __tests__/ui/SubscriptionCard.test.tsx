/**
 * The subscription as a customer meets it: the plan carried through sign-in to its confirmation,
 * the "Your subscription" card on /account (pause, resume, skip, cancel behind its dialog), live
 * updates from another tab, and errors that end in one message and lose nothing. The app runs with
 * its real providers against the in-process local backend (msw hands it every request).
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import mockRouter from 'next-router-mock'
import { useAccount } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import { server } from '@/test/msw/server'
import { readOtp, renderAppHook, secondTabClient } from '@/test/render'
import { renderRoute } from '@/test/app-harness'

const LOAD = { timeout: 5000 }
const EMAIL = 'noor@example.com'
type User = ReturnType<typeof userEvent.setup>

const valueIn = (card: HTMLElement, label: string) => within(card).getByRole('definition', { name: label })
const card = () => screen.findByRole('region', { name: 'Your subscription' }, LOAD)

/** A visitor picks a plan on `/` while signed out, signs in, and lands on that plan's confirmation. */
async function pickThenSignIn(user: User, planName: string) {
  renderRoute('/')
  await user.click(await screen.findByRole('link', { name: `Start with ${planName}` }, LOAD))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/sign-in' }), LOAD)
  await user.type(await screen.findByLabelText('Email address', {}, LOAD), `${EMAIL}{Enter}`)
  await user.type(await screen.findByLabelText('Verification code', {}, LOAD), `${await readOtp(EMAIL)}{Enter}`)
  return screen.findByRole('dialog', { name: `Start with ${planName}?` }, LOAD)
}

/** Signed in on `Taster`, on /account. */
async function onAccountWithTaster(user: User) {
  const dialog = await pickThenSignIn(user, 'Taster')
  await user.click(within(dialog).getByRole('button', { name: 'Start Taster' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
  await act(() => mockRouter.push('/account'))
  const subscription = await card()
  await waitFor(() => expect(valueIn(subscription, 'Status')).toHaveTextContent('Active'), LOAD)
  return subscription
}

test('a plan picked before sign-in is kept: sign-in lands on its confirmation, and one click starts it', async () => {
  const user = userEvent.setup()
  const dialog = await pickThenSignIn(user, 'Barista')
  expect(mockRouter).toMatchObject({ pathname: '/', query: { plan: 'barista' } })
  expect(valueIn(dialog, 'Plan')).toHaveTextContent('Barista')
  expect(valueIn(dialog, 'Price')).toHaveTextContent(/39.*per month/)
  expect(valueIn(dialog, 'Applies')).toHaveTextContent('Today')
  expect(valueIn(dialog, 'Next delivery')).toHaveTextContent(/\w{3}/)
  // Nothing is done until it is confirmed.
  expect(screen.queryByTestId('current-plan-line')).not.toBeInTheDocument()

  // A double click sends one choice (a second selectPlan would be refused with 409 ALREADY_ON_PLAN).
  const sent: string[] = []
  const onRequest = ({ request }: { request: Request }) => { if (/\/CALL\/Account\/selectPlan\//.test(request.url)) sent.push(request.url) }
  server.events.on('request:start', onRequest)
  await user.dblClick(within(dialog).getByRole('button', { name: 'Start Barista' }))
  expect(await screen.findByTestId('current-plan-line', {}, LOAD)).toHaveTextContent(/You’re on Barista · next delivery \w{3}/)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  server.events.removeListener('request:start', onRequest)
  expect(sent).toHaveLength(1)
  // The plan leaves the URL, so a reload does not ask again.
  await waitFor(() => expect(mockRouter).toMatchObject({ asPath: '/' }), LOAD)
  // The current plan is marked; the others read as a switch.
  expect(within(screen.getByRole('article', { name: 'Barista' })).getByRole('button', { name: 'Current plan' })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Switch to Daily Grind' })).toBeEnabled()
})

test('switching plan says it applies from the next delivery, and a paused plan reads so on /', async () => {
  const user = userEvent.setup()
  const subscription = await onAccountWithTaster(user)
  const next = valueIn(subscription, 'Next delivery').textContent ?? ''
  await user.click(within(subscription).getByRole('button', { name: '4 weeks' }))
  await waitFor(() => expect(valueIn(subscription, 'Status')).toHaveTextContent('Paused'), LOAD)
  const pausedUntil = valueIn(subscription, 'Paused until').textContent ?? ''
  await user.click(within(subscription).getByRole('link', { name: 'Change plan' }))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/' }), LOAD)
  expect(await screen.findByTestId('current-plan-line', {}, LOAD)).toHaveTextContent(`You’re on Taster · paused until ${pausedUntil}`)
  await user.click(screen.getByRole('button', { name: 'Switch to Daily Grind' }))
  const dialog = screen.getByRole('dialog', { name: 'Switch to Daily Grind?' })
  expect(valueIn(dialog, 'Applies')).toHaveTextContent(`From your next delivery on ${pausedUntil} (your pause stays as it is)`)
  expect(valueIn(dialog, 'Next delivery')).toHaveTextContent(pausedUntil)
  expect(pausedUntil).not.toBe(next)
  await user.click(within(dialog).getByRole('button', { name: 'Switch to Daily Grind' }))
  await waitFor(() => expect(screen.getByTestId('current-plan-line')).toHaveTextContent(`You’re on Daily Grind · paused until ${pausedUntil}`), LOAD)
})

test('a yearly plan shows its per-month price in the confirmation; "Not now" and Escape close it without a change', async () => {
  const user = userEvent.setup()
  const dialog = await pickThenSignIn(user, 'Roaster\'s Club')
  expect(valueIn(dialog, 'Price')).toHaveTextContent(/390.*per year \(.*32\.50 a month\)/)
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  await user.click(await screen.findByRole('button', { name: 'Start with Taster' }, LOAD))
  await user.click(within(screen.getByRole('dialog', { name: 'Start with Taster?' })).getByRole('button', { name: 'Not now' }))
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(screen.queryByTestId('current-plan-line')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Start with Taster' })).toHaveFocus()
})

test('the card pauses for 2 weeks, resumes and skips, each showing live with the change highlighted', async () => {
  const user = userEvent.setup()
  const subscription = await onAccountWithTaster(user)
  expect(valueIn(subscription, 'Plan')).toHaveTextContent(/Taster · .*12 per month/)
  const firstDelivery = valueIn(subscription, 'Next delivery').textContent
  expect(within(subscription).queryByTestId('live-change')).not.toBeInTheDocument()

  await user.click(within(subscription).getByRole('button', { name: '2 weeks' }))
  await waitFor(() => expect(valueIn(subscription, 'Status')).toHaveTextContent('Paused'), LOAD)
  expect(valueIn(subscription, 'Paused until')).toHaveTextContent(/\w{3}/)
  expect(valueIn(subscription, 'Next delivery').textContent).toBe(valueIn(subscription, 'Paused until').textContent)
  expect(within(subscription).getByRole('status')).toHaveTextContent('Paused for 2 weeks.')
  expect(within(subscription).getByTestId('live-change')).toBeInTheDocument()
  expect(within(subscription).queryByRole('button', { name: 'Skip next delivery' })).not.toBeInTheDocument()

  await user.click(within(subscription).getByRole('button', { name: 'Resume deliveries' }))
  await waitFor(() => expect(valueIn(subscription, 'Status')).toHaveTextContent('Active'), LOAD)
  expect(within(subscription).queryByRole('definition', { name: 'Paused until' })).not.toBeInTheDocument()
  expect(valueIn(subscription, 'Next delivery').textContent).toBe(firstDelivery)

  await user.click(within(subscription).getByRole('button', { name: 'Skip next delivery' }))
  await waitFor(() => expect(valueIn(subscription, 'Next delivery').textContent).not.toBe(firstDelivery), LOAD)
  expect(within(subscription).getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/')
})

test('cancel asks first in a dialog that says what happens, keeps the reason, and then offers to start again', async () => {
  const user = userEvent.setup()
  const subscription = await onAccountWithTaster(user)
  const opener = within(subscription).getByRole('button', { name: 'Cancel subscription' })
  await user.click(opener)
  let dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
  expect(dialog).toHaveAccessibleDescription(/Your Taster deliveries stop now/)
  const reason = within(dialog).getByLabelText('Why are you cancelling? (optional)')
  expect(reason).toHaveFocus()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(opener).toHaveFocus()
  expect(valueIn(subscription, 'Status')).toHaveTextContent('Active')

  // A refusal (here: the service is unreachable) is one message in the dialog; the reason stays.
  server.use(http.post(/\/CALL\/Account\/cancelSubscription\//, () => HttpResponse.error(), { once: true }))
  await user.click(opener)
  dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
  await user.type(within(dialog).getByLabelText('Why are you cancelling? (optional)'), 'Moving abroad')
  await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }))
  expect(await within(dialog).findByRole('alert', {}, LOAD)).toHaveTextContent('Cannot reach the service. Check your connection and try again.')
  // Shown once: not also as a toast or in the card behind the dialog.
  expect(screen.getAllByText('Cannot reach the service. Check your connection and try again.')).toHaveLength(1)
  expect(within(dialog).getByLabelText('Why are you cancelling? (optional)')).toHaveValue('Moving abroad')

  await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
  await waitFor(() => expect(valueIn(subscription, 'Status')).toHaveTextContent('Cancelled'), LOAD)
  expect(valueIn(subscription, 'Cancelled on')).toHaveTextContent(/\d{4}/)
  expect(within(subscription).queryByRole('definition', { name: 'Next delivery' })).not.toBeInTheDocument()
  expect(within(subscription).getByRole('link', { name: 'Start Taster again' })).toHaveAttribute('href', '/?plan=taster')
})

test('a 409 from the class is one clear message in the card; the card stays usable', async () => {
  const user = userEvent.setup()
  const subscription = await onAccountWithTaster(user)
  server.use(http.post(/\/CALL\/Account\/skipNextDelivery\//, () =>
    HttpResponse.json({ code: 'SUBSCRIPTION_PAUSED', message: 'Your subscription is paused, so no delivery is coming to skip. Resume it first.' }, { status: 409 }),
  { once: true }))
  await user.click(within(subscription).getByRole('button', { name: 'Skip next delivery' }))
  expect(await within(subscription).findByRole('alert', {}, LOAD)).toHaveTextContent('Your subscription is paused, so no delivery is coming to skip. Resume it first.')
  expect(screen.getAllByText('Your subscription is paused, so no delivery is coming to skip. Resume it first.')).toHaveLength(1)
  expect(within(subscription).getByRole('button', { name: 'Skip next delivery' })).toBeEnabled()
})

test('a busy backend (570 after the SDK\'s retries) says so once', async () => {
  const user = userEvent.setup()
  const subscription = await onAccountWithTaster(user)
  server.use(http.post(/\/CALL\/Account\/pauseSubscription\//, () => HttpResponse.json({ message: 'busy' }, { status: 570 })))
  await user.click(within(subscription).getByRole('button', { name: '1 week' }))
  expect(await within(subscription).findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('The service is busy with another change to this account. Please try again.')
  expect(valueIn(subscription, 'Status')).toHaveTextContent('Active')
}, 15_000)

test('a change made in a second tab shows here live, without a reload', async () => {
  const user = userEvent.setup()
  const subscription = await onAccountWithTaster(user)
  const { result: otherTab } = renderAppHook(() => ({ auth: useAuth(), account: useAccount() }), { route: '/account', createClient: secondTabClient })
  await waitFor(() => expect(otherTab.current.account.account?.status).toBe('active'), LOAD)
  await act(() => otherTab.current.account.changeSubscription({ kind: 'pause', weeks: 4 }))
  await waitFor(() => expect(valueIn(subscription, 'Status')).toHaveTextContent('Paused'), LOAD)
  expect(within(subscription).getByTestId('live-change')).toBeInTheDocument()
})
