/** A day in each language as its readers write it: the same day everywhere, only the words differ. */
import fc from 'fast-check'
import { customerDate, shortDate, shortDateTime } from '@retter-shared/BeanBloomSubscription/dates'

test.each([
  ['en', 'Wed 25 Nov 2026', 'Wednesday 25 November 2026'],
  ['de', 'Mi., 25. Nov. 2026', 'Mittwoch, 25. November 2026'],
  ['fr', 'mer. 25 nov. 2026', 'mercredi 25 novembre 2026'],
  ['nl', 'wo 25 nov 2026', 'woensdag 25 november 2026'],
  ['it', 'mer 25 nov 2026', 'mercoledì 25 novembre 2026'],
  ['es', 'mié, 25 nov 2026', 'miércoles, 25 de noviembre de 2026'],
])('%s writes 25 November 2026 as "%s" and in full "%s"', (locale, short, full) => {
  expect(shortDate('2026-11-25', undefined, locale)).toBe(short)
  expect(customerDate('2026-11-25', locale)).toBe(full)
})

test('the first of a month is "1er" in French; a time keeps the 24-hour clock in every language', () => {
  expect(customerDate('2026-12-01', 'fr')).toBe('mardi 1er décembre 2026')
  expect(shortDateTime('2026-11-25T16:30:00Z', 'Europe/Berlin', 'de')).toBe('Mi., 25. Nov. 2026, 17:30')
})

test('a language the shop does not speak, or none, is English; a region is its language', () => {
  expect(shortDate('2026-11-25', undefined, 'pt-BR')).toBe('Wed 25 Nov 2026')
  expect(shortDate('2026-11-25')).toBe('Wed 25 Nov 2026')
  expect(shortDate('2026-11-25', undefined, 'fr-BE')).toBe('mer. 25 nov. 2026')
})

test('every day of every language holds its day number and year, and English is unchanged by the others', () => {
  const day = fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true })
  fc.assert(fc.property(day, fc.constantFrom('en', 'de', 'fr', 'nl', 'it', 'es'), (date, locale) => {
    const iso = date.toISOString().slice(0, 10)
    const [year, , dayOfMonth] = iso.split('-').map(Number)
    for (const text of [shortDate(iso, undefined, locale), customerDate(iso, locale)]) {
      expect(text).toContain(String(year))
      expect(text).toMatch(new RegExp(`(^|\\D)${dayOfMonth}(er)?(\\D|$)`))
    }
    expect(shortDate(iso)).toBe(shortDate(iso, undefined, 'en'))
  }))
})
