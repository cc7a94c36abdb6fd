/**
 * Paying for deliveries as a customer meets it, with the real providers against the in-process
 * backend (its class code charging through the run's localstripe) and the tests' Stripe.js, which
 * confirms for real against that localstripe (test/fake-stripe.ts): a plan starts only with a
 * payment method given in its confirmation (a card, or a SEPA account under its mandate), a card
 * Stripe declines is said there and nothing typed is lost; on /account the saved method, each
 * delivery's payment, retrying a failed one, another card, confirming with the bank, a hold for
 * payment, and a shipped delivery on its way. Time moves with the backend's delayed calls (test/clock.ts).
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import mockRouter from 'next-router-mock'
import { formatDeliveryDay } from '@/lib/format/date'
import { LEAD_DAYS } from '@retter-shared/BeanBloomSubscription/schedule'
import { savePaymentMethod, TEST_CARDS, TEST_IBANS } from '@/rio-local/test/payments'
import { renderRoute, signInThroughPage, typeCard, typeDeliveryAddress, typeEmailAndCode } from '@/test/app-harness'
import { backendCall, backendSession } from '@/test/backend'
import { daysAhead, DAY_MS, movableClock, walkTo } from '@/test/clock'
import { fakeStripeCalls } from '@/test/fake-stripe'
import { server } from '@/test/msw/server'
import { watchRequests } from '@/test/msw/watch-requests'

jest.setTimeout(40_000)

const LOAD = { timeout: 8000 }
const STAFF = 'rosa@example.com'
const ADDRESS = { name: 'Noor Haddad', line1: 'Kungsgatan 4', postalCode: '111 43', city: 'Stockholm', country: 'SE' }
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
type User = ReturnType<typeof userEvent.setup>

beforeEach(() => {
  process.env.STAFF_EMAILS = STAFF
})
afterEach(() => {
  delete process.env.STAFF_EMAILS
  jest.useRealTimers()
})

let seq = 0
/** A fresh address per test: localstripe keeps its customers for the whole run. */
const emailOf = (name: string) => `${name}.${process.pid}.${++seq}@example.com`

/** A visitor picks Barista on `/` while signed out, signs in, and lands on its confirmation. */
async function pickBaristaThenSignIn(user: User, email: string): Promise<HTMLElement> {
  renderRoute('/')
  await user.click(await screen.findByRole('link', { name: 'Start with Barista' }, LOAD))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/sign-in' }), LOAD)
  await typeEmailAndCode(user, email, LOAD)
  return screen.findByRole('dialog', { name: 'Start with Barista?' }, LOAD)
}

/** A customer with an address, a saved card (through the Account's own methods) and Barista started. */
async function subscriber(email: string, card: string) {
  const session = await backendSession(email)
  const callAs = (name: string, body?: unknown) => backendCall(`CALL/Account/${name}/${session.accountId}`, session.token, body)
  expect((await callAs('setDeliveryAddress', HOME)).status).toBe(200)
  await savePaymentMethod(callAs, { card })
  expect((await callAs('selectPlan', { planId: 'barista' })).status).toBe(200)
  return session
}

/** /account, signed in through the page. */
async function onAccount(user: User, email: string): Promise<void> {
  await signInThroughPage(user, email, { next: '/account', landing: '/account' })
  await screen.findByRole('region', { name: 'Your next delivery' }, LOAD)
}

const upcomingRows = () => within(screen.getByRole('region', { name: 'Upcoming deliveries' })).getAllByRole('listitem')
const paymentCard = () => screen.getByRole('region', { name: 'Payment method' })

async function axeViolations(container: HTMLElement): Promise<string[]> {
  // jsdom has no canvas (axe measures icon fonts with one) nor layout (colour contrast is e2e's).
  const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } }).finally(() => canvas.mockRestore())
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('the start confirmation takes the payment method', () => {
  test('a card: Stripe confirms it, then the plan starts; /account shows the card, and a restart does not ask again', async () => {
    const user = userEvent.setup()
    const dialog = await pickBaristaThenSignIn(user, emailOf('noor'))
    const fields = within(dialog).getByRole('group', { name: 'Payment method' })
    expect(within(fields).getByRole('radio', { name: 'Card' })).toBeChecked()
    expect(await axeViolations(dialog)).toEqual([])
    await typeDeliveryAddress(user, dialog, ADDRESS)
    await typeCard(user, dialog)
    const calls = watchRequests(/\/CALL\/Account\/\w+\//)
    try {
      await user.dblClick(within(dialog).getByRole('button', { name: 'Start Barista' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
    } finally {
      calls.stop()
    }
    const sent = calls.urls.map((url) => /\/CALL\/Account\/(\w+)\//.exec(url)?.[1])
    // One setup, confirmed by Stripe.js, saved, then the plan: each once, in that order.
    expect(sent.filter((method) => method !== 'setDeliveryAddress' && method !== 'setPreferences'))
      .toEqual(['startPaymentSetup', 'savePaymentMethod', 'selectPlan'])
    expect(fakeStripeCalls.map((call) => call.method)).toEqual(['confirmCardSetup'])
    expect(await screen.findByText(/You’re on Barista\. Your first delivery is on/, {}, LOAD)).toBeInTheDocument()

    await act(() => mockRouter.push('/account'))
    await screen.findByRole('region', { name: 'Your next delivery' }, LOAD)
    await waitFor(() => expect(within(paymentCard()).getByTestId('payment-method')).toHaveTextContent(/Visa •••• 4242\s*Expires 12\/\d{4}/), LOAD)
    // The next deliveries say what they cost and when they are charged: the day they become final.
    const later = within(upcomingRows()[3]!).getByRole('time').getAttribute('datetime')!
    const chargedOn = formatDeliveryDay(new Date(Date.parse(later) - (LEAD_DAYS - 1) * DAY_MS).toISOString())
    expect(upcomingRows()[3]).toHaveTextContent(`€20.00, charged on ${chargedOn}`)

    // Cancelled, then started again: the saved card is shown, nothing asked.
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }))
    const cancelling = screen.getByRole('dialog', { name: 'Cancel your subscription?' })
    await user.click(within(cancelling).getByRole('radio', { name: 'Too expensive' }))
    await user.click(within(cancelling).getByRole('button', { name: 'Cancel subscription' }))
    const cancelled = await screen.findByRole('region', { name: 'Your subscription is cancelled' }, LOAD)
    await user.click(within(cancelled).getByRole('link', { name: 'Start Barista again' }))
    const again = await screen.findByRole('dialog', { name: 'Start Barista again?' }, LOAD)
    expect(within(again).getByRole('definition', { name: 'Paid with' })).toHaveTextContent('Visa •••• 4242')
    expect(within(again).queryByLabelText('Card number')).not.toBeInTheDocument()
  })

  test('SEPA Direct Debit: the mandate is shown before confirming, and /account shows the account and its mandate reference', async () => {
    const user = userEvent.setup()
    const dialog = await pickBaristaThenSignIn(user, emailOf('ines'))
    await typeDeliveryAddress(user, dialog, ADDRESS)
    await user.click(within(dialog).getByRole('radio', { name: 'SEPA Direct Debit (bank account)' }))
    expect(within(dialog).getByTestId('sepa-mandate')).toHaveTextContent(/you authorise \(A\) Bean & Bloom Coffee House and Stripe, our payment service provider, to send instructions to your bank/)
    // The account holder is the name just typed, and can be changed.
    expect(within(dialog).getByLabelText('Account holder')).toHaveValue('Noor Haddad')
    expect(await axeViolations(dialog)).toEqual([])
    await user.type(await within(dialog).findByLabelText('IBAN', {}, LOAD), TEST_IBANS.good)
    await user.click(within(dialog).getByRole('button', { name: 'Start Barista' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
    expect(fakeStripeCalls.map((call) => call.method)).toEqual(['confirmSepaDebitSetup'])

    await act(() => mockRouter.push('/account'))
    await screen.findByRole('region', { name: 'Your next delivery' }, LOAD)
    await waitFor(() => expect(within(paymentCard()).getByTestId('payment-method')).toHaveTextContent(/SEPA Direct Debit •••• 3000/), LOAD)
    expect(within(paymentCard()).getByTestId('payment-method')).toHaveTextContent(/Mandate reference \S+/)
  })

  test('a card Stripe declines is said in the dialog in Stripe’s words; nothing typed is lost and another card starts the plan', async () => {
    const user = userEvent.setup()
    const dialog = await pickBaristaThenSignIn(user, emailOf('omar'))
    await typeDeliveryAddress(user, dialog, ADDRESS)
    await typeCard(user, dialog, '4000000000000002')
    await user.click(within(dialog).getByRole('button', { name: 'Start Barista' }))
    expect(await within(dialog).findByRole('alert', {}, LOAD)).toHaveTextContent('Your card was declined.')
    expect(within(dialog).getByLabelText('Street and number')).toHaveValue(ADDRESS.line1)
    expect(within(dialog).getByLabelText('Card number')).toHaveValue('4000000000000002')
    // An incomplete number is refused by Stripe.js itself, before anything is saved.
    await user.clear(within(dialog).getByLabelText('Card number'))
    await user.type(within(dialog).getByLabelText('Card number'), '4242')
    await user.click(within(dialog).getByRole('button', { name: 'Start Barista' }))
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Your card number is incomplete.'), LOAD)
    await user.clear(within(dialog).getByLabelText('Card number'))
    await typeCard(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Start Barista' }))
    expect(await screen.findByText(/You’re on Barista\. Your first delivery is on/, {}, LOAD)).toBeInTheDocument()
  })

  test('the backend’s own refusal of a payment setup is shown there too', async () => {
    const user = userEvent.setup()
    const dialog = await pickBaristaThenSignIn(user, emailOf('lea'))
    await typeDeliveryAddress(user, dialog, ADDRESS)
    await typeCard(user, dialog)
    server.use(http.post(/\/CALL\/Account\/savePaymentMethod\//, () =>
      HttpResponse.json({ code: 'PAYMENT_SETUP_INCOMPLETE', message: 'Your bank asked you to confirm this card: complete its check, then save again.' }, { status: 400 })))
    await user.click(within(dialog).getByRole('button', { name: 'Start Barista' }))
    expect(await within(dialog).findByRole('alert', {}, LOAD)).toHaveTextContent('Your bank asked you to confirm this card: complete its check, then save again.')
    expect(screen.getByRole('dialog', { name: 'Start with Barista?' })).toBeInTheDocument()
  })
})

describe('each delivery’s payment on /account', () => {
  /**
   * `name` subscribes with `card`, the clock moves a day on (the first delivery, two days ahead,
   * is final and charged) and they open /account: their first upcoming row, and its day as shown.
   */
  async function chargedOnAccount(name: string, card: string) {
    await movableClock()
    const email = emailOf(name)
    await subscriber(email, card)
    const first = formatDeliveryDay(new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 2 * DAY_MS).toISOString())
    await walkTo(daysAhead(1))
    const user = userEvent.setup()
    await onAccount(user, email)
    return { user, first, row: () => upcomingRows()[0]! }
  }

  test('a declined charge: "Payment failed" with the amount; a retry declined again says so; another card pays it', async () => {
    const { user, first, row } = await chargedOnAccount('sam', TEST_CARDS.declined)
    expect(row()).toHaveTextContent(first)
    await waitFor(() => expect(within(row()).getByTestId('payment-status')).toHaveTextContent('Payment failed · €20.00'), LOAD)
    // Final, so no longer skippable; it leaves the roastery only once paid.
    expect(row()).toHaveTextContent('Waiting for payment')
    expect(row()).toHaveTextContent('Ships once paid')
    expect(await axeViolations(screen.getByRole('region', { name: 'Upcoming deliveries' }))).toEqual([])

    const retries = watchRequests(/\/CALL\/Account\/retryPayment\//)
    try {
      await user.click(within(row()).getByRole('button', { name: `Retry payment for the delivery on ${first}` }))
      // Charged again at once and declined again: said beside the delivery, with the bank's reason, never as a success.
      expect(await within(row()).findByRole('alert', {}, LOAD)).toHaveTextContent(/was declined again: your card was declined\. Try another card or bank account\.$/)
      expect(screen.queryByText(/We tried the payment/)).not.toBeInTheDocument()
    } finally {
      retries.stop()
    }
    expect(retries.urls).toHaveLength(1)
    await act(() => walkTo(Date.now()))
    // Failed, still offering both ways out.
    await waitFor(() => expect(within(row()).getByTestId('payment-status')).toHaveTextContent('Payment failed · €20.00'), LOAD)

    await user.click(within(row()).getByRole('button', { name: `Use another card for the delivery on ${first}` }))
    await typeCard(user, paymentCard())
    await user.click(within(paymentCard()).getByRole('button', { name: 'Save payment method' }))
    expect(await screen.findByText('Your payment method is saved.', {}, LOAD)).toBeInTheDocument()
    await waitFor(() => expect(within(paymentCard()).getByTestId('payment-method')).toHaveTextContent('Visa •••• 4242'), LOAD)
    // Saving a method retries the failed payment with it.
    await waitFor(() => expect(within(row()).getByTestId('payment-status')).toHaveTextContent('Paid · €20.00'), LOAD)
    expect(within(row()).queryByRole('button', { name: /Retry payment/ })).not.toBeInTheDocument()
    expect(row()).toHaveTextContent('Being roasted')
  })

  test('a refused retry says why, beside the delivery', async () => {
    const { user, row } = await chargedOnAccount('ada', TEST_CARDS.declined)
    await waitFor(() => expect(within(row()).getByTestId('payment-status')).toHaveTextContent('Payment failed'), LOAD)
    server.use(http.post(/\/CALL\/Account\/retryPayment\//, () =>
      HttpResponse.json({ code: 'PAYMENT_IN_PROGRESS', message: 'The payment for your delivery is being made. Wait a moment.' }, { status: 409 })))
    await user.click(within(row()).getByRole('button', { name: /^Retry payment/ }))
    expect(await within(row()).findByRole('alert', {}, LOAD)).toHaveTextContent('The payment for your delivery is being made. Wait a moment.')
  })

  test('a charge the bank must confirm: "Confirm with your bank" opens Stripe’s check, then the delivery is paid', async () => {
    const { user, row } = await chargedOnAccount('cy', TEST_CARDS.authentication)
    await waitFor(() => expect(within(row()).getByTestId('payment-status')).toHaveTextContent('Your bank needs you to confirm · €20.00'), LOAD)
    await user.click(within(row()).getByRole('button', { name: /^Confirm with your bank/ }))
    await waitFor(() => expect(within(row()).getByTestId('payment-status')).toHaveTextContent('Paid · €20.00'), LOAD)
    expect(fakeStripeCalls).toEqual([{ method: 'confirmCardPayment', clientSecret: expect.stringMatching(/^pi_\w+_secret_/) }])
  })

  test('two unpaid deliveries put deliveries on hold: said first on /account, and a working card lifts it', async () => {
    await movableClock()
    const email = emailOf('flo')
    await subscriber(email, TEST_CARDS.declined)
    // Barista is weekly: the first two deliveries (in 2 and 9 days) end their days unpaid.
    await walkTo(daysAhead(10))
    const user = userEvent.setup()
    await onAccount(user, email)
    const hold = await screen.findByRole('alert', {}, LOAD)
    expect(hold).toHaveTextContent(/^Your deliveries are on hold\. Your last deliveries could not be paid, so we have stopped sending coffee since .+\. Save a card or bank account that works/)
    expect(await axeViolations(document.body)).toEqual([])
    await user.click(within(hold).getByRole('button', { name: 'Update payment method' }))
    await typeCard(user, paymentCard())
    await user.click(within(paymentCard()).getByRole('button', { name: 'Save payment method' }))
    expect(await screen.findByText('Your payment method is saved, and your deliveries are back on.', {}, LOAD)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Your deliveries are on hold.')).not.toBeInTheDocument(), LOAD)
  })

  test('a delivery already shipped is "On its way" in the upcoming list (no Skip), and paid in the history', async () => {
    await movableClock()
    const email = emailOf('bo')
    const session = await subscriber(email, TEST_CARDS.visa)
    const day = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 2 * DAY_MS).toISOString().slice(0, 10)
    await walkTo(daysAhead(1))
    const staff = await backendSession(STAFF)
    expect((await backendCall(`CALL/Roastery/markShipped/${day}`, staff.token, { deliveryId: `${session.accountId}:${day}` })).status).toBe(200)
    const user = userEvent.setup()
    await onAccount(user, email)
    const shown = formatDeliveryDay(`${day}T00:00:00.000Z`)
    const row = () => upcomingRows()[0]!
    await waitFor(() => expect(row()).toHaveTextContent(`${shown}Barista`), LOAD)
    await waitFor(() => expect(row()).toHaveTextContent('On its way'), LOAD)
    expect(within(row()).queryByRole('button', { name: /Skip/ })).not.toBeInTheDocument()
    expect(within(row()).getByTestId('payment-status')).toHaveTextContent('Paid · €20.00')
    const history = screen.getByRole('region', { name: 'Your deliveries' })
    expect(within(history).getByTestId('payment-status')).toHaveTextContent('Paid · €20.00')
    // Every date in one format: the delivery day and the day it was shipped.
    expect(history).toHaveTextContent(new RegExp(`${shown}.*shipped ${formatDeliveryDay(new Date().toISOString())}`))
  })
})
