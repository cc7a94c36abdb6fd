/**
 * The one e-mail rule of the product, used by the classes (identity.ts) and by the browser
 * (lib/format/email.ts imports this file), so an address the form accepts is one the classes
 * accept, and both key it the same way. Pure: no imports, ES5-safe, so it deploys as part of this
 * dependency and bundles into the app.
 *
 * The rule: after NFKC normalisation, trimming and lower-casing, an address must have WHATWG's
 * "valid e-mail address" shape (the one of `<input type=email>`), widened so that letters, marks
 * and digits of any script count where WHATWG has ASCII letters and digits (internationalised
 * addresses keep working), with a dot in the domain. Every other code point is refused: quotes,
 * brackets, commas and comments (which let one mailbox receive codes under many spellings), and
 * every default-ignorable or otherwise invisible one (which make two addresses look alike).
 */

/** The longest address SMTP can carry (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254

// Unicode property escapes need ES2018 regular expressions; the class compiles to ES5, so the
// expressions are built from strings at run time (Node and every browser the app supports have them).
/** A letter, mark or digit of any script that is not default-ignorable (U+3164 is a letter, but invisible). */
const ALNUM = '(?:(?!\\p{Default_Ignorable_Code_Point})[\\p{L}\\p{M}\\p{Nd}])'
/** WHATWG's local part: its ASCII letters and digits widened to ALNUM. */
const LOCAL_PART = "(?:" + ALNUM + "|[.!#$%&'*+/=?^_`{|}~-])+"
/** WHATWG's domain label: 1 to 63 ALNUM or "-", not starting or ending with "-". */
const LABEL = ALNUM + '(?:(?:' + ALNUM + '|-){0,61}' + ALNUM + ')?'
const EMAIL_PATTERN = new RegExp('^' + LOCAL_PART + '@' + LABEL + '(?:\\.' + LABEL + ')+$', 'u')

/**
 * Code points that do not show, for the message only (the pattern refuses them anyway): controls,
 * format characters, line and paragraph separators, every default-ignorable code point, spaces
 * other than U+0020, and the Braille blank.
 */
const INVISIBLE = new RegExp('[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\u2800]|(?! )\\p{Zs}', 'u')

export type EmailProblem = 'EMPTY' | 'TOO_LONG' | 'INVISIBLE_CHARACTERS' | 'INVALID'

export type EmailCheck = { ok: true; email: string } | { ok: false; problem: EmailProblem; message: string }

/**
 * NFKC-normalised, trimmed and lower-cased (and NFKC again, as lower-casing may leave a sequence
 * NFKC would change): the NFC and NFD spellings of an address, and its full-width forms, are the
 * same customer.
 */
export function normaliseEmail(raw: string): string {
  return raw.normalize('NFKC').trim().toLowerCase().normalize('NFKC')
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
