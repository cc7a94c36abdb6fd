/**
 * The culture the SDK's calls carry: the page's language, so the classes word their refusals in it
 * and a first sign-in stores it as the customer's language. Apart from config.ts, whose schema
 * loads with the SDK only: client.ts reads this as it creates the SDK.
 */
import { cultureOf, localeOfCulture, localeOfTag } from '@retter-shared/BeanBloomKit/i18n/cultures'
import { DEFAULT_LOCALE, type Locale } from '@retter-shared/BeanBloomKit/i18n/locales'

/** What the page says about its language: its `<html lang>` and its address. */
export interface PageLanguage {
  lang?: string
  pathname?: string
}

/**
 * The page's culture: its `<html lang>` first (Next writes the routed locale there), its address's
 * prefix ("/de/…") next; `configured` (NEXT_PUBLIC_RIO_CULTURE, default en-us) when the page names
 * none of the shop's languages, or names the configured culture's own language (an "en-gb" setting
 * stays "en-gb" on English pages).
 */
export function pageCulture(configured: string, page: PageLanguage | undefined): string {
  let locale: Locale | undefined = page?.lang ? localeOfTag(page.lang) : undefined
  // An address's prefix ("/de/account"); an address without one is English, which lives at the root.
  if (!locale && page?.pathname) locale = localeOfTag(/^\/([a-z]{2})(?=\/|$)/.exec(page.pathname)?.[1] ?? '') ?? DEFAULT_LOCALE
  if (!locale || locale === localeOfCulture(configured)) return configured
  return cultureOf(locale)
}

/** The language of the page this script runs in; none outside a browser. */
export function currentPage(): PageLanguage | undefined {
  if (typeof document === 'undefined') return undefined
  return { lang: document.documentElement.lang, pathname: typeof window === 'undefined' ? undefined : window.location.pathname }
}
