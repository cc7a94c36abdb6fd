import { countryName, countryNameIn, DELIVERY_COUNTRY_CODES } from '@retter-shared/BeanBloomSubscription/address'

/** How a reader looks a country up in a list: by its name, without a leading "The". */
export function countrySortKey(code: string): string {
  return countryName(code).replace(/^The /, '')
}

const collator = new Intl.Collator('en', { sensitivity: 'base' })

/**
 * The countries we deliver to, in the order of their names ("Netherlands" under N, "United
 * Kingdom" under U), for the address form's list.
 */
export const DELIVERY_COUNTRIES_BY_NAME: ReadonlyArray<string> = [...DELIVERY_COUNTRY_CODES]
  .sort((a, b) => collator.compare(countrySortKey(a), countrySortKey(b)))

/**
 * A country's name in `locale`: our own names in English, the runtime's CLDR names in every other
 * language (decision 0029); the classes name countries in e-mails and refusals the same way.
 */
export { countryNameIn }

const byName = new Map<string, ReadonlyArray<string>>()

/** The countries we deliver to in the order of their names in `locale` (English: DELIVERY_COUNTRIES_BY_NAME). */
export function deliveryCountriesByName(locale?: string): ReadonlyArray<string> {
  if (!locale || locale === 'en') return DELIVERY_COUNTRIES_BY_NAME
  const known = byName.get(locale)
  if (known) return known
  const local = new Intl.Collator(locale, { sensitivity: 'base' })
  const sorted = [...DELIVERY_COUNTRY_CODES].sort((a, b) => local.compare(countryNameIn(a, locale), countryNameIn(b, locale)))
  byName.set(locale, sorted)
  return sorted
}
