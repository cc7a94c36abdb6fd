/**
 * The languages the shop speaks. How a visitor's or customer's language is told (Accept-Language,
 * the SDK's `culture`) is ./cultures.ts: kept apart so a page's first load, which needs only the
 * list, does not carry it. Pure (no Node, no RDK).
 */

/** Every language of the shop, English first (the default and the fallback of every message). */
export const LOCALES = ['en', 'de', 'fr', 'nl', 'it', 'es'] as const
export type Locale = typeof LOCALES[number]
export const DEFAULT_LOCALE: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as ReadonlyArray<string>).indexOf(value) >= 0
}
