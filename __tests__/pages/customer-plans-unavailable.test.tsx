import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { signInThroughPage } from '@/test/app-harness'

// What only a signed-in customer sees on `/` is a chunk of its own. Here it has not arrived (or
// cannot): the customer still gets the plans, and a choice is kept in the URL for when it does.
jest.mock('@/components/plans/CustomerPlans', () => {
  throw new Error('Loading chunk failed')
})

const LOAD = { timeout: 5000 }

test('a signed-in customer sees the plans before the customer view arrives; a choice is kept in the URL, and said when the view cannot load', async () => {
  const user = userEvent.setup()
  await signInThroughPage(user, 'ana@example.com', { next: '/', landing: '/' })

  const barista = await screen.findByRole('article', { name: 'Barista' }, LOAD)
  // Signed in: a button to choose, not a link to sign in.
  await user.click(await within(barista).findByRole('button', { name: 'Start with Barista' }, LOAD))
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/', query: { plan: 'barista' } }))
  // It cannot arrive here: the customer is told, and the plans stay.
  expect(await screen.findByText('We couldn’t open the confirmation. Check your connection and try again.', {}, LOAD)).toBeInTheDocument()
  expect(screen.getAllByRole('article')).toHaveLength(4)
})
