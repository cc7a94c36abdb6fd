import { countryName, DELIVERY_COUNTRY_CODES } from '@retter-shared/BeanBloomSubscription/address'
import { regionNames } from '@/lib/format/intl-cache'

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
 * A country's name in `locale`: English keeps the class's own names ("The Netherlands", as the
 * e-mails and labels print it); every other language takes the runtime's CLDR names
 * (Intl.DisplayNames: "Niederlande", "Pays-Bas"), which are the names that language's postal forms
 * use, rather than 28 × 5 hand translations kept in the catalogue. A runtime without DisplayNames
 * falls back to English.
 */
export function countryNameIn(code: string, locale?: string): string {
  if (!locale || locale === 'en' || typeof Intl.DisplayNames !== 'function') return countryName(code)
  try {
    return regionNames(locale, { fallback: 'none' }).of(code) ?? countryName(code)
  } catch {
    // A code DisplayNames refuses (never one we deliver to): the class's name.
    return countryName(code)
  }
}

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
