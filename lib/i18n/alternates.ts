import { DEFAULT_LOCALE, LOCALES, type Locale } from '@retter-shared/BeanBloomKit/i18n/locales'
import { localePath } from './paths'

export interface AlternateLinks {
  /** This language's address of the page. */
  canonical: string
  /** Every language's address, and `x-default` (English, the root) for any other. */
  languages: { hrefLang: string; href: string }[]
}

/**
 * The canonical and `hreflang` addresses of a page, for search engines: absolute under `appUrl`
 * (the shop's public origin) when it is set, else root-relative. `null` for a page whose address
 * holds a parameter (a receipt): it is private and has no language twin to name.
 * @param page the page's route as Next names it ("/", "/sign-in", "/account/receipts/[number]")
 */
export function alternateLinks(page: string, locale: Locale, appUrl: string | undefined): AlternateLinks | null {
  if (page.includes('[') || page.startsWith('/_') || page === '/404') return null
  const origin = (appUrl ?? '').trim().replace(/\/+$/, '')
  const at = (language: Locale) => `${origin}${localePath(language, page)}`
  return {
    canonical: at(locale),
    languages: [
      ...LOCALES.map((language) => ({ hrefLang: language, href: at(language) })),
      { hrefLang: 'x-default', href: at(DEFAULT_LOCALE) },
    ],
  }
}
