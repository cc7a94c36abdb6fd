/** A delivery address in words, as the subscription page and its first paint show it. */
import type { DeliveryAddress } from '@/lib/contract'
import { DELIVERY_COUNTRIES } from '@/lib/subscription/address'

/** "Germany", "The Netherlands"; an unknown code reads as itself. */
export function countryName(code: string): string {
  const name = DELIVERY_COUNTRIES[code]?.name ?? code
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** The address's lines, empty ones left out: name, street, extra line, "postcode city", country. */
export function addressLines(address: DeliveryAddress): string[] {
  return [address.name, address.line1, address.line2, `${address.postalCode} ${address.city}`, countryName(address.country)]
    .filter((line): line is string => Boolean(line))
}
