/**
 * The Account's way to SMTP, kept where the Account's modules import it: the sending itself is the
 * BeanBloomMail dependency's, shared with the Mailer class (which sends the outbox's e-mail, so the
 * Account never waits on SMTP for it). The Account sends only what its request must answer for
 * (sign-in and confirmation codes) itself.
 */
export type { Mail, MailAttachment } from 'BeanBloomMail'
export { sendMail } from 'BeanBloomMail'
