/**
 * Where each language's pages live: English at the root (`/`, `/sign-in`), every other language
 * under its code (`/de`, `/fr/sign-in`), as Next's i18n routing serves them (next.config.js).
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@retter-shared/BeanBloomKit/i18n/locales'

export { DEFAULT_LOCALE, LOCALES }

/** The address of the app path `path` ("/account?x=1") in `locale`; an unknown or missing locale is English. */
export function localePath(locale: string | undefined, path: string): string {
  if (!isLocale(locale) || locale === DEFAULT_LOCALE) return path
  if (path === '/' ) return `/${locale}`
  return path.startsWith('/?') || path.startsWith('/#') ? `/${locale}${path.slice(1)}` : `/${locale}${path}`
}

/** The language of an address and its app path: "/de/account" → de, "/account". */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$|\?|#)/.exec(pathname)
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) return { locale: match[1], path: pathname.slice(3) || '/' }
  return { locale: DEFAULT_LOCALE, path: pathname }
}

/** The cookie Next's i18n routing reads for a visitor's chosen language (it wins over Accept-Language). */
export const LOCALE_COOKIE = 'NEXT_LOCALE'

/** Remembers `locale` as this browser's choice for a year. */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`
}
