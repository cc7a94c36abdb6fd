import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { signInThroughPage } from '@/test/app-harness'

// The confirmation is a chunk of its own, loaded once a customer is signed in. Here it never
// arrives, as when the connection drops or a deploy replaced it.
jest.mock('@/components/plans/ConfirmPlanDialog', () => {
  throw new Error('Loading chunk failed')
})

const LOAD = { timeout: 5000 }
const EMAIL = 'ana@example.com'

test('choosing a plan when the confirmation cannot load says so, and the page stays usable', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, EMAIL, { next: '/', landing: '/' })
  await act(() => mockRouter.push('/'))

  const barista = await screen.findByRole('article', { name: 'Barista' }, LOAD)
  await user.click(await within(barista).findByRole('button', { name: 'Start with Barista' }, LOAD))
  expect(await screen.findByText('We couldn’t open the confirmation. Check your connection and try again.', {}, LOAD)).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  // Nothing was chosen, and the plans still offer every choice.
  expect(within(barista).getByRole('button', { name: 'Start with Barista' })).toBeEnabled()
  expect(screen.getAllByRole('article')).toHaveLength(4)
})
