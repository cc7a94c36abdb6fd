/**
 * Which of the shop's languages a visitor or a call gets (BeanBloomKit/i18n/cultures): a browser's
 * Accept-Language by weight and order, a culture by its language, English when nothing matches.
 */
import fc from 'fast-check'
import { cultureOf, localeFromAcceptLanguage, localeOfCulture } from '@retter-shared/BeanBloomKit/i18n/cultures'
import { DEFAULT_LOCALE, isLocale, LOCALES } from '@retter-shared/BeanBloomKit/i18n/locales'

test.each([
  ['de-AT', 'de'],
  ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr'],
  ['en;q=0.5, de;q=0.8', 'de'],
  ['pt-BR, pt;q=0.9, nl;q=0.3', 'nl'],
  ['nl-BE,nl;q=0.9', 'nl'],
  ['IT', 'it'],
  ['es-419', 'es'],
  ['de;q=0, fr', 'fr'],
  ['de;q=1, fr;q=1', 'de'],
])('Accept-Language %s speaks %s', (header, expected) => {
  expect(localeFromAcceptLanguage(header)).toBe(expected)
})

test.each([[undefined], [''], ['*'], ['pt-BR'], ['de;q=0'], ['zh-Hans-CN, ja;q=0.5'], ['de;q=abc']])('Accept-Language %s leaves the choice to the caller', (header) => {
  expect(localeFromAcceptLanguage(header)).toBeUndefined()
})

test('whatever the header, the answer is a language of the shop the header asks for with a weight above 0, or none', () => {
  const tag = fc.oneof(fc.constantFrom(...LOCALES, 'pt', 'zh', '*', 'en-GB', 'de-CH', 'x'), fc.string({ maxLength: 12 }))
  const weight = fc.option(fc.constantFrom('0', '0.1', '0.5', '1', '1.0', '2', 'x'), { nil: undefined })
  const header = fc.array(fc.tuple(tag, weight), { maxLength: 8 }).map((ranges) => ranges.map(([t, q]) => (q === undefined ? t : `${t};q=${q}`)).join(', '))
  fc.assert(fc.property(header, (h) => {
    const chosen = localeFromAcceptLanguage(h)
    if (chosen === undefined) return
    expect(isLocale(chosen)).toBe(true)
    const asked = h.split(',').filter((range) => {
      const [t = '', ...params] = range.split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      const w = q === undefined ? 1 : Number(q.trim().slice(2))
      return t.trim().split(/[-_]/)[0]?.toLowerCase() === chosen && w > 0 && w <= 1
    })
    expect(asked.length).toBeGreaterThan(0)
  }))
})

test('a language travels as its culture and comes back the same; a missing or foreign culture is English', () => {
  for (const locale of LOCALES) expect(localeOfCulture(cultureOf(locale))).toBe(locale)
  expect(cultureOf(DEFAULT_LOCALE)).toBe('en-us')
  expect(localeOfCulture(undefined)).toBe('en')
  expect(localeOfCulture('pt-br')).toBe('en')
  expect(localeOfCulture('fr-BE')).toBe('fr')
})
