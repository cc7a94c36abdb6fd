/**
 * The subscription's calendar as the app reads it: the Account class's own pure module
 * (retter/classes/Account/schedule.ts, no imports), so the app shows exactly the dates the class
 * computes, and a pause ends on read in both the same way.
 */
export * from '../../retter/classes/Account/schedule'
