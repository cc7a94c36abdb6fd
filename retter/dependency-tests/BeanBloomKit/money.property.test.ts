/**
 * The one money rule (BeanBloomKit/money) that the classes' e-mails, receipts and refusals and the
 * app's pages all write with: integer cents in, text that always carries the cents, a minus for a
 * negative amount and no thousands separator, which reads back to the very same cents.
 */
import fc from 'fast-check'
import { euros, moneyText } from '@retter-shared/BeanBloomKit/money'

/** The cents a text written by `euros` stands for. */
function centsOf(text: string): number {
  const match = /^(-?)€(\d+)\.(\d{2})$/.exec(text)
  if (!match) throw new Error('not a money text: ' + text)
  const cents = Number(match[2]) * 100 + Number(match[3])
  return match[1] ? -cents : cents
}

test('euros reads back to its cents, to the cent, with a minus exactly when negative (thousands and more too)', () => {
  fc.assert(fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (cents) => {
    const text = euros(cents)
    expect(centsOf(text)).toBe(cents)
    expect(text.startsWith('-')).toBe(cents < 0)
    expect(text).not.toContain(',')
  }))
})

test('the same amount reads the same in the classes (euros) and on a page (moneyText in EUR)', () => {
  fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
    expect(moneyText(cents, 'EUR', 'en-IE')).toBe(euros(cents))
    expect(moneyText(cents)).toBe(euros(cents))
  }))
})

test('a whole amount keeps its cents, a fraction of a cent rounds, and zero is never negative', () => {
  expect(euros(2000)).toBe('€20.00')
  expect(euros(-450)).toBe('-€4.50')
  expect(euros(123456)).toBe('€1234.56')
  expect(euros(5)).toBe('€0.05')
  fc.assert(fc.property(fc.double({ min: -0.5, max: 0.49, noNaN: true }), (fraction) => {
    expect(euros(fraction)).toBe('€0.00')
  }))
  fc.assert(fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ min: -0.49, max: 0.49, noNaN: true }), (cents, fraction) => {
    expect(euros(cents + fraction)).toBe(euros(cents))
  }))
})

test('another locale or currency writes every minor digit of that currency, and the same digits', () => {
  fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'en-GB'), (cents, locale) => {
    const text = moneyText(cents, 'EUR', locale)
    // Whatever the decimal mark and the symbol's place, the digits are the cents', two after the mark.
    expect(text.replace(/\D/g, '')).toBe(String(Math.abs(cents)).padStart(3, '0'))
    expect(/\d[.,]\d{2}(?!\d)/.test(text)).toBe(true)
  }))
  expect(moneyText(1250, 'EUR', 'de-DE')).toBe('12,50\u00a0€')
  expect(moneyText(500, 'JPY', 'ja-JP')).toBe('￥500')
  expect(moneyText(1200, 'USD', 'en-US')).toBe('$12.00')
})
