/**
 * Two tabs editing the delivery address: a save made on a view the other tab has since changed is
 * refused by the class (409 ADDRESS_CHANGED), and the form shows the address saved now and what
 * changed, keeps what was typed, and lets the customer take the saved one or save theirs over it.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { useAccount } from '@/contexts/AccountContext'
import { renderAppHook, secondTabClient } from '@/test/render'
import { signInThroughPage } from '@/test/app-harness'

const LOAD = { timeout: 8000 }
const EMAIL = 'ines@example.com'
const HOME = { name: 'Ines Vidal', line1: 'Carrer Major 3', postalCode: '08001', city: 'Barcelona', country: 'ES' }

async function accountWithAddress(user: ReturnType<typeof userEvent.setup>) {
  await signInThroughPage(user, EMAIL, { next: '/account', landing: '/account' })
  const { result: otherTab } = renderAppHook(() => useAccount(), { route: '/account', createClient: secondTabClient })
  await waitFor(() => expect(otherTab.current.account).not.toBeNull(), LOAD)
  await act(() => otherTab.current.changeSubscription({ kind: 'address', address: HOME }))
  const section = screen.getByRole('region', { name: 'Delivery address' })
  await waitFor(() => expect(within(section).getByTestId('delivery-address')).toHaveTextContent('Carrer Major 3'), LOAD)
  return { section, otherTab }
}

test('a save on a stale view is refused; the form shows what changed and the address saved now, then saves on request', async () => {
  const user = userEvent.setup()
  const { section, otherTab } = await accountWithAddress(user)
  await user.click(within(section).getByRole('button', { name: 'Change address' }))
  const city = within(section).getByLabelText('Town or city')
  await user.clear(city)
  await user.type(city, 'Girona')
  await user.clear(within(section).getByLabelText('Postal code'))
  await user.type(within(section).getByLabelText('Postal code'), '17001')

  // Meanwhile, the other tab changes the street.
  const version = otherTab.current.account?.deliveryVersion
  await act(() => otherTab.current.changeSubscription({ kind: 'address', address: { ...HOME, line1: 'Carrer Nou 8' }, version: version as number }))

  const notice = await within(section).findByTestId('address-changed', {}, LOAD)
  expect(notice).toHaveTextContent('Your delivery address was changed elsewhere while you were editing. What changed: the street and number. Saved now:')
  expect(notice).toHaveTextContent('Carrer Nou 8')
  // What this tab typed is kept.
  expect(within(section).getByLabelText('Town or city')).toHaveValue('Girona')

  // Saving as it was opened: the class refuses it and nothing is stored.
  await user.click(within(section).getByRole('button', { name: 'Save address' }))
  await waitFor(() => expect(within(section).getByTestId('address-changed')).toHaveTextContent('so your change was not saved'), LOAD)
  expect(otherTab.current.account?.delivery).toMatchObject({ line1: 'Carrer Nou 8', city: 'Barcelona' })

  // Having seen it, the customer saves theirs over it.
  await user.click(within(section).getByRole('button', { name: 'Save mine instead' }))
  await waitFor(() => expect(within(section).getByTestId('delivery-address')).toHaveTextContent('17001 Girona'), LOAD)
  expect(within(section).getByTestId('delivery-address')).toHaveTextContent('Carrer Major 3')
  expect(mockRouter).toMatchObject({ pathname: '/account' })
}, 40_000)

test('"Use the saved address" puts the address saved elsewhere into the form', async () => {
  const user = userEvent.setup()
  const { section, otherTab } = await accountWithAddress(user)
  await user.click(within(section).getByRole('button', { name: 'Change address' }))
  await user.type(within(section).getByLabelText('Flat, floor, company (optional)'), '2n 1a')
  const version = otherTab.current.account?.deliveryVersion
  await act(() => otherTab.current.changeSubscription({ kind: 'address', address: { ...HOME, name: 'Inés Vidal' }, version: version as number }))
  const notice = await within(section).findByTestId('address-changed', {}, LOAD)
  expect(notice).toHaveTextContent('What changed: the name.')
  await user.click(within(notice).getByRole('button', { name: 'Use the saved address' }))
  expect(within(section).queryByTestId('address-changed')).not.toBeInTheDocument()
  expect(within(section).getByLabelText('Full name')).toHaveValue('Inés Vidal')
  expect(within(section).getByLabelText('Flat, floor, company (optional)')).toHaveValue('')
}, 40_000)
