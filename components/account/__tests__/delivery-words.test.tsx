/**
 * The customer's shipped deliveries name the plan, grind and roast in the page's language, as a
 * sentence writes them (never the plan list's English labels).
 */
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { DeliveryHistory } from '@/components/account/DeliveryHistory'
import { I18nProvider } from '@/contexts/I18nContext'
import type { AccountView } from '@/lib/contract'
import type { Locale } from '@/lib/i18n/types'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { allMessages } from '@/test/i18n'

function inLanguage(locale: Locale) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouterProvider><I18nProvider value={allMessages(locale)}>{children}</I18nProvider></MemoryRouterProvider>
  }
}

const account = {
  email: 'sam@example.com', plan: 'barista', status: 'active', payments: [],
  deliveries: [
    { date: '2026-11-25T00:00:00.000Z', plan: 'barista', grind: 'wholeBean', roast: 'dark', bags: 2, shippedAt: '2026-11-25T08:00:00.000Z' },
    { date: '2026-11-18T00:00:00.000Z', plan: 'barista', grind: 'frenchPress', roast: 'roastersChoice', bags: 1, shippedAt: '2026-11-18T08:00:00.000Z' },
  ],
} as unknown as AccountView

const list = () => screen.getByRole('list', { name: /./ })

test('in German a shipped delivery reads „ganze Bohne, dunkle Röstung“ and keeps the Rösters capital', () => {
  render(<DeliveryHistory account={account} plans={[...PLANS]} />, { wrapper: inLanguage('de') })
  expect(list()).toHaveTextContent('2 Beutel, ganze Bohne, dunkle Röstung')
  expect(list()).toHaveTextContent('1 Beutel, gemahlen für French Press, Wahl des Rösters')
})

test('in French a shipped delivery reads « en grains, torréfaction foncée »', () => {
  render(<DeliveryHistory account={account} plans={[...PLANS]} />, { wrapper: inLanguage('fr') })
  expect(list()).toHaveTextContent('2 sachets, en grains, torréfaction foncée')
})

test('in English the words stay as they were, with French press capitalised', () => {
  render(<DeliveryHistory account={account} plans={[...PLANS]} />, { wrapper: inLanguage('en') })
  expect(list()).toHaveTextContent('Barista · 2 bags, whole bean, dark roast')
  expect(list()).toHaveTextContent('Barista · 1 bag, ground for French press, roaster’s choice')
})
