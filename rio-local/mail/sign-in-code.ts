/**
 * Which outbox messages carry a sign-in code, and the code. Only a message whose subject names a
 * sign-in code counts (the Account class sends "Your Bean & Bloom sign-in code"): the first 6-digit
 * number of any other mail (a postal code in an order confirmation, an order number) is no code.
 * A subject rule rather than a header: a header would travel with every production e-mail, where
 * mail providers log headers more widely than bodies.
 */

/**
 * Subjects of sign-in code e-mails: "sign-in code" or "sign in code", any case, and the same words
 * in the shop's other languages (the Account writes the code e-mail in the customer's language).
 */
export const SIGN_IN_SUBJECT = /\bsign[- ]in code\b|\bAnmeldecode\b|\bcode de connexion\b|\binlogcode\b|\bcodice di accesso\b|\bcódigo de acceso\b/i

/**
 * The sign-in code of a message: the first standalone 6-digit number of its text when its subject
 * names a sign-in code; undefined for any other message.
 * @param mail the parsed message (subject and plain text)
 */
export function signInCodeOf(mail: { subject: string; text: string }): string | undefined {
  if (!SIGN_IN_SUBJECT.test(mail.subject)) return undefined
  return /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)?.[1]
}
