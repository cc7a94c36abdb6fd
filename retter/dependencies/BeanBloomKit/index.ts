/**
 * BeanBloomKit, a Retter project dependency every class lists: what each class needs alike.
 * - money.ts: money as text, the one rule of the e-mails, receipts, refusals and the app's pages;
 * - answers.ts: a method's answer and its refusals;
 * - tasks.ts: delayed calls, and keeping a single task pending;
 * - calls.ts: calls to another class that survive a busy instance (570);
 * - env.ts: the project environment, one schema read through one door;
 * - text.ts: a string's length in UTF-8 bytes.
 * Classes import it by name; the app imports `@retter-shared/BeanBloomKit/money` alone.
 */
export * from './answers'
export * from './text'
export * from './env'
export * from './money'
export * from './tasks'
export * from './calls'
