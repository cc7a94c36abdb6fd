/**
 * A delivery address laid out as the post of its country expects it, by the maintained
 * `@fragaria/address-formatter` (OpenCage's address templates): "10119 Berlin" in Germany, the
 * Netherlands, France and Italy, the town then the postcode on a line of its own in the United
 * Kingdom and Ireland, the country last. Used by the e-mails and receipts here, and by the app's
 * account page and packing lists through a lazily loaded import (the templates of every country
 * weigh about 50 kB gzip, too much for a first page). Kept apart from address.ts so that the
 * address form, which checks addresses, does not bring the templates along.
 */
import { format } from '@fragaria/address-formatter'
import { addressLines, countryNameIn, DeliveryAddress } from './address'

/** How often each word occurs in `texts` (words: what lies between spaces and commas). */
function words(texts: ReadonlyArray<string>): { [word: string]: number } {
  // No prototype: a word such as "constructor" is counted like any other.
  const counts: { [word: string]: number } = Object.create(null)
  for (const text of texts) {
    for (const word of text.split(/[\s,]+/)) if (word) counts[word] = (counts[word] || 0) + 1
  }
  return counts
}

/**
 * The address as lines for a label, an e-mail or a receipt: the name first, the street, the
 * extra line (when given) right below it, then the town and postcode in the country's order, and
 * the country's name last (in `locale`, English when none is given).
 */
export function postalAddressLines(address: DeliveryAddress, locale?: string): string[] {
  const laid = format(
    { attention: address.name, road: address.line1, city: address.city, postcode: address.postalCode, countryCode: address.country, country: countryNameIn(address.country, locale) },
    // cleanupPostcode off: the postcode was checked and normalised when it was saved; keep it as the customer sees it.
    { output: 'array', appendCountry: true, cleanupPostcode: false },
  )
  // The street line holds the house number already (one field): a template's "{{house_number}}." leaves a stray " .".
  const lines = laid.map((line) => line.replace(/\s+\.$/, ''))
  if (address.line2) {
    // The templates have no second street line: it goes right below the street, where labels print it.
    let street = -1
    for (let i = 1; i < lines.length && street < 0; i++) if ((lines[i] as string).indexOf(address.line1) === 0) street = i
    lines.splice(street < 0 ? 1 : street + 1, 0, address.line2)
  }
  // A template may merge or drop a value that repeats another (a street named like its town):
  // a label must never lose a word the customer gave, so then the plain layout is used.
  const given = words([address.name, address.line1, address.line2 || '', address.city, address.postalCode])
  const shown = words(lines)
  for (const word in given) if ((shown[word] || 0) < (given[word] as number)) return addressLines(address, locale)
  return lines
}
