/**
 * The customer's receipts on /account: each shipped delivery links to its receipt and says what
 * was refunded with its credit notes; every document is listed; the printable page shows every
 * line of the document as the e-mail does, with a name and a reason only ever as text.
 */
import '@/test/intersection-observer'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { DeliveryHistory } from '@/components/account/DeliveryHistory'
import { findDocument } from '@/lib/account/documents'
import { ReceiptDocument } from '@/components/account/ReceiptDocument'
import type { AccountView, DeliveryPayment } from '@/lib/contract'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import type { CreditNote, Receipt } from '@retter-shared/BeanBloomSubscription/receipts'
import { I18nProvider } from '@/contexts/I18nContext'
import { allMessages } from '@/test/i18n'

// The delivery's payment line offers a retry for failed payments only: a paid one needs nothing of the account's actions.
jest.mock('@/contexts/AccountContext', () => ({ useCustomerCalls: () => ({ retryPayment: jest.fn() }) }))
jest.mock('@/components/payments/MethodEditor', () => ({ useMethodEditor: () => ({}) }))

const RECEIPT: Receipt = {
  kind: 'receipt', number: 'R-000042', issuedAt: '2026-11-24T00:00:05.000Z', deliveryId: 'acc:2026-11-25', deliveryDate: '2026-11-25T00:00:00.000Z',
  seller: { name: 'Bean & Bloom GmbH', address: ['Kastanienallee 7', '10435 Berlin', 'Germany'], vatNumber: 'DE123456789' },
  customer: { name: '<img src=x onerror=alert(1)> Sam', address: ['Torstraße 1', '10119 Berlin', 'Germany'], country: 'DE' },
  item: { planId: 'barista', plan: 'Barista', bags: 2, bagGrams: 250, grind: 'Whole bean', roast: 'Dark roast' },
  currency: 'eur', grossCents: 2000, netCents: 1869, vatCents: 131, vatRateBp: 700, vatCountry: 'DE', paidWith: 'Visa •••• 4242', paidAt: '2026-11-24T00:00:04.000Z',
}
const NOTE: CreditNote = {
  ...RECEIPT, kind: 'credit-note', number: 'CN-000007', issuedAt: '2026-11-27T10:00:00.000Z', grossCents: 500, netCents: 467, vatCents: 33,
  receiptNumber: 'R-000042', reason: '<b>Bag torn</b>', refundedTo: 'Visa •••• 4242',
} as CreditNote
const PAYMENT: DeliveryPayment = {
  date: '2026-11-25T00:00:00.000Z', deliveryId: 'acc:2026-11-25', plan: 'barista', amountCents: 2000, currency: 'eur', status: 'paid', attempts: 1,
  method: 'Visa •••• 4242', updatedAt: '2026-11-24T00:00:04.000Z', receipt: RECEIPT,
  refunds: [{ refundId: 're_1', amountCents: 500, reason: '<b>Bag torn</b>', at: '2026-11-27T10:00:00.000Z', creditNote: NOTE }],
}

test('a shipped delivery links to its receipt and says what was refunded, with its credit note; all documents are listed', () => {
  const account = {
    email: 'sam@example.com', plan: 'barista', status: 'active', payments: [PAYMENT],
    deliveries: [{ date: '2026-11-25T00:00:00.000Z', plan: 'barista', grind: 'wholeBean', roast: 'dark', bags: 2, shippedAt: '2026-11-25T08:00:00.000Z' }],
  } as unknown as AccountView
  render(<DeliveryHistory account={account} plans={[...PLANS]} locale="en-GB" />, { wrapper: MemoryRouterProvider })
  const delivery = screen.getByRole('list', { name: 'Shipped deliveries, newest first' })
  expect(within(delivery).getByRole('link', { name: 'Receipt R-000042' })).toHaveAttribute('href', '/account/receipts/R-000042')
  expect(delivery).toHaveTextContent('Refunded €5.00')
  expect(within(delivery).getByRole('link', { name: 'Credit note CN-000007' })).toHaveAttribute('href', '/account/receipts/CN-000007')
  const documents = screen.getByRole('list', { name: 'Receipts and credit notes' })
  expect(within(documents).getAllByRole('link').map((a) => a.textContent)).toEqual(['Credit note CN-000007', 'Receipt R-000042'])
})

test('the printable page has every line of the document; customer and staff text stays text', () => {
  render(<ReceiptDocument doc={findDocument([PAYMENT], 'CN-000007')!} />)
  expect(screen.getByRole('heading', { name: 'Credit note CN-000007' })).toBeInTheDocument()
  for (const [label, value] of [
    ['Refers to receipt', 'R-000042'], ['Seller VAT number', 'DE123456789'], ['Reason', '<b>Bag torn</b>'],
    ['Refunded (VAT included)', '-€5.00'], ['VAT 7% (DE)', '-€0.33'], ['Customer', '<img src=x onerror=alert(1)> Sam, Torstraße 1, 10119 Berlin, Germany'],
  ]) expect(screen.getByRole('definition', { name: label })).toHaveTextContent(value as string)
  // The markup in the name and the reason is text on the page, never an element.
  expect(screen.queryByRole('img')).toBeNull()
  expect(screen.getByRole('definition', { name: 'Reason' })).toContainHTML('&lt;b&gt;Bag torn&lt;/b&gt;')
  expect(findDocument([PAYMENT], 'R-000999')).toBeUndefined()
})

test('a receipt with extras has a line each with its price and VAT rate, and the VAT by rate, in the page’s language', () => {
  const lines = [
    { itemId: 'plan', quantity: 1, grossCents: 2000, netCents: 1869, vatCents: 131, vatRateBp: 700 },
    { itemId: 'gift-box', name: 'Gift box', translations: { de: { name: 'Geschenkbox' } }, quantity: 2, grossCents: 900, netCents: 756, vatCents: 144, vatRateBp: 1900 },
  ]
  const receipt: Receipt = { ...RECEIPT, number: 'R-000043', lines, grossCents: 2900, netCents: 2625, vatCents: 275 }
  const { unmount } = render(<ReceiptDocument doc={receipt} />)
  expect(screen.getByRole('definition', { name: 'Coffee' })).toHaveTextContent('Barista: 2 bags of 250 g, Whole bean, dark roast: €20.00, VAT 7%')
  expect(screen.getByRole('definition', { name: 'Extra' })).toHaveTextContent('2 × Gift box: €9.00, VAT 19%')
  expect(screen.getByRole('definition', { name: 'Price (VAT included)' })).toHaveTextContent('€29.00')
  expect(screen.getByRole('definition', { name: 'VAT 7% (DE)' })).toHaveTextContent('€1.31')
  expect(screen.getByRole('definition', { name: 'VAT 19% (DE)' })).toHaveTextContent('€1.44')
  unmount()
  render(<ReceiptDocument doc={receipt} />, { wrapper: ({ children }) => <I18nProvider value={allMessages('de')}>{children}</I18nProvider> })
  expect(screen.getByRole('definition', { name: 'Zusatzartikel' })).toHaveTextContent('2 × Geschenkbox: 9,00 €, MwSt. 19%')
})
