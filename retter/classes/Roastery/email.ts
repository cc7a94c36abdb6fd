/**
 * The one e-mail rule of the product, used by the class (identity.ts) and by the browser
 * (lib/format/email.ts imports this file), so an address the form accepts is one the class
 * accepts, and both key it the same way. Pure: no imports, ES5-safe, so it deploys with the class
 * and bundles into the app. The same file sits in every class folder that needs it (Retter deploys
 * each class folder on its own; a test keeps the copies identical).
 */

/** The longest address SMTP can carry (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254

// Deliberately permissive (RFC 5321 local parts are wild); it only has to reject obvious garbage.
const EMAIL_PATTERN = /^[^\s@!#%/\\]+@[^\s@!#%/\\]+\.[^\s@!#%/\\]+$/

/**
 * C0 and C1 controls, and the invisible format characters that make two addresses look alike:
 * soft hyphen, Mongolian vowel separator, zero-width space/non-joiner/joiner, direction marks and
 * embeddings, word joiner and invisible operators, direction isolates, the BOM.
 */
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u00AD\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/

export type EmailProblem = 'EMPTY' | 'TOO_LONG' | 'INVISIBLE_CHARACTERS' | 'INVALID'

export type EmailCheck = { ok: true; email: string } | { ok: false; problem: EmailProblem; message: string }

/**
 * NFKC-normalised, trimmed and lower-cased: the NFC and NFD spellings of an address (and its
 * full-width forms) are the same customer.
 */
export function normaliseEmail(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase()
}

/**
 * Checks an address as typed and answers its normalised form, or the problem with a message a
 * customer can act on.
 */
export function checkEmail(raw: string): EmailCheck {
  const email = normaliseEmail(raw)
  if (email === '') return { ok: false, problem: 'EMPTY', message: 'Enter your e-mail address.' }
  if (INVISIBLE.test(email)) {
    return {
      ok: false,
      problem: 'INVISIBLE_CHARACTERS',
      message: 'The e-mail address contains invisible or control characters (often from copy and paste). Type it again.',
    }
  }
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, problem: 'TOO_LONG', message: 'That e-mail address is too long.' }
  if (!EMAIL_PATTERN.test(email)) return { ok: false, problem: 'INVALID', message: '"' + email + '" is not a valid e-mail address.' }
  return { ok: true, email: email }
}
