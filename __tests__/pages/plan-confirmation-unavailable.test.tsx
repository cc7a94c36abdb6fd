import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { readOtp } from '@/test/render'
import { renderRoute } from '@/test/app-harness'

// The confirmation is a chunk of its own, loaded once a customer is signed in. Here it never
// arrives, as when the connection drops or a deploy replaced it.
jest.mock('@/components/subscription/ConfirmPlanDialog', () => {
  throw new Error('Loading chunk failed')
})

const LOAD = { timeout: 5000 }
const EMAIL = 'ana@example.com'

test('choosing a plan when the confirmation cannot load says so, and the page stays usable', async () => {
  const user = userEvent.setup()
  renderRoute('/sign-in?next=/')
  await user.type(await screen.findByLabelText('Email address', {}, LOAD), `${EMAIL}{Enter}`)
  await user.type(await screen.findByLabelText('Verification code', {}, LOAD), `${await readOtp(EMAIL)}{Enter}`)
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/' }), LOAD)
  await act(() => mockRouter.push('/'))

  const barista = await screen.findByRole('article', { name: 'Barista' }, LOAD)
  await user.click(await within(barista).findByRole('button', { name: 'Start with Barista' }, LOAD))
  expect(await screen.findByText('We couldn’t open the confirmation. Check your connection and try again.', {}, LOAD)).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  // Nothing was chosen, and the plans still offer every choice.
  expect(within(barista).getByRole('button', { name: 'Start with Barista' })).toBeEnabled()
  expect(screen.getAllByRole('article')).toHaveLength(4)
})
