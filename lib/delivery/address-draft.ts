import type { DeliveryAddress } from '@/lib/contract'
import type { AddressField } from '@retter-shared/BeanBloomSubscription/address'

/** What the address inputs hold while typed: every field a string, country a code or ''. */
export type AddressDraft = Record<AddressField, string>

export const EMPTY_ADDRESS: AddressDraft = { name: '', line1: '', line2: '', city: '', postalCode: '', country: '' }

/** The draft of a stored address (or an empty one). */
export function draftOf(address: DeliveryAddress | undefined): AddressDraft {
  if (!address) return EMPTY_ADDRESS
  return { name: address.name, line1: address.line1, line2: address.line2 ?? '', city: address.city, postalCode: address.postalCode, country: address.country }
}
