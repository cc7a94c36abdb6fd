/**
 * The account page shows the delivery address as its country's post lays it out (a UK postcode on
 * its own line after the town), once the lazily loaded layout has arrived.
 */
import { act, render, screen, within } from '@testing-library/react'
import { DeliveryAddressSection } from '@/components/subscription/DeliveryAddressSection'
import { useChange } from '@/components/subscription/useChange'
import type { AccountView } from '@/lib/contract'
import { loadPostalLayout } from '@/lib/format/address'

const ACCOUNT: AccountView = {
  email: 'sam@example.com', plan: null, memberSince: '2026-01-01T00:00:00.000Z', lastSignInAt: '2026-01-01T00:00:00.000Z',
  delivery: { name: 'Sam Jones', line1: '10 Downing Street', line2: 'Flat 2', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' },
}

function Address() {
  return <DeliveryAddressSection account={ACCOUNT} changes={useChange(async () => undefined)} />
}

test('a UK address reads name, street, flat, town, postcode, country', async () => {
  render(<Address />)
  await act(async () => {
    await loadPostalLayout()
  })
  const region = screen.getByRole('region', { name: 'Delivery address' })
  const lines = ['Sam Jones', '10 Downing Street', 'Flat 2', 'London', 'SW1A 2AA', 'The United Kingdom']
  const shown = lines.map((line) => within(region).getByText(line))
  for (let i = 1; i < shown.length; i++) {
    expect(shown[i - 1]!.compareDocumentPosition(shown[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  }
})
