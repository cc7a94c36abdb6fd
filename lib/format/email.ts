/** One "@", a non-empty local part, a domain with a dot, no spaces (the backend validates again). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** The longest address SMTP can carry (RFC 5321 path limit). */
const EMAIL_MAX_LENGTH = 254

/**
 * The app's one e-mail rule, run before any request, by the sign-in form and by the request layer
 * alike. The backend validates again; this only catches typos early.
 * @returns a human message when the address is not usable, else null
 */
export function validateEmail(raw: string): string | null {
  const email = raw.trim()
  if (email === '') return 'Enter your e-mail address.'
  if (email.length > EMAIL_MAX_LENGTH) return 'That e-mail address is too long.'
  if (!EMAIL_SHAPE.test(email)) return `"${email}" is not a valid e-mail address.`
  return null
}

/** Trimmed and lower-cased, as the backend keys accounts. Call after `validateEmail` passed. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase()
}
