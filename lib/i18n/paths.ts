/**
 * Where each language's pages live: English at the root (`/`, `/sign-in`), every other language
 * under its code (`/de`, `/fr/sign-in`), as Next's i18n routing serves them (next.config.js).
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@retter-shared/BeanBloomKit/i18n/locales'

export { DEFAULT_LOCALE, LOCALES }

/** The address of the app path `path` ("/account?x=1") in `locale`; an unknown or missing locale is English. */
export function localePath(locale: string | undefined, path: string): string {
  if (!isLocale(locale) || locale === DEFAULT_LOCALE) return path
  // "/" and "/?plan=x" lose their slash after the prefix ("/de", "/de?plan=x").
  return `/${locale}${/^\/($|[?#])/.test(path) ? path.slice(1) : path}`
}

/** The cookie Next's i18n routing reads for a visitor's chosen language (it wins over Accept-Language). */
export const LOCALE_COOKIE = 'NEXT_LOCALE'

/** Remembers `locale` as this browser's choice for a year. */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`
}
