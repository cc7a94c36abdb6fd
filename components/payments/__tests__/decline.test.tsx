/**
 * Stripe's refusals in the page's language: Stripe.js answers in English with a code, and the
 * customer reads the catalogue's words for that code (a code we do not know: a general sentence).
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { DeliveryPaymentLine } from '@/components/payments/DeliveryPaymentLine'
import { I18nProvider } from '@/contexts/I18nContext'
import type { DeliveryPayment } from '@/lib/contract'
import type { Locale } from '@/lib/i18n/types'
import { stripeErrorText } from '@/lib/payments/decline'
import type { StripeJsError } from '@/lib/payments/stripe/stripe-js'
import { allMessages, translator } from '@/test/i18n'
import { LOCALES } from '@retter-shared/BeanBloomKit/i18n/locales'

const refusal: { error: StripeJsError } = { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } }
jest.mock('@/contexts/AccountContext', () => ({ useCustomerCalls: () => ({ retryPayment: jest.fn() }) }))
jest.mock('@/components/payments/MethodEditor', () => ({ useMethodEditor: () => null }))
jest.mock('@/lib/payments/stripe/load-stripe', () => ({ loadStripe: async () => ({ confirmCardPayment: async () => refusal }) }))

function inLanguage(locale: Locale) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <I18nProvider value={allMessages(locale)}>{children}</I18nProvider>
  }
}

const ASKED: DeliveryPayment = {
  date: '2026-12-03T00:00:00.000Z', deliveryId: 'acc:2026-12-03', plan: 'barista', amountCents: 2000, currency: 'eur', status: 'requires_action',
  attempts: 1, clientSecret: 'pi_1_secret_2', updatedAt: '2026-12-02T00:00:04.000Z',
}

test('a bank that declines the confirmation for want of funds is said in German, not in Stripe’s English', async () => {
  const user = userEvent.setup()
  render(<DeliveryPaymentLine payment={ASKED} />, { wrapper: inLanguage('de') })
  await user.click(screen.getByRole('button', { name: 'Zahlung für die Lieferung am Do., 3. Dez. 2026 bei deiner Bank bestätigen' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Auf deiner Karte ist nicht genug Guthaben.')
})

test('Stripe’s codes read in every language, English as Stripe writes it; an unknown code is a general sentence', () => {
  expect(stripeErrorText(translator('en'), { code: 'card_declined' })).toBe('Your card was declined.')
  expect(stripeErrorText(translator('fr'), { code: 'card_declined' })).toBe('Votre carte a été refusée.')
  expect(stripeErrorText(translator('de'), { code: 'card_declined', decline_code: 'expired_card' })).toBe('Deine Karte ist abgelaufen.')
  expect(stripeErrorText(translator('nl'), { code: 'incomplete_number' })).toBe('Je kaartnummer is onvolledig.')
  expect(stripeErrorText(translator('de'), { code: 'constructor' })).toBe('Deine Bank hat diese Zahlungsart nicht akzeptiert. Versuch es mit einer anderen Karte oder einem anderen Bankkonto.')
  expect(stripeErrorText(translator('es'), { code: 'card_declined', decline_code: 'do_not_honor' })).toBe('Tu tarjeta ha sido rechazada.')
  for (const locale of LOCALES) {
    const t = translator(locale)
    expect(stripeErrorText(t, { code: 'something_new' })).not.toMatch(/something_new|payments\./)
    expect(stripeErrorText(t, { code: 'something_new' }, 'payments.actions.notConfirmed')).toBe(t('payments.actions.notConfirmed'))
  }
})
