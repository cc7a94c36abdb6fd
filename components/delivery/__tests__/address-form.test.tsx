/**
 * The address form as the customer meets it on /account: every field's problem at once, each
 * under its own field; one "Delivery address", the card's title; and a problem under the postal
 * code that leaves the town field its own height.
 */
import { readFileSync } from 'fs'
import { join } from 'path'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DeliveryAddressSection } from '@/components/subscription/DeliveryAddressSection'
import type { ChangeRunner } from '@/components/subscription/useChange'
import type { AccountView } from '@/lib/contract'

const ACCOUNT: AccountView = {
  email: 'ines@example.com', memberSince: '2026-11-01T09:00:00.000Z', lastSignInAt: '2026-11-28T09:00:00.000Z', plan: null, status: 'none', history: [],
}
const runner = (sent: unknown[]): ChangeRunner => ({
  run: async (change) => { sent.push(change); return true }, confirm: async () => undefined, busy: null, error: null, clearError: () => undefined,
})

async function openForm(sent: unknown[] = []) {
  const user = userEvent.setup()
  render(<DeliveryAddressSection account={ACCOUNT} changes={runner(sent)} />)
  const section = screen.getByRole('region', { name: 'Delivery address' })
  await user.click(within(section).getByRole('button', { name: 'Add address' }))
  return { user, section }
}

test('a save shows every field’s problem at once, each under its field, and sends nothing', async () => {
  const sent: unknown[] = []
  const { user, section } = await openForm(sent)
  await user.type(within(section).getByLabelText('Street and number'), 'Carrer Major 3')
  await user.type(within(section).getByLabelText('Postal code'), '0800')
  await user.selectOptions(within(section).getByLabelText('Country'), 'ES')
  await user.click(within(section).getByRole('button', { name: 'Save address' }))
  expect(within(section).getByLabelText('Full name')).toHaveAccessibleDescription('The name is required.')
  expect(within(section).getByLabelText('Town or city')).toHaveAccessibleDescription(/is required/)
  expect(within(section).getByLabelText('Postal code')).toHaveAccessibleDescription(/"0800" is not a postal code in Spain/)
  expect(within(section).getByLabelText('Street and number')).not.toHaveAccessibleDescription()
  expect(within(section).getByLabelText('Full name')).toHaveFocus()
  expect(sent).toEqual([])
})

test('the form says "Delivery address" once: the card’s title names its fields', async () => {
  const { section } = await openForm()
  expect(within(section).getAllByText('Delivery address')).toHaveLength(1)
  expect(within(section).getByRole('group', { name: 'Delivery address' })).toBeInTheDocument()
})

test('a problem under the postal code does not stretch the town field beside it', () => {
  // jsdom lays nothing out: the rule that keeps each field of a pair its own height is checked as written.
  const css = readFileSync(join(process.cwd(), 'components/ui/Fields.module.css'), 'utf8')
  const rule = (selector: string) => css.match(new RegExp(`\\n${selector.replace('.', '\\.')} \\{([^}]*)\\}`))?.[1] ?? ''
  expect(rule('.pair')).toMatch(/align-items:\s*start/)
  expect(rule('.field')).toMatch(/align-content:\s*start/)
})
