/** One "@", a non-empty local part, a domain with a dot, no spaces (the backend validates again). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * A pragmatic e-mail check run before any request: one "@", a non-empty local part, a domain
 * with a dot and no spaces. The backend validates again; this only catches typos early.
 * @returns a human message when the address is not usable, else null
 */
export function validateEmail(raw: string): string | null {
  const email = raw.trim()
  if (email === '') return 'Enter your e-mail address.'
  if (email.length > 254) return 'That e-mail address is too long.'
  if (!EMAIL_SHAPE.test(email)) {
    return 'Enter a valid e-mail address, like name@example.com.'
  }
  return null
}
