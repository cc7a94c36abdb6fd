/**
 * The subscription card's parts in another language: the words, the dates and the prices a German
 * or French customer reads on /account, and the line above the plans on `/`.
 */
import { createRef, type ReactNode } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@/contexts/I18nContext'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { start, type SubscriptionFields } from '@retter-shared/BeanBloomSubscription/schedule'
import { NextDelivery } from '@/components/subscription/NextDelivery'
import { UpcomingDeliveries } from '@/components/subscription/UpcomingDeliveries'
import { PauseAndCancel } from '@/components/subscription/PauseAndCancel'
import { PlanAndPreferences } from '@/components/subscription/PlanAndPreferences'
import { SubscriptionHistory } from '@/components/subscription/SubscriptionHistory'
import { CurrentPlanLine } from '@/components/plans/CurrentPlanLine'
import type { ChangeRunner } from '@/components/subscription/useChange'
import type { AccountView } from '@/lib/contract'
import type { Locale } from '@/lib/i18n/types'
import { allMessages } from '@/test/i18n'
import { subscriptionOf } from '@/lib/subscription/view'

const barista = PLANS.find((plan) => plan.id === 'barista')!
const NOW = Date.parse('2026-11-28T09:00:00Z')
const idle: ChangeRunner = { run: async () => true, confirm: async () => undefined, busy: null, error: null, clearError: () => undefined }

function startedOn(nowMs: number): SubscriptionFields {
  const started = start({ plan: null, status: 'none', history: [] }, barista.id, barista.delivery, nowMs)
  if (!started.ok) throw new Error(started.message)
  return started.sub
}

const started = startedOn(Date.parse('2026-11-14T09:00:00Z'))
const account: AccountView = {
  email: 'lena@example.com', memberSince: '2026-11-14T09:00:00.000Z', lastSignInAt: '2026-11-28T09:00:00.000Z',
  ...started,
  preferences: { grind: 'espresso', roast: 'dark' },
  delivery: { name: 'Lena Vogel', line1: 'Torstraße 1', postalCode: '10119', city: 'Berlin', country: 'NL' },
} as AccountView
/** The subscription as it stands on Sat 28 Nov 2026: its next delivery is Mon 30 Nov. */
const sub = subscriptionOf(account, PLANS, NOW)

function inLocale(locale: Locale, children: ReactNode) {
  return render(<I18nProvider value={allMessages(locale)}>{children}</I18nProvider>)
}

afterEach(() => jest.restoreAllMocks())

test('the next delivery, its coffee and address read in German, with a German date and country', () => {
  inLocale('de', <NextDelivery account={account} subscription={sub} plan={barista} />)
  const next = screen.getByRole('region', { name: 'Deine nächste Lieferung' })
  expect(within(next).getByText('Kommt am')).toBeInTheDocument()
  expect(screen.getByTestId('next-delivery').textContent).toBe('Mo., 30. Nov. 2026')
  expect(next).toHaveTextContent('2 Beutel (250 g) jede Woche · Gemahlen für Espresso, dunkle Röstung')
  expect(next).toHaveTextContent('Lena Vogel, Torstraße 1, 10119 Berlin, Niederlande')
})

test('upcoming deliveries say their state, price and charge day in French', () => {
  inLocale('fr', <UpcomingDeliveries subscription={sub} plans={[...PLANS]} changes={idle} nowMs={NOW} />)
  const list = screen.getByRole('region', { name: 'Prochaines livraisons' })
  const first = within(list).getAllByRole('listitem')[0]!
  expect(first).toHaveTextContent('Prévue')
  expect(within(first).getByRole('button', { name: /^Sauter la livraison du / })).toHaveTextContent('Sauter')
  expect(first.textContent).toContain('20,00\u00a0€, débité le ')
})

test('pause and cancel in German: weeks counted by plural rules, the reach of a change dated in German', async () => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW)
  const user = userEvent.setup()
  inLocale('de', <PauseAndCancel subscription={sub} planName="Barista" changes={idle} summary={createRef()} />)
  const card = screen.getByRole('region', { name: 'Pausieren oder kündigen' })
  const weeks = within(card).getByLabelText('Lieferungen pausieren für')
  expect(within(weeks).getByRole('option', { name: '1 Woche' })).toBeInTheDocument()
  expect(within(weeks).getByRole('option', { name: '2 Wochen' })).toBeInTheDocument()
  expect(card).toHaveTextContent('Änderungen von jetzt gelten für Lieferungen ab Mo., 30. Nov. 2026; frühere werden schon geröstet und verschickt.')
  await user.click(within(card).getByRole('button', { name: 'Abo kündigen' }))
  const dialog = screen.getByRole('dialog', { name: 'Abo kündigen?' })
  expect(dialog).toHaveTextContent('Deine Barista-Lieferungen enden jetzt: Es wird nichts mehr verschickt.')
  expect(within(dialog).getByRole('button', { name: 'Abo behalten' })).toBeInTheDocument()
  // It asks why in German, and offers in German what fits the reason.
  await user.click(within(within(dialog).getByRole('group', { name: 'Warum kündigst du?' })).getByRole('radio', { name: 'Zu viel Kaffee' }))
  const offers = within(dialog).getByRole('region', { name: 'Bevor du gehst: Hilft dir vielleicht eines davon?' })
  expect(within(offers).getByRole('button', { name: 'Nur die nächste Lieferung aussetzen' })).toBeInTheDocument()
  expect(within(offers).getByRole('button', { name: 'Stattdessen 4 Wochen pausieren' })).toBeInTheDocument()
})

test('plan and coffee, the price with its per-bag price, and the history in French', () => {
  inLocale('fr', (
    <>
      <PlanAndPreferences account={account} subscription={sub} plan={barista} changes={idle} />
      <SubscriptionHistory history={[{ at: '2026-11-14T09:00:00.000Z', action: 'started', plan: 'barista' }]} plans={[...PLANS]} />
    </>
  ))
  const plan = screen.getByRole('region', { name: 'Formule et café' })
  expect(plan.textContent).toContain('20,00\u00a0€ par livraison (10,00\u00a0€ le sachet)')
  expect(screen.getByTestId('preferences')).toHaveTextContent('Moulu pour espresso, torréfaction foncée')
  expect(screen.getByRole('button', { name: 'Changer la mouture ou la torréfaction' })).toBeInTheDocument()
  const history = screen.getByRole('region', { name: 'Historique' })
  expect(history).toHaveTextContent('Barista commencée')
})

test('the line above the plans names the next delivery in German', () => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW)
  inLocale('de', <CurrentPlanLine subscription={sub} plans={[...PLANS]} />)
  expect(screen.getByTestId('current-plan-line')).toHaveTextContent('Dein Abo: Barista · nächste Lieferung Mo., 30. Nov. 2026 Abo verwalten')
})
