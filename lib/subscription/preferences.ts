/**
 * Grind and roast labels and the plan rules, as the Account class applies them (preferences.ts of
 * its BeanBloomSubscription Retter dependency, a pure module).
 */
export * from '@retter-shared/BeanBloomSubscription/preferences'
