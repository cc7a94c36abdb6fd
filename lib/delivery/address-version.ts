/**
 * The version of a customer's delivery address as the Account class counts it (`deliveryVersion`:
 * one more with each stored change; 0 without an address, 1 for one stored before versions were
 * kept), and what changed between two addresses, for a customer told their edit is stale.
 */
import type { AccountView, DeliveryAddress } from '@/lib/contract'
import type { AddressField } from '@retter-shared/BeanBloomSubscription/address'

/** The address version the customer's view shows. */
export function deliveryVersionOf(account: Pick<AccountView, 'delivery'> & { deliveryVersion?: unknown }): number {
  return typeof account.deliveryVersion === 'number' ? account.deliveryVersion : account.delivery ? 1 : 0
}

const FIELDS: ReadonlyArray<AddressField> = ['name', 'line1', 'line2', 'city', 'postalCode', 'country']

/** The fields whose value differs between `before` and `after` (a missing address has none). */
export function changedFields(before: DeliveryAddress | undefined, after: DeliveryAddress | undefined): AddressField[] {
  return FIELDS.filter((field) => (before?.[field] ?? '') !== (after?.[field] ?? ''))
}
