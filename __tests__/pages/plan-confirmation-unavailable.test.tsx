import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expectConfirmationUnavailable, plansAsCustomer } from '@/test/app-harness'

// The confirmation is a chunk of its own, loaded once a customer is signed in. Here it never
// arrives, as when the connection drops or a deploy replaced it.
jest.mock('@/components/plans/ConfirmPlanDialog', () => {
  throw new Error('Loading chunk failed')
})

const LOAD = { timeout: 5000 }
const EMAIL = 'ana@example.com'

test('choosing a plan when the confirmation cannot load says so, and the page stays usable', async () => {
  const user = userEvent.setup()
  const barista = await plansAsCustomer(user, EMAIL)
  await user.click(await within(barista).findByRole('button', { name: 'Start with Barista' }, LOAD))
  await expectConfirmationUnavailable(barista)
  // Nothing was chosen, and the plans still offer every choice.
  expect(screen.getAllByRole('article')).toHaveLength(4)
})
