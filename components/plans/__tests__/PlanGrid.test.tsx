import '@/test/intersection-observer'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import type { ComponentProps } from 'react'
import { PlanGrid } from '@/components/plans/PlanGrid'
import type { SubscriptionPlan } from '@/lib/contract'

const plan = (fields: Partial<SubscriptionPlan> & Pick<SubscriptionPlan, 'id' | 'name'>): SubscriptionPlan => ({
  description: `${fields.name} description`,
  amount: 1000,
  currency: 'EUR',
  interval: 'delivery',
  delivery: 'fourWeekly',
  bags: 1,
  bagGrams: 250,
  grinds: ['wholeBean', 'filter'],
  roasts: ['roastersChoice'],
  features: [],
  sortOrder: 1,
  recommended: false,
  ...fields,
})

const PLANS = [
  plan({ id: 'espresso', name: 'Espresso', amount: 990, features: ['250 g a month', 'Free shipping'], sortOrder: 1 }),
  plan({ id: 'filter', name: 'Filter', amount: 1900, sortOrder: 2, recommended: true }),
  plan({ id: 'roaster', name: 'Roaster', amount: 2000, bags: 2, delivery: 'weekly', roasts: ['light', 'dark', 'roastersChoice'], sortOrder: 3 }),
]

function renderGrid(props: Partial<ComponentProps<typeof PlanGrid>> = {}) {
  const all: ComponentProps<typeof PlanGrid> = {
    plans: PLANS,
    status: 'success',
    error: null,
    onRetry: jest.fn(),
    signedIn: false,
    currentPlanId: null,
    pendingPlanId: null,
    onChoose: jest.fn(),
    locale: 'en-US',
    ...props,
  }
  render(<PlanGrid {...all} />, { wrapper: MemoryRouterProvider })
  return all
}

const cardOf = (name: string) => screen.getByRole('article', { name })

test('shows each plan with its price per delivery and per bag in the locale, and its features, in the given order', () => {
  renderGrid()
  const cards = screen.getAllByRole('article')
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Espresso', 'Filter', 'Roaster'])
  expect(cardOf('Espresso')).toHaveTextContent('€9.90 per delivery')
  expect(cardOf('Roaster')).toHaveTextContent('€20.00 per delivery€10.00 a bag')
  expect(within(cardOf('Espresso')).getByRole('list', { name: 'Espresso includes' })).toHaveTextContent('250 g a monthFree shipping')
})

test('each card says exactly what a delivery holds and which grinds and roasts can be chosen, from the plan data', () => {
  renderGrid()
  const terms = (name: string) => within(cardOf(name)).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent])
  expect(terms('Espresso')).toEqual([
    ['Each delivery', '1 bag (250 g) every four weeks'],
    ['Grind', 'Whole bean or ground for filter'],
    ['Roast', 'Our roaster’s choice'],
  ])
  expect(terms('Roaster')).toEqual([
    ['Each delivery', '2 bags (250 g) every week'],
    ['Grind', 'Whole bean or ground for filter'],
    ['Roast', 'Light or dark roast, or our roaster’s choice'],
  ])
})

test('marks the recommended plan from the data only', () => {
  renderGrid()
  expect(within(cardOf('Filter')).getByText('Recommended')).toBeInTheDocument()
  expect(within(cardOf('Espresso')).queryByText('Recommended')).not.toBeInTheDocument()
  expect(screen.getAllByText('Recommended')).toHaveLength(1)
})

test('visitors get a "Start with …" link that carries the plan through sign-in', () => {
  renderGrid()
  const link = within(cardOf('Espresso')).getByRole('link', { name: 'Start with Espresso' })
  expect(link).toHaveAttribute('href', `/sign-in?next=${encodeURIComponent('/?plan=espresso')}`)
  expect(screen.getAllByRole('link', { name: /^Start with / })).toHaveLength(3)
  expect(screen.queryByRole('button')).not.toBeInTheDocument()
})

test('signed-in customers see their current plan marked and can switch to another', async () => {
  const user = userEvent.setup()
  const { onChoose } = renderGrid({ signedIn: true, currentPlanId: 'filter', hasPlan: true })
  const current = cardOf('Filter')
  expect(within(current).getByText('Your plan')).toBeInTheDocument()
  expect(within(current).getByRole('button', { name: 'Current plan' })).toBeDisabled()

  await user.click(within(cardOf('Roaster')).getByRole('button', { name: 'Switch to Roaster' }))
  expect(onChoose).toHaveBeenCalledWith('roaster')
})

test('signed-in customers without a plan are offered "Start with …"', () => {
  renderGrid({ signedIn: true })
  expect(screen.getAllByRole('button', { name: /^Start with / })).toHaveLength(3)
  expect(screen.queryByText('Your plan')).not.toBeInTheDocument()
})

test('a pending choice shows progress and blocks other choices', () => {
  renderGrid({ signedIn: true, pendingPlanId: 'espresso' })
  expect(within(cardOf('Espresso')).getByRole('button', { name: /choosing/i })).toBeDisabled()
  expect(within(cardOf('Roaster')).getByRole('button', { name: 'Start with Roaster' })).toBeDisabled()
})

test('shows skeletons while loading', () => {
  renderGrid({ status: 'loading', plans: [] })
  expect(screen.getByRole('status')).toHaveTextContent('Loading plans…')
  expect(screen.getAllByTestId('plan-skeleton')).toHaveLength(3)
  expect(screen.queryByRole('article')).not.toBeInTheDocument()
})

test('shows an empty state', () => {
  renderGrid({ plans: [] })
  expect(screen.getByRole('heading', { name: 'No plans on the menu yet' })).toBeInTheDocument()
})

test('shows the error with a retry that reloads the plans', async () => {
  const user = userEvent.setup()
  const { onRetry } = renderGrid({ status: 'error', plans: [], error: { code: 'NETWORK', message: 'Cannot reach the service.' } })
  const alert = screen.getByRole('alert')
  expect(alert).toHaveTextContent('We couldn’t load the plans')
  expect(alert).toHaveTextContent('Cannot reach the service.')
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(onRetry).toHaveBeenCalledTimes(1)
})
