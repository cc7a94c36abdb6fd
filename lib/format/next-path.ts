import { ROUTES } from '@/lib/routes'

/**
 * Where to go after sign-in: the `next` query value when it is a path on this site, else the
 * fallback. Absolute URLs, protocol-relative "//evil.example" and backslash tricks are refused so
 * the sign-in page cannot be used as an open redirect.
 * @param next raw `next` query value (string, array or undefined as Next's router gives it)
 * @param fallback path used when `next` is missing or unsafe
 */
export function safeNextPath(next: string | string[] | undefined, fallback: string = ROUTES.account): string {
  const value = Array.isArray(next) ? next[0] : next
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  // Control characters can smuggle a second URL past naive checks.
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
  if (value.startsWith(ROUTES.signIn)) return fallback
  return value
}
