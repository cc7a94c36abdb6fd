/**
 * The start dialog keeps what was typed through a reload (this tab only, never the payment
 * method), and Escape asks before throwing typed input away.
 */
// A reload ends the page in the middle of a test: only cleanup can do that to a page signInThroughPage rendered.
// eslint-disable-next-line testing-library/no-manual-cleanup
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { renderRoute, signInThroughPage, typeCard } from '@/test/app-harness'

const LOAD = { timeout: 5000 }
const EMAIL = 'lena@example.com'

beforeEach(() => window.sessionStorage.clear())

async function openStart(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await act(() => mockRouter.push('/'))
  const card = await screen.findByRole('article', { name: 'Daily Grind' }, LOAD)
  await user.click(await within(card).findByRole('button', { name: 'Start with Daily Grind' }, LOAD))
  return screen.findByRole('dialog', { name: 'Start with Daily Grind?' }, LOAD)
}

test('what was typed into a start comes back after a reload, without anything of the payment method', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, EMAIL, { next: '/account', landing: '/account' })
  const dialog = await openStart(user)
  await user.type(within(dialog).getByLabelText('Full name'), 'Lena Kraus')
  await user.type(within(dialog).getByLabelText('Street and number'), 'Kastanienallee 7')
  await user.selectOptions(within(dialog).getByLabelText('Roast'), 'dark')
  await typeCard(user, dialog)
  const stored = window.sessionStorage.getItem('bean-bloom.start-draft') ?? ''
  expect(stored).toContain('Kastanienallee 7')
  expect(stored).not.toMatch(/4242|card/i)

  // The reload: the page goes, the tab's storage stays.
  cleanup()
  renderRoute('/')
  const again = await screen.findByRole('dialog', { name: 'Start with Daily Grind?' }, LOAD)
  expect(within(again).getByLabelText('Full name')).toHaveValue('Lena Kraus')
  expect(within(again).getByLabelText('Street and number')).toHaveValue('Kastanienallee 7')
  expect(within(again).getByLabelText('Roast')).toHaveValue('dark')
  expect(await within(again).findByLabelText('Card number', {}, LOAD)).toHaveValue('')
}, 30_000)

test('Escape asks before discarding typed input; "Keep editing" keeps it, "Discard and close" forgets it', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, EMAIL, { next: '/account', landing: '/account' })
  let dialog = await openStart(user)
  // Nothing typed: Escape simply closes.
  await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)

  dialog = await openStart(user)
  await user.type(within(dialog).getByLabelText('Full name'), 'Lena Kraus')
  await user.keyboard('{Escape}')
  const question = within(dialog).getByRole('group', { name: /Discard what you typed\?/ })
  expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus()
  await user.click(within(question).getByRole('button', { name: 'Keep editing' }))
  expect(screen.getByRole('dialog')).toBeInTheDocument()
  expect(within(dialog).getByLabelText('Full name')).toHaveValue('Lena Kraus')

  // "Not now" asks too; Escape at the question means keep editing.
  await user.click(within(dialog).getByRole('button', { name: 'Not now' }))
  await user.keyboard('{Escape}')
  expect(within(dialog).queryByRole('group', { name: /Discard/ })).not.toBeInTheDocument()
  expect(screen.getByRole('dialog')).toBeInTheDocument()

  await user.keyboard('{Escape}')
  await user.click(within(dialog).getByRole('button', { name: 'Discard and close' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), LOAD)
  expect(window.sessionStorage.getItem('bean-bloom.start-draft')).toBeNull()
  dialog = await openStart(user)
  expect(within(dialog).getByLabelText('Full name')).toHaveValue('')
}, 30_000)
