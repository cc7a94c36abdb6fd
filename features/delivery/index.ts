/**
 * The delivery address and coffee fields, with the class's own address rules.
 * The public entry of features/delivery/: other features and pages import only what is here.
 */
export { AddressFields, draftOf } from './components/AddressFields'
export type { AddressDraft } from './components/AddressFields'
export { PreferenceFields } from './components/PreferenceFields'
export { serverProblemOf, useAddressDraft } from './components/useAddressDraft'
export { changedFields, deliveryVersionOf } from './rules/address-version'
