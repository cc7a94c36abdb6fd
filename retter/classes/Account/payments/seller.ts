/**
 * Who sells, as receipts and credit notes name it. Configured by the project environment (a real
 * shop must set all three; docs/configuration.md):
 *   SELLER_NAME        the legal name, e.g. "Bean & Bloom GmbH"
 *   SELLER_ADDRESS     the registered address, its lines separated by "|", e.g. "Torstraße 1|10119 Berlin|Germany"
 *   SELLER_VAT_NUMBER  the VAT identification number, e.g. "DE123456789"
 * Unset, each reads as a placeholder that says which variable to fill in, so a document made
 * locally (or by a project not configured yet) can never pass for a real one.
 */
import { listSetting, setting } from 'BeanBloomKit'
import { Seller } from 'BeanBloomSubscription'

/** The placeholder of each variable (shown on documents while it is unset). */
export const SELLER_PLACEHOLDERS = {
  name: 'PLACEHOLDER seller name: set SELLER_NAME',
  address: 'PLACEHOLDER address: set SELLER_ADDRESS',
  vatNumber: 'PLACEHOLDER VAT number: set SELLER_VAT_NUMBER',
} as const

/** The seller as the environment configures it now (placeholders for what is unset). */
export function sellerOf(): Seller {
  const address = listSetting('SELLER_ADDRESS', '|')
  return {
    name: setting('SELLER_NAME') || SELLER_PLACEHOLDERS.name,
    address: address.length > 0 ? address : [SELLER_PLACEHOLDERS.address],
    vatNumber: setting('SELLER_VAT_NUMBER') || SELLER_PLACEHOLDERS.vatNumber,
  }
}
