/**
 * BeanBloomKit, a Retter project dependency of what every class needs alike: money as text
 * (money.ts).
 * Classes import it by name; the app imports `@retter-shared/BeanBloomKit/money` alone.
 */
export * from './money'
