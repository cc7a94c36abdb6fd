import fc from 'fast-check'
import { countrySortKey, DELIVERY_COUNTRIES_BY_NAME } from '@/lib/delivery/countries'
import { countryName, DELIVERY_COUNTRY_CODES } from '@retter-shared/BeanBloomSubscription/address'

test('the list holds every country we deliver to, once', () => {
  expect([...DELIVERY_COUNTRIES_BY_NAME].sort()).toEqual([...DELIVERY_COUNTRY_CODES].sort())
})

test('any two countries appear in the order of their names, a leading "The" ignored', () => {
  const index = fc.integer({ min: 0, max: DELIVERY_COUNTRIES_BY_NAME.length - 1 })
  fc.assert(fc.property(index, index, (i, j) => {
    fc.pre(i < j)
    const [a, b] = [DELIVERY_COUNTRIES_BY_NAME[i] as string, DELIVERY_COUNTRIES_BY_NAME[j] as string]
    expect(countrySortKey(a).localeCompare(countrySortKey(b), 'en')).toBeLessThan(0)
  }))
})

test('as a reader looks them up: Austria first, the Netherlands under N, the United Kingdom last', () => {
  const names = DELIVERY_COUNTRIES_BY_NAME.map(countryName)
  expect(names[0]).toBe('Austria')
  expect(names.indexOf('The Netherlands')).toBe(names.indexOf('Malta') + 1)
  expect(names.at(-1)).toBe('The United Kingdom')
})
