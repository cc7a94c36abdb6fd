/**
 * A delivery day's board (deliveries, totals per plan × grind × roast) as the Roastery class keeps
 * it: the BeanBloomBoard Retter dependency the class lists, a pure module, so the app reads boards
 * with the class's rules (and puts a day laid out over shards together again with them).
 */
export * from '@retter-shared/BeanBloomBoard/board'
export * from '@retter-shared/BeanBloomBoard/money'
export * from '@retter-shared/BeanBloomBoard/shards'
