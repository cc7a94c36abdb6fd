/**
 * Paying in another language: a failed payment's line and buttons, a hold for payment, a saved
 * method's details and the SEPA mandate, in the page's words, with days and euros its way.
 */
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { DeliveryPaymentLine } from '@/components/payments/DeliveryPaymentLine'
import { PaymentHoldNotice } from '@/components/payments/PaymentHoldNotice'
import { I18nProvider } from '@/contexts/I18nContext'
import type { DeliveryPayment } from '@/lib/contract'
import type { Locale } from '@/lib/i18n/types'
import { methodDetailsIn, sepaMandateTextIn } from '@/lib/payments/words'
import { allMessages, translator } from '@/test/i18n'

jest.mock('@/contexts/AccountContext', () => ({ useCustomerCalls: () => ({ retryPayment: jest.fn() }) }))
jest.mock('@/components/payments/MethodEditor', () => ({ useMethodEditor: () => ({ editing: false, open: jest.fn(), close: jest.fn() }) }))

function inLanguage(locale: Locale) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <I18nProvider value={allMessages(locale)}>{children}</I18nProvider>
  }
}

const FAILED: DeliveryPayment = {
  date: '2026-12-03T00:00:00.000Z', deliveryId: 'acc:2026-12-03', plan: 'barista', amountCents: 2000, currency: 'eur', status: 'failed', attempts: 1,
  method: 'Visa •••• 4242', updatedAt: '2026-12-02T00:00:04.000Z',
}

test('in German a failed payment says so with its amount, and its buttons name the delivery day in German', () => {
  render(<DeliveryPaymentLine payment={FAILED} />, { wrapper: inLanguage('de') })
  expect(screen.getByTestId('payment-status')).toHaveTextContent('Zahlung fehlgeschlagen · 20,00 €')
  expect(screen.getByRole('button', { name: 'Zahlung für die Lieferung am Do., 3. Dez. 2026 wiederholen' })).toHaveTextContent('Zahlung wiederholen')
  expect(screen.getByRole('button', { name: 'Andere Karte für die Lieferung am Do., 3. Dez. 2026 verwenden' })).toBeInTheDocument()
})

test('why a payment failed reads in the page\'s language; English keeps the stored words', () => {
  const expired: DeliveryPayment = { ...FAILED, failure: 'your card has expired.', failureCode: 'expiredCard' }
  const { unmount } = render(<DeliveryPaymentLine payment={expired} />, { wrapper: inLanguage('it') })
  expect(screen.getByText('la tua carta è scaduta.')).toBeInTheDocument()
  unmount()
  // A payment stored before failure codes were kept reads as declined in another language.
  const older: DeliveryPayment = { ...FAILED, failure: 'Your card does not support this type of purchase.' }
  const view = render(<DeliveryPaymentLine payment={older} />, { wrapper: inLanguage('es') })
  expect(screen.getByText('el pago ha sido rechazado.')).toBeInTheDocument()
  view.unmount()
  render(<DeliveryPaymentLine payment={older} />, { wrapper: inLanguage('en') })
  expect(screen.getByText('Your card does not support this type of purchase.')).toBeInTheDocument()
})

test('in French a hold for payment says since when and how to lift it', () => {
  render(<PaymentHoldNotice since="2026-11-26T00:00:00.000Z" />, { wrapper: inLanguage('fr') })
  expect(screen.getByRole('alert')).toHaveTextContent('Vos livraisons sont suspendues.')
  expect(screen.getByRole('alert')).toHaveTextContent('depuis le jeu. 26 nov. 2026')
  expect(screen.getByRole('button', { name: 'Mettre à jour le moyen de paiement' })).toBeInTheDocument()
})

test('a SEPA account and its mandate read in Spanish and Italian; English stays the mandate Stripe words', () => {
  const sepa = { type: 'sepa_debit', last4: '3000', bankCode: '37040044', country: 'DE', mandateReference: 'MANDATE-1', savedAt: '2026-11-27T09:00:00.000Z' } as const
  expect(methodDetailsIn(translator('es'), sepa)).toEqual(['Adeudo directo SEPA •••• 3000', 'Código de banco 37040044, DE', 'Referencia de la orden MANDATE-1'])
  expect(methodDetailsIn(translator('en'), sepa)).toEqual(['SEPA Direct Debit •••• 3000', 'Bank code 37040044, DE', 'Mandate reference MANDATE-1'])
  expect(sepaMandateTextIn(translator('it'))).toMatch(/^Fornendo i tuoi dati di pagamento e confermando questo pagamento, autorizzi \(A\) Bean & Bloom Coffee House e Stripe/)
  expect(sepaMandateTextIn(translator('en'))).toMatch(/^By providing your payment information and confirming this payment, you authorise \(A\) Bean & Bloom Coffee House and Stripe/)
})
