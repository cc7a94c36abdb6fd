import type { Locale } from '@retter-shared/BeanBloomKit/i18n/locales'
import type { CompiledMessage, MessageValues } from '@retter-shared/BeanBloomKit/i18n/render'
import type { MessageKey } from '@retter-shared/BeanBloomKit/i18n/messages'

export type { Locale, MessageKey }

/** A page's language and the messages it shows, as its props carry them (`i18n`). */
export interface PageMessages {
  locale: Locale
  messages: { [key: string]: CompiledMessage }
}

/** The page props every page has once it speaks its visitor's language. */
export interface I18nPageProps {
  i18n: PageMessages
}

/**
 * Writes a message of the page's language with its values (contexts/I18nContext's `useT`). It knows
 * its language, for words that come with data rather than from the catalogue (a plan's own words).
 */
export type Translate = ((key: MessageKey, values?: MessageValues) => string) & { readonly locale?: Locale }

/** `key`'s text, or `fallback` when the page was not sent `key` (a plan newer than the catalogue). */
export function translateOr(t: Translate, key: string, fallback: string): string {
  const text = t(key as MessageKey)
  return text === key ? fallback : text
}
