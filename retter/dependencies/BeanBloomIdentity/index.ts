/**
 * BeanBloomIdentity, a Retter project dependency that every class lists: the product's e-mail rule
 * (email.ts) and what derives from an e-mail (identity.ts: instance ids, userId, staff, the
 * authorizers' ownership checks), so every class derives the same ids from the same address.
 * Classes import it by name; the app imports `@retter-shared/BeanBloomIdentity/email` alone
 * (identity.ts needs Node's crypto).
 */
export * from './email'
export * from './identity'
