/**
 * The receipt's e-mail says its number once (the subject aside) and states what was bought, never
 * that it was delivered: it is issued when the delivery is paid, before it ships.
 */
import type { Receipt } from '@retter-shared/BeanBloomSubscription/receipts'
import { documentMail } from './document-email'

const RECEIPT: Receipt = {
  kind: 'receipt', number: 'R-000042', issuedAt: '2026-12-06T00:00:05.000Z', deliveryId: 'acct:2026-12-07', deliveryDate: '2026-12-07T00:00:00.000Z',
  seller: { name: 'Bean & Bloom GmbH', address: ['Kastanienallee 7', '10435 Berlin', 'Germany'], vatNumber: 'DE123456789' },
  customer: { name: 'Sam Rivera', address: ['Torstraße 1', '10119 Berlin', 'Germany'], country: 'DE' },
  item: { planId: 'barista', plan: 'Barista', bags: 2, bagGrams: 250, grind: 'Ground for espresso', roast: 'Dark roast' },
  currency: 'eur', grossCents: 2000, netCents: 1869, vatCents: 131, vatRateBp: 700, vatCountry: 'DE',
  paidWith: 'Visa •••• 4242', paidAt: '2026-12-06T00:00:05.000Z',
}

test('the receipt e-mail names its number once in its body, and what was bought without saying it was delivered', () => {
  const mail = documentMail(RECEIPT, 'sam@example.com')
  // The HTML's <title> is the subject.
  for (const body of [mail.text, (mail.html ?? '').replace(/<title>[^<]*<\/title>/, '')]) {
    expect(body.split('R-000042')).toHaveLength(2)
    expect(body).not.toMatch(/Delivered/)
  }
  expect(mail.text).toContain('\nReceipt R-000042\n')
  expect(mail.text).toContain('Coffee: Barista: 2 bags of 250 g, Ground for espresso, dark roast')
  expect(mail.subject).toBe('Your receipt R-000042 for your delivery of Monday 7 December 2026')
})
