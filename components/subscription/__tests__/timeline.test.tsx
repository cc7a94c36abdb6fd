/**
 * The customer's timeline on /account: their own changes, the shop's changes for them with the
 * reason (never who on the staff), and their payments, newest first, in English and German; an
 * account from before the timeline shows its history as before.
 */
import { render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@/contexts/I18nContext'
import { SubscriptionCard } from '@/components/subscription/SubscriptionCard'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { start } from '@retter-shared/BeanBloomSubscription/schedule'
import type { AccountView, SubscriptionPlan, TimelineEntry } from '@/lib/contract'
import type { Locale } from '@/lib/i18n/types'
import { allMessages } from '@/test/i18n'

const barista = PLANS.find((plan) => plan.id === 'barista') as SubscriptionPlan

const TIMELINE: TimelineEntry[] = [
  { at: '2026-11-14T09:00:00.000Z', what: 'started', actor: 'customer', plan: 'barista' },
  { at: '2026-11-18T00:00:00.000Z', what: 'payment.paid', actor: 'system', date: '2026-11-19', amountCents: 2000 },
  { at: '2026-11-20T10:00:00.000Z', what: 'skipped', actor: 'staff', reason: 'Away in December, asked by phone', date: '2026-12-03', plan: 'barista' },
  { at: '2026-11-21T10:00:00.000Z', what: 'payment.refunded', actor: 'staff', reason: 'Bag arrived torn', date: '2026-11-19', amountCents: 1000 },
]

function accountWith(timeline: TimelineEntry[] | undefined): AccountView {
  const started = start({ plan: null, status: 'none', history: [] }, barista.id, barista.delivery, Date.parse('2026-11-14T09:00:00.000Z'))
  if (!started.ok) throw new Error(started.message)
  return {
    email: 'lena@example.com', memberSince: '2026-11-14T09:00:00.000Z', lastSignInAt: '2026-11-28T09:00:00.000Z',
    ...started.sub, history: [{ at: '2026-11-14T09:00:00.000Z', action: 'started', plan: 'barista' }], preferences: { grind: 'espresso', roast: 'dark' }, timeline,
    delivery: { name: 'Lena Vogel', line1: 'Torstraße 1', postalCode: '10119', city: 'Berlin', country: 'DE' },
  } as AccountView
}

function history(locale: Locale, account: AccountView): string[] {
  render(<I18nProvider value={allMessages(locale)}><SubscriptionCard account={account} plans={PLANS.slice()} onChange={async () => undefined} /></I18nProvider>)
  const region = screen.getByRole('region', { name: locale === 'de' ? 'Verlauf' : 'History' })
  return within(region).getAllByRole('listitem').map((item) => item.textContent ?? '')
}

test('the timeline, newest first: a refund, a skip the shop made with its reason, a payment, the start', () => {
  const items = history('en', accountWith(TIMELINE))
  expect(items).toHaveLength(4)
  expect(items[0]).toMatch(/Refunded €10\.00 for the delivery of Thu 19 Nov 2026$/)
  expect(items[1]).toMatch(/Skipped the delivery on Thu 3 Dec 2026\s*By our customer service, at your request: Away in December, asked by phone$/)
  expect(items[2]).toMatch(/Paid €20\.00 for the delivery of Thu 19 Nov 2026$/)
  expect(items[3]).toMatch(/Started Barista$/)
})

test('… in German', () => {
  const items = history('de', accountWith(TIMELINE))
  expect(items[1]).toContain('Von unserem Kundenservice auf deinen Wunsch: Away in December, asked by phone')
  expect(items[2]).toMatch(/20,00\s€ für die Lieferung am Do\., 19\. Nov\. 2026 bezahlt$/)
})

const EXTRAS: TimelineEntry[] = [
  { at: '2026-11-22T10:00:00.000Z', what: 'extra', actor: 'customer', date: '2026-12-03', extra: 'Gift box', extraNames: { de: 'Geschenkbox', fr: 'Coffret cadeau' }, quantity: 2 },
  { at: '2026-11-23T10:00:00.000Z', what: 'extra', actor: 'customer', date: '2026-12-03', extra: 'Gift box', extraNames: { de: 'Geschenkbox' }, quantity: 0 },
  // Recorded before entries kept other languages' words.
  { at: '2026-11-24T10:00:00.000Z', what: 'extra', actor: 'customer', date: '2026-12-10', extra: 'Ceramic pour-over dripper', quantity: 1 },
]

test('an extra reads in the customer’s language; one recorded without other languages’ words keeps its English name', () => {
  const german = history('de', accountWith(EXTRAS))
  expect(german[0]).toContain('1 × Ceramic pour-over dripper')
  expect(german[1]).toContain('Geschenkbox')
  expect(german[2]).toContain('2 × Geschenkbox')
  expect(german.join(' ')).not.toContain('Gift box')
})

test('… and in English, its English name', () => {
  const english = history('en', accountWith(EXTRAS))
  expect(english[1]).toContain('Gift box')
  expect(english[2]).toContain('2 × Gift box')
})

test('an account from before the timeline shows its history', () => {
  const items = history('en', accountWith(undefined))
  expect(items).toEqual([expect.stringMatching(/Started Barista$/)])
})
