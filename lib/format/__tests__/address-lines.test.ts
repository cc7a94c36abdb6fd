/**
 * An address in words, as the account page, its first paint, the packing lists and the e-mails all
 * print it (one addressLines, in the BeanBloomSubscription dependency), and the country names the
 * address form lists.
 */
import fc from 'fast-check'
import { DELIVERY_COUNTRIES, DELIVERY_COUNTRY_CODES, addressLines, countryName } from '@retter-shared/BeanBloomSubscription/address'

test('every country we deliver to is named with a capital letter first, as listed otherwise', () => {
  expect(countryName('NL')).toBe('The Netherlands')
  expect(countryName('GB')).toBe('The United Kingdom')
  expect(countryName('DE')).toBe('Germany')
  for (const code of DELIVERY_COUNTRY_CODES) {
    const listed = DELIVERY_COUNTRIES[code]?.name ?? ''
    expect(countryName(code)).toBe(listed.charAt(0).toUpperCase() + listed.slice(1))
  }
})

test('an address reads name, street, extra line when there is one, "postcode city", country', () => {
  expect(addressLines({ name: 'Mina Roast', line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' }))
    .toEqual(['Mina Roast', 'Prinsengracht 263', '1016 GV Amsterdam', 'The Netherlands'])
  const text = fc.string({ minLength: 1 })
  fc.assert(fc.property(text, text, fc.option(fc.string(), { nil: undefined }), text, text, fc.constantFrom(...DELIVERY_COUNTRY_CODES),
    (name, line1, line2, postalCode, city, country) => {
      expect(addressLines({ name, line1, line2, postalCode, city, country }))
        .toEqual([name, line1, ...(line2 ? [line2] : []), `${postalCode} ${city}`, countryName(country)])
    }))
})
