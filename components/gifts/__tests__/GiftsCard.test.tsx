/**
 * Giving coffee on /account, with the real providers against the in-process local backend: the
 * form shows the whole price before paying, refuses a gift to oneself in place, pays once and lists
 * the gift with where it stands; a gift not started is cancelled for a refund. Without a card the
 * form says what to do first and pays nothing.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { signInThroughPage, typeCard } from '@/test/app-harness'
import { bank, fakeStripeCalls } from '@/test/fake-stripe'
import { TEST_CARDS } from '@/rio-local/test/payments'
import { formatDeliveryDay } from '@/lib/format/date'

const LOAD = { timeout: 8000 }
const BARISTA = PLANS.find((p) => p.id === 'barista')!
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`

const card = () => screen.getByRole('region', { name: 'Give coffee' })

test('a gift: its whole price before paying, a refusal in place, paid once, listed, then cancelled for a refund', async () => {
  const user = userEvent.setup()
  const email = 'gina.gives@example.com'
  await signInThroughPage(user, email, { next: '/account', landing: '/account' })
  await screen.findByRole('region', { name: 'Give coffee' }, LOAD)
  // A card saved on the page opens the form.
  const methods = screen.getByRole('region', { name: 'Payment method' })
  await user.click(within(methods).getByRole('button', { name: 'Add a payment method' }))
  await typeCard(user, methods)
  await user.click(within(methods).getByRole('button', { name: 'Save payment method' }))
  expect(await screen.findByText('Your payment method is saved.', {}, LOAD)).toBeInTheDocument()
  await user.click(within(card()).getByText('Give coffee', { selector: 'summary' }))
  await waitFor(() => expect(within(card()).getByRole('button', { name: /^Pay / })).toBeEnabled(), LOAD)
  const form = within(card()).getByRole('form', { name: 'Give coffee' })
  await user.selectOptions(within(form).getByLabelText('Plan'), 'barista')
  await user.selectOptions(within(form).getByLabelText('Deliveries'), '3')
  expect(form).toHaveTextContent(`Total: ${euros(3 * BARISTA.amount)} (3 × ${euros(BARISTA.amount)})`)

  // To oneself: refused in place, nothing paid.
  await user.type(within(form).getByLabelText('Their e-mail address'), email)
  await user.click(within(form).getByRole('button', { name: `Pay ${euros(3 * BARISTA.amount)} and give` }))
  expect(await within(card()).findByRole('alert', {}, LOAD)).toHaveTextContent('A gift goes to someone else')
  expect(within(card()).queryByText('Gifts you gave')).not.toBeInTheDocument()

  await user.clear(within(form).getByLabelText('Their e-mail address'))
  await user.type(within(form).getByLabelText('Their e-mail address'), 'rita.gets@example.com')
  await user.type(within(form).getByLabelText('Your message (optional)'), 'Happy birthday!')
  const start = (within(form).getByLabelText('We tell them on') as HTMLInputElement).value
  await user.click(within(form).getByRole('button', { name: `Pay ${euros(3 * BARISTA.amount)} and give` }))
  const day = formatDeliveryDay(`${start}T00:00:00.000Z`)
  expect(await screen.findByText(`Paid. We e-mail rita.gets@example.com on ${day}.`, {}, LOAD)).toBeInTheDocument()
  await within(card()).findByText('Barista, 3 deliveries for rita.gets@example.com', {}, LOAD)
  const row = within(card()).getAllByRole('listitem').find((li) => li.textContent?.includes('rita.gets@example.com'))!
  await waitFor(() => expect(row).toHaveTextContent(/Paid; we tell them on|Sent on/), LOAD)

  await user.click(within(row).getByRole('button', { name: `Cancel and refund ${euros(3 * BARISTA.amount)}` }))
  expect(await screen.findByText(`Cancelled. ${euros(3 * BARISTA.amount)} goes back to you.`, {}, LOAD)).toBeInTheDocument()
  await waitFor(() => expect(row).toHaveTextContent('Cancelled and refunded'), LOAD)
  expect(within(row).queryByRole('button')).not.toBeInTheDocument()
  // The history says both.
  expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('Cancelled the gift to rita.gets@example.com (refunded)')
}, 30_000)

test('without a card the form says what to do first and pays nothing', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, 'no.card.yet@example.com', { next: '/account', landing: '/account' })
  await screen.findByRole('region', { name: 'Give coffee' }, LOAD)
  await user.click(within(card()).getByText('Give coffee', { selector: 'summary' }))
  const form = within(card()).getByRole('form', { name: 'Give coffee' })
  expect(form).toHaveTextContent('Add a card or bank account under payment first: a gift is paid at once.')
  expect(within(form).getByRole('button', { name: /^Pay / })).toBeDisabled()
})

test('a card whose bank asks to confirm: the giver confirms on the page and the gift is paid; a refused check is said and charges nothing', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, 'gina.checks@example.com', { next: '/account', landing: '/account' })
  await screen.findByRole('region', { name: 'Give coffee' }, LOAD)
  const methods = screen.getByRole('region', { name: 'Payment method' })
  await user.click(within(methods).getByRole('button', { name: 'Add a payment method' }))
  await typeCard(user, methods, TEST_CARDS.authentication)
  await user.click(within(methods).getByRole('button', { name: 'Save payment method' }))
  expect(await screen.findByText('Your payment method is saved.', {}, LOAD)).toBeInTheDocument()
  await user.click(within(card()).getByText('Give coffee', { selector: 'summary' }))
  const form = within(card()).getByRole('form', { name: 'Give coffee' })
  await waitFor(() => expect(within(form).getByRole('button', { name: /^Pay / })).toBeEnabled(), LOAD)

  // The bank's check passes: paid, said as any gift.
  await user.type(within(form).getByLabelText('Their e-mail address'), 'rita.checked@example.com')
  await user.click(within(form).getByRole('button', { name: /^Pay / }))
  expect(await screen.findByText(/^Paid\. We e-mail rita\.checked@example\.com on /, {}, LOAD)).toBeInTheDocument()
  expect(fakeStripeCalls.map((c) => c.method)).toContain('confirmCardPayment')

  // Refused: said at once; the gift is not paid, nothing was charged, and there is nothing to cancel.
  bank.approves = false
  await user.type(within(form).getByLabelText('Their e-mail address'), 'otto.checked@example.com')
  await user.click(within(form).getByRole('button', { name: /^Pay / }))
  expect(await within(card()).findByRole('alert', {}, LOAD)).toHaveTextContent('Your bank did not confirm the payment. Try again, or use another card.')
  const row = async () => (await within(card()).findAllByRole('listitem', {}, LOAD)).find((li) => li.textContent?.includes('otto.checked@example.com'))!
  await waitFor(async () => expect(await row()).toHaveTextContent('Not paid: the payment was declined.'), LOAD)
  expect(within(await row()).queryByRole('button')).not.toBeInTheDocument()
  expect(screen.queryByText(/^Paid\. We e-mail otto/)).not.toBeInTheDocument()
}, 30_000)
