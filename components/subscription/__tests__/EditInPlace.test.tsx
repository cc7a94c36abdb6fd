/**
 * The parts of the subscription page edited in place (coffee, address), on their own: a form opens
 * from its button, checks what it can before sending, shows a failure, and Escape or Cancel close
 * it unsent with the failure gone.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DeliveryAddressSection } from '@/components/subscription/DeliveryAddressSection'
import { PlanAndPreferences } from '@/components/subscription/PlanAndPreferences'
import { useChange } from '@/components/subscription/useChange'
import type { AccountView } from '@/lib/contract'
import type { SubscriptionChangeRequest } from '@/lib/customer/account-api'
import { RioAppError } from '@/lib/rio/errors/app-error'
import { checkAddress } from '@retter-shared/BeanBloomSubscription/address'
import { subscriptionOf } from '@/lib/subscription/view'

const ACCOUNT: AccountView = { email: 'ana@example.com', plan: null, memberSince: '2026-01-01T00:00:00.000Z', lastSignInAt: '2026-01-01T00:00:00.000Z' }

function Parts({ send }: { send(change: SubscriptionChangeRequest): Promise<void> }) {
  const changes = useChange(send)
  return (
    <>
      <PlanAndPreferences account={ACCOUNT} subscription={subscriptionOf(ACCOUNT, [])} changes={changes} />
      <DeliveryAddressSection account={ACCOUNT} changes={changes} />
    </>
  )
}

test('an address is checked before it is sent: the field it is about is marked, explained and focused', async () => {
  const user = userEvent.setup()
  const send = jest.fn(async () => undefined)
  render(<Parts send={send} />)
  const address = screen.getByRole('region', { name: 'Delivery address' })
  await user.click(within(address).getByRole('button', { name: 'Add address' }))
  const name = within(address).getByLabelText('Full name')
  await waitFor(() => expect(name).toHaveFocus())

  await user.type(within(address).getByLabelText('Street and number'), 'Torstraße 1')
  await user.click(within(address).getByRole('button', { name: 'Save address' }))
  const problem = checkAddress({ line1: 'Torstraße 1' })
  if (problem.ok) throw new Error('an address without a name is not one')
  expect(within(address).getByText(problem.message)).toBeInTheDocument()
  expect(within(address).getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true')
  expect(within(address).getByLabelText('Full name')).toHaveFocus()
  expect(send).not.toHaveBeenCalled()

  // Typing answers the problem; what was typed stays.
  await user.type(within(address).getByLabelText('Full name'), 'S')
  expect(within(address).getByLabelText('Full name')).not.toHaveAttribute('aria-invalid')
  expect(within(address).queryByText(problem.message)).not.toBeInTheDocument()
  expect(within(address).getByLabelText('Street and number')).toHaveValue('Torstraße 1')
})

test.each([
  ['Escape', async (user: ReturnType<typeof userEvent.setup>) => { await user.keyboard('{Escape}') }],
  ['Cancel', async (user: ReturnType<typeof userEvent.setup>) => { await user.click(screen.getByRole('button', { name: 'Cancel' })) }],
])('a failure shows as an alert; %s closes the form unsent, and the failure goes with it', async (_how, close) => {
  const user = userEvent.setup()
  const send = jest.fn(async () => { throw new RioAppError({ code: 'UNAVAILABLE', message: 'The roastery is busy.' }) })
  render(<Parts send={send} />)
  const plan = screen.getByRole('region', { name: 'Plan and coffee' })
  await user.click(within(plan).getByRole('button', { name: 'Change grind or roast' }))
  await user.selectOptions(within(plan).getByLabelText('Roast'), 'dark')
  await user.click(within(plan).getByRole('button', { name: 'Save coffee preferences' }))
  expect(await within(plan).findByRole('alert')).toHaveTextContent('The roastery is busy.')
  expect(send).toHaveBeenCalledWith({ kind: 'preferences', preferences: expect.objectContaining({ roast: 'dark' }) })

  await close(user)
  expect(within(plan).queryByRole('alert')).not.toBeInTheDocument()
  expect(within(plan).queryByLabelText('Roast')).not.toBeInTheDocument()
  await user.click(within(plan).getByRole('button', { name: 'Change grind or roast' }))
  expect(within(plan).queryByRole('alert')).not.toBeInTheDocument()
  expect(send).toHaveBeenCalledTimes(1)
})
