/**
 * The account page's cards and a receipt in another language: their words from the catalogue, the
 * dates and the money in the page's locale, the receipt's legal words (Rechnung, avoir, MwSt., TVA).
 */
import '@/test/intersection-observer'
import { render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { AccountCard } from '@/components/account/AccountCard'
import { AwsCard } from '@/components/account/AwsCard'
import { DeliveryHistory } from '@/components/account/DeliveryHistory'
import { ReceiptDocument } from '@/components/account/ReceiptDocument'
import { I18nProvider } from '@/contexts/I18nContext'
import type { AccountView, AwsView, DeliveryPayment } from '@/lib/contract'
import type { Locale } from '@/lib/i18n/types'
import { allMessages } from '@/test/i18n'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import type { CreditNote, Receipt } from '@retter-shared/BeanBloomSubscription/receipts'

jest.mock('@/contexts/AccountContext', () => ({ useCustomerCalls: () => ({ retryPayment: jest.fn() }) }))
jest.mock('@/components/payments/MethodEditor', () => ({ useMethodEditor: () => ({}) }))

function inLanguage(locale: Locale) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouterProvider><I18nProvider value={allMessages(locale)}>{children}</I18nProvider></MemoryRouterProvider>
  }
}

const RECEIPT: Receipt = {
  kind: 'receipt', number: 'R-000042', issuedAt: '2026-11-24T00:00:05.000Z', deliveryId: 'acc:2026-11-25', deliveryDate: '2026-11-25T00:00:00.000Z',
  seller: { name: 'Bean & Bloom GmbH', address: ['Kastanienallee 7', '10435 Berlin', 'Germany'], vatNumber: 'DE123456789' },
  customer: { name: 'Sam', address: ['Torstraße 1', '10119 Berlin', 'Germany'], country: 'DE' },
  item: { planId: 'barista', plan: 'Barista', bags: 2, bagGrams: 250, grind: 'Whole bean', roast: 'Dark roast' },
  currency: 'eur', grossCents: 2000, netCents: 1869, vatCents: 131, vatRateBp: 700, vatCountry: 'DE', paidWith: 'Visa •••• 4242', paidAt: '2026-11-24T00:00:04.000Z',
}
const NOTE: CreditNote = {
  ...RECEIPT, kind: 'credit-note', number: 'CN-000007', issuedAt: '2026-11-27T10:00:00.000Z', grossCents: 500, netCents: 467, vatCents: 33,
  receiptNumber: 'R-000042', reason: 'Bag torn', refundedTo: 'Visa •••• 4242',
} as CreditNote
const PAYMENT: DeliveryPayment = {
  date: '2026-11-25T00:00:00.000Z', deliveryId: 'acc:2026-11-25', plan: 'barista', amountCents: 2000, currency: 'eur', status: 'paid', attempts: 1,
  method: 'Visa •••• 4242', updatedAt: '2026-11-24T00:00:04.000Z', receipt: RECEIPT,
  refunds: [{ refundId: 're_1', amountCents: 500, reason: 'Bag torn', at: '2026-11-27T10:00:00.000Z', creditNote: NOTE }],
}

test('in German the sign-in card names its fields and writes the day in German', () => {
  const account = { email: 'jane@example.com', plan: 'filter', status: 'active', memberSince: '2026-03-05T10:15:00.000Z', history: [] } as unknown as AccountView
  render(<AccountCard account={account} />, { wrapper: inLanguage('de') })
  const card = screen.getByRole('region', { name: 'Anmeldung' })
  expect(within(card).getByRole('definition', { name: 'Mitglied seit' })).toHaveTextContent('Do., 5. März 2026')
  expect(within(card).getByRole('definition', { name: 'Letzte Anmeldung' })).toHaveTextContent('Nicht angegeben')
})

test('in German the deliveries list the receipt as a Rechnung, the refund in euros the German way, and each day in German', () => {
  const account = {
    email: 'sam@example.com', plan: 'barista', status: 'active', payments: [PAYMENT],
    deliveries: [{ date: '2026-11-25T00:00:00.000Z', plan: 'barista', grind: 'wholeBean', roast: 'dark', bags: 2, shippedAt: '2026-11-25T08:00:00.000Z' }],
  } as unknown as AccountView
  render(<DeliveryHistory account={account} plans={[...PLANS]} />, { wrapper: inLanguage('de') })
  expect(screen.getByRole('heading', { name: 'Deine Lieferungen' })).toBeInTheDocument()
  const delivery = screen.getByRole('list', { name: 'Verschickte Lieferungen, neueste zuerst' })
  expect(delivery).toHaveTextContent('Mi., 25. Nov. 2026')
  expect(delivery).toHaveTextContent('2 Beutel')
  expect(delivery).toHaveTextContent('Bezahlt · 20,00 €')
  expect(delivery).toHaveTextContent('5,00 € erstattet')
  expect(within(delivery).getByRole('link', { name: 'Rechnung R-000042' })).toBeInTheDocument()
  const documents = screen.getByRole('list', { name: 'Rechnungen und Gutschriften' })
  expect(within(documents).getAllByRole('link').map((a) => a.textContent)).toEqual(['Gutschrift CN-000007', 'Rechnung R-000042'])
})

test('in French a credit note is an avoir, with TVA, HT and TTC, its amounts and date the French way', () => {
  render(<ReceiptDocument doc={NOTE} />, { wrapper: inLanguage('fr') })
  expect(screen.getByRole('heading', { name: 'Avoir CN-000007' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Imprimer' })).toBeInTheDocument()
  for (const [label, value] of [
    ['Numéro d’avoir', 'CN-000007'], ['Se rapporte à la facture', 'R-000042'], ['Remboursé TTC', '-5,00 €'],
    ['Montant HT', '-4,67 €'], ['TVA 7% (DE)', '-0,33 €'], ['Date', 'vendredi 27 novembre 2026'], ['Motif', 'Bag torn'],
  ]) expect(screen.getByRole('definition', { name: label })).toHaveTextContent(value as string)
})

test('in German a receipt is a Rechnung with MwSt. and its net amount', () => {
  render(<ReceiptDocument doc={RECEIPT} />, { wrapper: inLanguage('de') })
  expect(screen.getByRole('heading', { name: 'Rechnung R-000042' })).toBeInTheDocument()
  expect(screen.getByRole('definition', { name: 'Preis (inkl. MwSt.)' })).toHaveTextContent('20,00 €')
  expect(screen.getByRole('definition', { name: 'Netto' })).toHaveTextContent('18,69 €')
  expect(screen.getByRole('definition', { name: 'MwSt. 7% (DE)' })).toHaveTextContent('1,31 €')
  expect(screen.getByRole('definition', { name: 'Kaffee' })).toHaveTextContent('Barista: 2 Beutel à 250 g')
})

test('in Dutch the data card says where the data is kept and since when, in Dutch', () => {
  const aws = { region: 'eu-central-1', createdAt: '2026-03-05T10:15:00.000Z', status: 'active' } as unknown as AwsView
  render(<AwsCard aws={aws} />, { wrapper: inLanguage('nl') })
  const card = screen.getByRole('region', { name: 'Je gegevens' })
  expect(card).toHaveTextContent('worden sinds do 5 mrt 2026 in de EU (Duitsland) bewaard.')
})
