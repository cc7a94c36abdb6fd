/**
 * The app's e-mail rule, run before any request by the sign-in form and by the request layer
 * alike. It is the classes' own rule (email.ts of the BeanBloomIdentity Retter dependency, a pure
 * module), so the browser and the backend accept, refuse and normalise exactly the same addresses.
 */
import { checkEmail, normaliseEmail as normalise, type EmailProblem } from '@retter-shared/BeanBloomIdentity/email'
import type { MessageKey } from '@/lib/i18n/types'
import type { MessageValues } from '@retter-shared/BeanBloomKit/i18n/render'

/** The catalogue's words of each problem the rule finds (English: the rule's own message). */
const PROBLEM_KEYS: Record<EmailProblem, MessageKey> = {
  EMPTY: 'errors.email.empty',
  INVISIBLE_CHARACTERS: 'errors.email.hidden',
  TOO_LONG: 'errors.email.tooLong',
  INVALID: 'errors.email.invalid',
}

/**
 * @returns a human message when the address is not usable, else null
 */
export function validateEmail(raw: string): string | null {
  const checked = checkEmail(raw)
  return checked.ok ? null : checked.message
}

/** The catalogue key and values of what is wrong with the address, or null when it is usable. */
export function emailProblemWords(raw: string): { key: MessageKey; values?: MessageValues } | null {
  const checked = checkEmail(raw)
  if (checked.ok) return null
  const key = PROBLEM_KEYS[checked.problem]
  return checked.problem === 'INVALID' ? { key, values: { email: normalise(raw) } } : { key }
}

/** NFKC-normalised, trimmed and lower-cased, as the backend keys accounts. Call after `validateEmail` passed. */
export function normaliseEmail(raw: string): string {
  return normalise(raw)
}
