/**
 * A first visit to `/` in the visitor's language. Next's i18n routing serves each language at its
 * prefix (`/de`, `/fr/sign-in`); this sends a browser that arrives at the root to its own
 * language: the one chosen before (the NEXT_LOCALE cookie the language switcher writes), else the
 * first of its Accept-Language the shop speaks, matched by language so "de-AT" alone is German
 * (Next's own detection matches exact tags only). Only `/` is ever redirected, never a prefixed
 * address, so a crawler (which sends no Accept-Language) cannot loop; the answer varies by both
 * headers so a cache keeps one per language.
 */
import { NextResponse, type NextRequest } from 'next/server'
import { localeFromAcceptLanguage } from '@retter-shared/BeanBloomKit/i18n/cultures'
import { DEFAULT_LOCALE, isLocale } from '@retter-shared/BeanBloomKit/i18n/locales'

const VARY = 'Accept-Language, Cookie'

export function proxy(request: NextRequest): NextResponse {
  // `/en` reaches here as the root: it is the root's second address.
  if (new URL(request.url).pathname !== '/') return NextResponse.next()
  const chosen = request.cookies.get('NEXT_LOCALE')?.value
  const locale = isLocale(chosen) ? chosen : localeFromAcceptLanguage(request.headers.get('accept-language') ?? undefined)
  const response = locale && locale !== DEFAULT_LOCALE
    ? NextResponse.redirect(new URL(`/${locale}${request.nextUrl.search}`, request.url), 307)
    : NextResponse.next()
  response.headers.set('Vary', VARY)
  return response
}

// The root only, as Next sees it inside (`/en`, the default language's prefix). A matcher of `/`
// would also match `/de`, `/fr`… in the browser's copy of the matchers, and Next's client then
// fetches such a page's data again after hydration to apply the proxy (a second render of the
// whole page), for a proxy that lets those pages through anyway.
export const config = { matcher: [{ source: '/en', locale: false }] }
