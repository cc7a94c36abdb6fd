/**
 * VAT on roasted coffee by delivery country (vat.ts): every country we deliver to has a row with a
 * rate and a source; a price splits into net + VAT that add up exactly, for every price and every
 * country, by the one rounding rule (nearest cent, halves up); credit notes, in any number of
 * parts, give back exactly the receipt's VAT; rates read as people write them.
 */
import fc from 'fast-check'
import { DELIVERY_COUNTRY_CODES } from '@retter-shared/BeanBloomSubscription/address'
import { creditSplit, creditSplitLines, rateText, splitGross, STANDARD_VAT_RATES, VAT_RATES, vatInGross, vatRateFor, vatRateOf } from '@retter-shared/BeanBloomSubscription/vat'

const EU_27 = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK']
const countries = fc.constantFrom(...Object.keys(VAT_RATES))
const price = fc.integer({ min: 0, max: 10_000_000 })

test('every country the shop delivers to has a VAT row with a rate and its source, and no row is for a country we do not deliver to', () => {
  expect([...DELIVERY_COUNTRY_CODES].sort()).toEqual([...EU_27, 'GB'].sort())
  for (const country of DELIVERY_COUNTRY_CODES) {
    const row = vatRateFor(country)
    expect(row.country).toBe(country)
    expect(Number.isInteger(row.rateBp) && row.rateBp >= 0 && row.rateBp <= 2700).toBe(true)
    expect(row.source).toMatch(/^https:\/\/[a-z0-9.-]+\.(eu|europa\.eu|gv\.at|belgium\.be|cz|de|dk|ee|es|fi|fr|ie|it|lu|mt|nl|pl|pt|se|gov\.uk)\//)
    expect(row.basis.length).toBeGreaterThan(0)
  }
  expect(Object.keys(VAT_RATES).sort()).toEqual([...DELIVERY_COUNTRY_CODES].sort())
  expect(() => vatRateFor('US')).toThrow('There is no VAT rate for "US"')
})

test('net + VAT is the price paid, for every price in every country (a property over integer cents)', () => {
  fc.assert(fc.property(price, countries, (gross, country) => {
    const split = splitGross(gross, vatRateFor(country).rateBp)
    return split.netCents + split.vatCents === gross && Number.isInteger(split.vatCents) && split.vatCents >= 0 && split.netCents >= 0
  }), { numRuns: 5000 })
})

test('the VAT is gross × rate / (1 + rate) to the nearest cent, halves up (checked with exact fractions)', () => {
  fc.assert(fc.property(price, countries, (gross, country) => {
    const rate = BigInt(vatRateFor(country).rateBp)
    const exactTwice = (2n * BigInt(gross) * rate) // twice the numerator over (10000 + rate)
    const denominator = 10000n + rate
    const expected = (exactTwice + denominator) / (2n * denominator)
    return BigInt(vatInGross(gross, Number(rate))) === expected
  }), { numRuns: 5000 })
  // Examples a reader can check: €20.00 at 7 % holds €1.31 (1.3084…), at 5.5 % €1.04, at 0 % nothing.
  expect(splitGross(2000, 700)).toEqual({ grossCents: 2000, netCents: 1869, vatCents: 131, rateBp: 700 })
  expect(splitGross(2000, 550)).toMatchObject({ vatCents: 104 })
  expect(splitGross(2000, 0)).toMatchObject({ vatCents: 0, netCents: 2000 })
  // 107 cents at 7 %: exactly 7 cents; 1 cent at 100 %: half a cent, rounded up.
  expect(vatInGross(107, 700)).toBe(7)
  expect(vatInGross(1, 10000)).toBe(1)
})

test('credit notes in any parts give back exactly the receipt VAT, each between 0 and its amount', () => {
  const parts = price.chain((gross) => fc.tuple(fc.constant(gross), fc.array(fc.integer({ min: 1, max: Math.max(1, gross) }), { maxLength: 12 })))
  fc.assert(fc.property(parts, countries, ([gross, cuts], country) => {
    if (gross === 0) return true
    const rateBp = vatRateFor(country).rateBp
    const receipt = splitGross(gross, rateBp)
    // Refunds of the given sizes while they fit, then the rest.
    const amounts: number[] = []
    let left = gross
    for (const cut of cuts) if (cut < left) { amounts.push(cut); left -= cut }
    amounts.push(left)
    let before = 0
    let vat = 0
    for (const amount of amounts) {
      const note = creditSplit(rateBp, before, amount)
      if (note.netCents + note.vatCents !== amount || note.vatCents < 0 || note.vatCents > amount) return false
      before += amount
      vat += note.vatCents
    }
    return vat === receipt.vatCents
  }), { numRuns: 3000 })
})

test('amounts and rates that are not whole cents or basis points are refused by name', () => {
  expect(() => vatInGross(10.5, 700)).toThrow('whole, non-negative number of cents: 10.5')
  expect(() => vatInGross(-1, 700)).toThrow('cents: -1')
  expect(() => vatInGross(100, 7.5)).toThrow('basis points: 7.5')
})

test('rates read as people write them', () => {
  expect([0, 300, 550, 700, 950, 1350, 2550, 2100].map(rateText)).toEqual(['0%', '3%', '5.5%', '7%', '9.5%', '13.5%', '25.5%', '21%'])
  expect(rateText(1025)).toBe('10.25%')
})

test('every delivery country has a standard rate for extras that are not coffee, never below its coffee rate', () => {
  expect(Object.keys(STANDARD_VAT_RATES).sort()).toEqual([...DELIVERY_COUNTRY_CODES].sort())
  for (const country of DELIVERY_COUNTRY_CODES) {
    const standard = vatRateOf(country, 'standard')
    expect(Number.isInteger(standard) && standard >= 1500 && standard <= 2700).toBe(true)
    expect(standard).toBeGreaterThanOrEqual(vatRateOf(country, 'coffee'))
  }
  expect(vatRateOf('DE', 'coffee')).toBe(700)
  expect(vatRateOf('DE', 'standard')).toBe(1900)
  expect(() => vatRateOf('US', 'standard')).toThrow('There is no standard VAT rate for "US"')
})

test('refunds over a document of several lines: each split between 0 and what is left of its line, together the refund; in full, exactly each line’s VAT', () => {
  const lines = fc.array(fc.record({ grossCents: fc.integer({ min: 0, max: 100_000 }), rateBp: fc.constantFrom(0, 300, 550, 700, 1900, 2100, 2700) }), { minLength: 1, maxLength: 6 })
  fc.assert(fc.property(lines, fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }), (doc, weights) => {
    const total = doc.reduce((sum, l) => sum + l.grossCents, 0)
    // The refunds: `weights` shares of the total, the last taking what is left, so they add up to it.
    const sum = weights.reduce((a, b) => a + b, 0)
    const parts = weights.map((w) => Math.floor((total * w) / sum))
    parts[parts.length - 1] = total - parts.slice(0, -1).reduce((a, b) => a + b, 0)
    const given = doc.map(() => ({ gross: 0, vat: 0 }))
    let before = 0
    for (const refund of parts) {
      const splits = creditSplitLines(doc, before, refund)
      expect(splits.reduce((s, x) => s + x.grossCents, 0)).toBe(refund)
      splits.forEach((split, i) => {
        expect(split.grossCents).toBeGreaterThanOrEqual(0)
        expect(split.vatCents).toBeGreaterThanOrEqual(0)
        expect(split.vatCents).toBeLessThanOrEqual(split.grossCents)
        expect(split.netCents + split.vatCents).toBe(split.grossCents)
        given[i]!.gross += split.grossCents
        given[i]!.vat += split.vatCents
        expect(given[i]!.gross).toBeLessThanOrEqual(doc[i]!.grossCents)
      })
      before += refund
    }
    doc.forEach((line, i) => {
      expect(given[i]!.gross).toBe(line.grossCents)
      expect(given[i]!.vat).toBe(vatInGross(line.grossCents, line.rateBp))
    })
  }), { numRuns: 300 })
})

test('a refund fills the lines in their order: the coffee first, then each extra', () => {
  const doc = [{ grossCents: 2000, rateBp: 700 }, { grossCents: 900, rateBp: 1900 }]
  expect(creditSplitLines(doc, 0, 2100).map((s) => s.grossCents)).toEqual([2000, 100])
  expect(creditSplitLines(doc, 2100, 800).map((s) => [s.grossCents, s.rateBp])).toEqual([[0, 700], [800, 1900]])
})
