/**
 * How a visitor's or customer's language is told: from the browser's Accept-Language on a first
 * visit, from the SDK's `culture` parameter (the specification's `culture`, default `en-us`) on a
 * call. Pure (no Node, no RDK).
 */
import { DEFAULT_LOCALE, isLocale, Locale } from './locales'

/** The culture each language travels as in the SDK's calls (language-region, lower case). */
const CULTURES: { [locale in Locale]: string } = { en: 'en-us', de: 'de-de', fr: 'fr-fr', nl: 'nl-nl', it: 'it-it', es: 'es-es' }

/** The shop's language of a BCP 47 tag ("de-AT" → de, "pt-BR" → none), by its primary subtag. */
export function localeOfTag(tag: string): Locale | undefined {
  const primary = tag.trim().split(/[-_]/)[0]
  const lower = primary ? primary.toLowerCase() : ''
  return isLocale(lower) ? lower : undefined
}

/** The culture an SDK call carries for `locale`. */
export function cultureOf(locale: Locale): string {
  return CULTURES[locale]
}

/** The shop's language of a call's culture ("fr-fr", "fr-BE", "fr"); English when it is missing or not one of ours. */
export function localeOfCulture(culture: string | undefined): Locale {
  return (culture && localeOfTag(culture)) || DEFAULT_LOCALE
}

/**
 * The language to answer an Accept-Language header in: the first of the visitor's languages, by
 * weight and then by order, that the shop speaks; `undefined` when none is (the caller keeps its
 * default, so a crawler sending nothing gets English). `q=0` means "not this one".
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined
  const ranges = header.split(',').slice(0, 32)
  let best: Locale | undefined
  let bestWeight = 0
  for (let i = 0; i < ranges.length; i++) {
    const parts = (ranges[i] as string).split(';')
    const locale = localeOfTag(parts[0] || '')
    if (!locale) continue
    let weight = 1
    for (let j = 1; j < parts.length; j++) {
      const param = (parts[j] as string).trim()
      if (param.slice(0, 2).toLowerCase() === 'q=') {
        const q = Number(param.slice(2))
        weight = isFinite(q) && q >= 0 && q <= 1 ? q : 0
      }
    }
    // Strictly greater: of equal weights the earlier range wins, as RFC 9110 leaves to the server.
    if (weight > bestWeight) {
      best = locale
      bestWeight = weight
    }
  }
  return best
}
