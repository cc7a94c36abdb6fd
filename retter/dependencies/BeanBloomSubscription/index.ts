/**
 * BeanBloomSubscription, a Retter project dependency (the Account class lists it): the plans, the
 * delivery schedule, coffee preferences and delivery addresses, pure rules over plain values. The
 * app shows what the class computes by importing the same modules through
 * `@retter-shared/BeanBloomSubscription/<module>` (one module at a time: address.ts brings
 * postcode-validator, which the schedule does not need).
 */
export * from './address'
export * from './dates'
export * from './plans'
export * from './catalogue'
export * from './catalogue-seed'
export * from './preferences'
export * from './schedule'
export * from './timeline'
export * from './payments'
export * from './vat'
export * from './receipts'
export * from './address-format'
export * from './customer'
export * from './directory'
export * from './customer-timeline'
export * from './reports'
export * from './cancel-reasons'
export * from './extras'
export * from './document-lines'
export * from './gifts'
