/**
 * BeanBloomIdentity, a Retter project dependency that every class lists: the product's e-mail rule
 * (email.ts), what derives from an e-mail (identity.ts: instance ids, userId, staff, the
 * authorizers' ownership checks), so every class derives the same ids from the same address, and
 * the words of a wait a limit imposes (wait-words.ts), and what each staff role may do (roles.ts, with
 * staff-members.ts asking the Shop for a member's roles).
 * Classes import it by name; the app imports `@retter-shared/BeanBloomIdentity/email` and `/wait-words` alone
 * (identity.ts needs Node's crypto).
 */
export * from './email'
export * from './identity'
export * from './wait-words'
export * from './roles'
export * from './staff-members'
