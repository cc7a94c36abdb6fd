/**
 * BeanBloomBoard, a Retter project dependency (the Account and Roastery classes list it): a delivery
 * day's board and the delivery ids on it. The Roastery keeps boards with these rules, the Account
 * sends the deliveries it puts on them, and the app reads them through `@retter-shared/BeanBloomBoard/board`.
 */
export * from './board'
export * from './shipment'
export * from './calls'
export * from './money'
export * from './shards'
export * from './retention'
export * from './carriers'
