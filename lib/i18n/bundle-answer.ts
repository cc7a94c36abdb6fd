/**
 * What `/api/messages?bundle=…&locale=…` answers: a bundle's words in a language the shop speaks,
 * compiled as a page's are, or a specific refusal. One function for the route and the tests' mocked
 * server, so both answer alike.
 */
import { LOCALES, isLocale } from '@retter-shared/BeanBloomKit/i18n/locales'
import { MESSAGE_BUNDLES, type MessageBundle } from './bundles'
import { bundleMessages } from './page-messages'
import type { PageMessages } from './types'

export type BundleAnswer =
  | { status: 200; body: PageMessages['messages'] }
  | { status: 400 | 404; body: { error: string } }

/** Answers already compiled, by bundle and language: a dozen at most, the same for every request. */
const compiled = new Map<string, PageMessages['messages']>()

function isBundle(value: unknown): value is MessageBundle {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MESSAGE_BUNDLES, value)
}

/** The answer to a request for `bundle` in `locale` (each as the query gave it). */
export function bundleAnswer(bundle: unknown, locale: unknown): BundleAnswer {
  if (!isBundle(bundle)) {
    return { status: 404, body: { error: `No bundle of messages is called ${JSON.stringify(bundle ?? '')}; there are: ${Object.keys(MESSAGE_BUNDLES).join(', ')}.` } }
  }
  if (!isLocale(locale)) {
    return { status: 400, body: { error: `${JSON.stringify(locale ?? '')} is not a language the shop speaks; it speaks: ${LOCALES.join(', ')}.` } }
  }
  const key = `${bundle}:${locale}`
  let body = compiled.get(key)
  if (!body) {
    body = bundleMessages(locale, MESSAGE_BUNDLES[bundle])
    compiled.set(key, body)
  }
  return { status: 200, body }
}
