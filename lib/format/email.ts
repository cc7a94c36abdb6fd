/**
 * The app's e-mail rule, run before any request by the sign-in form and by the request layer
 * alike. It is the classes' own rule (email.ts of the BeanBloomIdentity Retter dependency, a pure
 * module), so the browser and the backend accept, refuse and normalise exactly the same addresses.
 */
import { checkEmail, normaliseEmail as normalise } from '@retter-shared/BeanBloomIdentity/email'

/**
 * @returns a human message when the address is not usable, else null
 */
export function validateEmail(raw: string): string | null {
  const checked = checkEmail(raw)
  return checked.ok ? null : checked.message
}

/** NFKC-normalised, trimmed and lower-cased, as the backend keys accounts. Call after `validateEmail` passed. */
export function normaliseEmail(raw: string): string {
  return normalise(raw)
}
