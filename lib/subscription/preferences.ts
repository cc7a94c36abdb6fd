/** Grind and roast labels and the plan rules, as the Account class applies them (its own pure module). */
export * from '../../retter/classes/Account/preferences'
