/**
 * The customer's own plan on /account (`yourPlan` in their state): the price they pay now, a price
 * change announced to them with its first delivery, and a plan retired since they chose it, still
 * named, described and priced; in English and German.
 */
import type { ReactNode } from 'react'
import { render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@/contexts/I18nContext'
import { SubscriptionCard } from '@/components/subscription/SubscriptionCard'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { start } from '@retter-shared/BeanBloomSubscription/schedule'
import type { AccountView, SubscriptionPlan, YourPlan } from '@/lib/contract'
import type { Locale } from '@/lib/i18n/types'
import { plansWithYours } from '@/lib/subscription/your-plan'
import { allMessages } from '@/test/i18n'

const barista = PLANS.find((plan) => plan.id === 'barista') as SubscriptionPlan

/** A customer on `planId` since today, whose Account told them `yourPlan`. */
function accountWith(yourPlan?: YourPlan, planId = barista.id): AccountView {
  const started = start({ plan: null, status: 'none', history: [] }, planId, barista.delivery, Date.now())
  if (!started.ok) throw new Error(started.message)
  return {
    email: 'lena@example.com', memberSince: '2026-11-14T09:00:00.000Z', lastSignInAt: '2026-11-28T09:00:00.000Z',
    ...started.sub, preferences: { grind: 'espresso', roast: 'dark' }, yourPlan,
    delivery: { name: 'Lena Vogel', line1: 'Torstraße 1', postalCode: '10119', city: 'Berlin', country: 'DE' },
  } as AccountView
}

function card(locale: Locale, account: AccountView, plans: SubscriptionPlan[]): ReactNode {
  render(<I18nProvider value={allMessages(locale)}><SubscriptionCard account={account} plans={plans} onChange={async () => undefined} /></I18nProvider>)
  return null
}

/** The plans page now sells Barista at €22.00; Lena was told she pays it from 30 December. */
const raised = PLANS.map((plan) => (plan.id === 'barista' ? { ...plan, amount: 2200 } : plan))
const lenas: YourPlan = { ...barista, amount: 2000, nextPrice: { amount: 2200, from: '2026-12-30T00:00:00.000Z' } }

test('a customer told of a price change sees the price they pay now and the new one from its day', () => {
  card('en', accountWith(lenas), raised)
  const plan = screen.getByRole('region', { name: 'Plan and coffee' })
  expect(plan).toHaveTextContent('Barista · 2 bags (250 g) every week · €20.00 per delivery (€10.00 a bag)')
  expect(within(plan).getByTestId('next-price')).toHaveTextContent('From your delivery of Wed 30 Dec 2026: €22.00 per delivery (€11.00 a bag).')
})

test('… in German', () => {
  card('de', accountWith(lenas), raised)
  expect(screen.getByTestId('next-price')).toHaveTextContent('Ab deiner Lieferung vom Mi., 30. Dez. 2026: 22,00 € pro Lieferung (11,00 € pro Beutel).')
})

test('without a change ahead, only the price paid shows', () => {
  card('en', accountWith({ ...barista }), PLANS.slice())
  expect(screen.getByRole('region', { name: 'Plan and coffee' })).toHaveTextContent('€20.00 per delivery (€10.00 a bag)')
  expect(screen.queryByTestId('next-price')).toBeNull()
})

test('a plan retired since the customer chose it is still named and priced, and says it continues', () => {
  // An owner's own plan, retired: the plans page no longer lists it, and the app has no words for its id.
  const retired: YourPlan = { ...barista, id: 'house-blend-2025', name: 'House Blend 2025', translations: {}, retired: true }
  card('en', accountWith(retired, retired.id), PLANS.slice())
  const plan = screen.getByRole('region', { name: 'Plan and coffee' })
  expect(plan).toHaveTextContent('House Blend 2025 · 2 bags (250 g) every week · €20.00 per delivery (€10.00 a bag)')
  expect(plan).toHaveTextContent('No longer offered to new subscribers. Yours continues, at your price, until you change it.')
  // The deliveries ahead name it too, never by its id.
  const upcoming = screen.getByRole('region', { name: 'Upcoming deliveries' })
  expect(upcoming).toHaveTextContent('House Blend 2025')
  expect(upcoming).not.toHaveTextContent('house-blend-2025')
})

test('plansWithYours puts the customer’s plan in place of the offer’s, or adds it once retired', () => {
  const mine = { ...barista, amount: 1800 }
  expect(plansWithYours(PLANS, { yourPlan: mine }).find((p) => p.id === 'barista')?.amount).toBe(1800)
  expect(plansWithYours(PLANS, { yourPlan: mine })).toHaveLength(PLANS.length)
  const others = PLANS.filter((p) => p.id !== 'barista')
  expect(plansWithYours(others, { yourPlan: mine }).map((p) => p.id)).toEqual([...others.map((p) => p.id), 'barista'])
  expect(plansWithYours(PLANS, {})).toEqual([...PLANS])
})
