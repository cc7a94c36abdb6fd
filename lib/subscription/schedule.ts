/**
 * The subscription's calendar as the app reads it: the Account class's own pure module (schedule.ts
 * of the BeanBloomSubscription Retter dependency, no imports), so the app shows exactly the dates
 * the class computes, and a pause ends on read in both the same way.
 */
export * from '@retter-shared/BeanBloomSubscription/schedule'
