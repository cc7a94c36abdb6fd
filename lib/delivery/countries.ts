import { countryName, DELIVERY_COUNTRY_CODES } from '@retter-shared/BeanBloomSubscription/address'

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
