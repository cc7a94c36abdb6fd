/**
 * How the app words payments (lib/payments/words.ts): a delivery's payment line, the saved method's
 * details, the day an upcoming delivery is charged, and the SEPA mandate naming the shop.
 */
import fc from 'fast-check'
import { chargeDayText, methodDetailsIn, paymentLineIn, sepaMandateTextIn } from '@/lib/payments/words'
import type { PaymentStatus } from '@/lib/contract'
import { translator } from '@/test/i18n'

// The English words, as an English page writes them.
const t = translator('en')

const STATUSES: PaymentStatus[] = ['charging', 'processing', 'paid', 'failed', 'requires_action', 'unpaid']

test('every payment line is the status in words and the amount in euros, always to the cent (as the receipt writes it)', () => {
  fc.assert(fc.property(fc.constantFrom(...STATUSES), fc.integer({ min: 1, max: 10_000_000 }), (status, cents) => {
    const line = paymentLineIn(t, { status, amountCents: cents }, 'en-GB')
    const [words, amount] = line.split(' · ')
    expect(words).toMatch(/^[A-Z]/)
    expect(amount).toMatch(/^€[\d,]+\.\d{2}$/)
    expect(Math.round(Number(amount!.replace(/[€,]/g, '')) * 100)).toBe(cents)
  }))
  expect(paymentLineIn(t, { status: 'failed', amountCents: 2000 }, 'en-GB')).toBe('Payment failed · €20.00')
  expect(paymentLineIn(t, { status: 'processing', amountCents: 1250 }, 'de-DE')).toBe('Paid by direct debit (settling) · 12,50\u00a0€')
})

test('a card shows its brand, last four and expiry; a SEPA account its bank and mandate reference', () => {
  expect(methodDetailsIn(t, { type: 'card', brand: 'visa', last4: '4242', expMonth: 3, expYear: 2029, savedAt: '2026-11-27T09:00:00.000Z' }))
    .toEqual(['Visa •••• 4242', 'Expires 03/2029'])
  expect(methodDetailsIn(t, { type: 'sepa_debit', last4: '3000', bankCode: '37040044', country: 'DE', mandateReference: 'MANDATE-1', savedAt: '2026-11-27T09:00:00.000Z' }))
    .toEqual(['SEPA Direct Debit •••• 3000', 'Bank code 37040044, DE', 'Mandate reference MANDATE-1'])
})

test('an upcoming delivery is charged the day it becomes final, the day before it is roasted', () => {
  expect(chargeDayText('2026-12-04T00:00:00.000Z')).toBe('Thu 3 Dec 2026')
})

test('the SEPA mandate names the shop as the creditor, with Stripe', () => {
  expect(sepaMandateTextIn(t)).toMatch(/^By providing your payment information and confirming this payment, you authorise \(A\) Bean & Bloom Coffee House and Stripe/)
  expect(sepaMandateTextIn(t, 'Another Shop')).toContain('(A) Another Shop and Stripe')
})
