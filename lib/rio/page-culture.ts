/**
 * The culture the SDK's calls carry: the page's language, so the classes word their refusals in it
 * and a first sign-in stores it as the customer's language. Apart from config.ts, whose schema
 * loads with the SDK only: client.ts reads this as it creates the SDK.
 */
import { cultureOf, localeOfCulture, localeOfTag, type Locale } from '@retter-shared/BeanBloomKit/i18n/locales'
import { splitLocalePath } from '@/lib/i18n/paths'

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
  if (!locale && page?.pathname) locale = splitLocalePath(page.pathname).locale
  if (!locale || locale === localeOfCulture(configured)) return configured
  return cultureOf(locale)
}

/** The language of the page this script runs in; none outside a browser. */
export function currentPage(): PageLanguage | undefined {
  if (typeof document === 'undefined') return undefined
  return { lang: document.documentElement.lang, pathname: typeof window === 'undefined' ? undefined : window.location.pathname }
}
