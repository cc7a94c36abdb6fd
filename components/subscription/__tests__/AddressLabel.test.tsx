/**
 * The address form takes no more than the class accepts and refuses what a parcel label cannot
 * print, saying why, before anything is sent.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DeliveryAddressSection } from '@/components/subscription/DeliveryAddressSection'
import { useChange } from '@/components/subscription/useChange'
import type { AccountView } from '@/lib/contract'
import type { SubscriptionChangeRequest } from '@/lib/customer/account-api'

const ACCOUNT: AccountView = { email: 'ana@example.com', plan: null, memberSince: '2026-01-01T00:00:00.000Z', lastSignInAt: '2026-01-01T00:00:00.000Z' }

function Address({ send }: { send(change: SubscriptionChangeRequest): Promise<void> }) {
  return <DeliveryAddressSection account={ACCOUNT} changes={useChange(send)} />
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  const send = jest.fn(async () => undefined)
  render(<Address send={send} />)
  const address = screen.getByRole('region', { name: 'Delivery address' })
  await user.click(within(address).getByRole('button', { name: 'Add address' }))
  return { address, send }
}

test('the name takes 100 characters, as the class does: typing stops there', async () => {
  const user = userEvent.setup()
  const { address } = await openForm(user)
  const name = within(address).getByLabelText('Full name')
  await user.type(name, 'a'.repeat(130))
  expect(name).toHaveValue('a'.repeat(100))
}, 15_000)

test('an emoji in the name is refused with why, under the name, and nothing is sent', async () => {
  const user = userEvent.setup()
  const { address, send } = await openForm(user)
  await user.type(within(address).getByLabelText('Full name'), 'Ana ☕ Silva')
  await user.type(within(address).getByLabelText('Street and number'), 'Rua Augusta 10')
  await user.type(within(address).getByLabelText('Postal code'), '1100-148')
  await user.type(within(address).getByLabelText('Town or city'), 'Lisboa')
  await user.selectOptions(within(address).getByLabelText('Country'), 'PT')
  await user.click(within(address).getByRole('button', { name: 'Save address' }))
  expect(within(address).getByText('The name contains "☕": emoji and pictographic symbols cannot be printed on a parcel label. Use letters, digits and punctuation only.')).toBeInTheDocument()
  expect(within(address).getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true')
  expect(send).not.toHaveBeenCalled()
}, 15_000)
