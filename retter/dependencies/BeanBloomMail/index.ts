/**
 * BeanBloomMail, a Retter project dependency: sending one message over SMTP (smtp.ts), the back-off
 * of a message that failed (retry.ts) and taking the recipient's address out of an SMTP server's
 * answer before it is kept (redact.ts). The Account class sends sign-in codes with it in the
 * request; the Mailer class sends everything the Account's outbox hands it.
 */
export * from './smtp'
export * from './retry'
export * from './redact'
