import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { formatPrice } from '@/lib/format/price'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/app-harness'

const plansCall = /\/CALL\/Account\/getSubscriptionPlans\/static/
// The first test of the file also waits for the in-process backend to open: as long as the other page tests give.
const LOAD = { timeout: 8000 }

test('visitors see skeletons, then the plans in sortOrder with prices, the recommended mark and sign-in links', async () => {
  renderRoute('/')
  expect(screen.getByRole('status')).toHaveTextContent('Loading plans…')

  const cards = await screen.findAllByRole('article', {}, LOAD)
  // The backend lists them as Barista(4), Taster(1), Daily Grind(2), Roaster's Club(3).
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
    'Taster',
    'Daily Grind',
    "Roaster's Club",
    'Barista',
  ])
  expect(cards[0]).toHaveTextContent(`${formatPrice(1300, 'EUR')} per delivery`)
  expect(cards[3]).toHaveTextContent(`${formatPrice(2000, 'EUR')} per delivery${formatPrice(1000, 'EUR')} a bag`)
  expect(within(cards[1]!).getByText('Recommended')).toBeInTheDocument()
  expect(screen.getAllByText('Recommended')).toHaveLength(1)
  for (const card of cards) {
    const name = within(card).getByRole('heading').textContent ?? ''
    expect(within(card).getByRole('link', { name: `Start with ${name}` })).toHaveAttribute('href', expect.stringMatching(/^\/sign-in\?next=%2F%3Fplan%3D[a-z-]+$/))
    // The promises of the hero hold for every plan.
    expect(card).toHaveTextContent(/free (express )?delivery/i)
    expect(card).toHaveTextContent('Pause, skip or cancel any time')
  }
  expect(screen.queryByRole('button', { name: /Start|Switch/ })).not.toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
})

test('a failed load shows the error, and "Try again" loads the plans', async () => {
  server.use(http.post(plansCall, () => HttpResponse.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 }), { once: true }))
  const user = userEvent.setup()
  renderRoute('/')
  const alert = await screen.findByRole('alert', {}, LOAD)
  expect(alert).toHaveTextContent('We couldn’t load the plans')
  await user.click(within(alert).getByRole('button', { name: 'Try again' }))
  expect(await screen.findAllByRole('article', {}, LOAD)).toHaveLength(4)
})

test('no plans at all shows the empty state', async () => {
  server.use(http.post(plansCall, () => HttpResponse.json([])))
  renderRoute('/')
  expect(await screen.findByRole('heading', { name: 'No plans on the menu yet' }, LOAD)).toBeInTheDocument()
})
