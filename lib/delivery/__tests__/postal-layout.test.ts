/**
 * Addresses laid out as each country's post expects them (BeanBloomSubscription's
 * address-format.ts, through @fragaria/address-formatter): the e-mails, receipts, the account page
 * and the packing lists print these lines.
 */
import fc from 'fast-check'
import { postalAddressLines } from '@retter-shared/BeanBloomSubscription/address-format'
import { DELIVERY_COUNTRY_CODES, addressLines, countryName, type DeliveryAddress } from '@retter-shared/BeanBloomSubscription/address'

test.each<[string, DeliveryAddress, string[]]>([
  ['DE', { name: 'Lena Vogt', line1: 'Torstraße 1', line2: 'Hinterhaus, 3. OG', postalCode: '10119', city: 'Berlin', country: 'DE' },
    ['Lena Vogt', 'Torstraße 1', 'Hinterhaus, 3. OG', '10119 Berlin', 'Germany']],
  ['FR', { name: 'Camille Martin', line1: '12 rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR' },
    ['Camille Martin', '12 rue de Rivoli', '75001 Paris', 'France']],
  ['NL', { name: 'Mina Roast', line1: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' },
    ['Mina Roast', 'Prinsengracht 263', '1016 GV Amsterdam', 'The Netherlands']],
  ['GB', { name: 'Sam Jones', line1: '10 Downing Street', line2: 'Flat 2', postalCode: 'SW1A 2AA', city: 'London', country: 'GB' },
    ['Sam Jones', '10 Downing Street', 'Flat 2', 'London', 'SW1A 2AA', 'The United Kingdom']],
  ['IE', { name: 'Aoife Byrne', line1: '1 Grafton Street', postalCode: 'D02 X285', city: 'Dublin', country: 'IE' },
    ['Aoife Byrne', '1 Grafton Street', 'Dublin', 'D02 X285', 'Ireland']],
  ['IT', { name: 'Giulia Rossi', line1: 'Via del Corso 10', postalCode: '00184', city: 'Roma', country: 'IT' },
    ['Giulia Rossi', 'Via del Corso 10', '00184 Roma', 'Italy']],
])('%s: laid out by its post\'s convention', (_country, address, lines) => {
  expect(postalAddressLines(address)).toEqual(lines)
})

test('UK and Irish postcodes come after the town, on a line of their own; elsewhere in the EU the postcode leads the town\'s line', () => {
  const base = { name: 'N', line1: 'Street 1', city: 'Town', postalCode: 'PC1' }
  for (const country of ['GB', 'IE']) {
    const lines = postalAddressLines({ ...base, country })
    expect(lines.indexOf('PC1')).toBe(lines.indexOf('Town') + 1)
  }
  for (const country of ['AT', 'BE', 'DE', 'ES', 'FR', 'IT', 'NL', 'PT']) expect(postalAddressLines({ ...base, country })).toContain('PC1 Town')
})

test('no word the customer gave is ever lost, the name comes first, the country last, the extra line right below the street', () => {
  // Stored addresses are cleaned (checkAddress): trimmed, single spaces.
  const text = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9][A-Za-zÀ-ÿ0-9 .'-]{0,20}$/).map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => s.length > 0)
  fc.assert(fc.property(text, text, fc.option(text, { nil: undefined }), text, text, fc.constantFrom(...DELIVERY_COUNTRY_CODES),
    (name, line1, line2, city, postalCode, country) => {
      const address: DeliveryAddress = { name, line1, city, postalCode, country, ...(line2 ? { line2 } : {}) }
      const lines = postalAddressLines(address)
      expect(lines[0]).toBe(name)
      expect(lines[lines.length - 1]).toBe(countryName(country))
      const words = (texts: string[]) => texts.join(' ').split(/[\s,]+/).filter(Boolean).sort()
      const shown = words(lines)
      for (const word of words(addressLines(address).slice(0, -1))) {
        const at = shown.indexOf(word)
        expect(at).toBeGreaterThanOrEqual(0)
        shown.splice(at, 1)
      }
      if (line2) expect(lines.lastIndexOf(line2)).toBeGreaterThan(0)
    }))
})
