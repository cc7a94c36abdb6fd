/**
 * The delivery-address rules as the Account class applies them (address.ts of its
 * BeanBloomSubscription Retter dependency: supported countries, lengths, hidden characters, postal
 * codes per country through `postcode-validator`), so the form refuses exactly what the class
 * would, with the same messages.
 */
export * from '@retter-shared/BeanBloomSubscription/address'
