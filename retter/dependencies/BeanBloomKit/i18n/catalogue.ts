/**
 * A catalogue: every text a person reads, by key, in each of the shop's languages, written in the
 * message format of message.ts. English is complete and the fallback: a key another language lacks
 * is written in English rather than shown as its key. `catalogueProblems` is what the tests hold
 * every catalogue to, so a fallback never happens in the shop. Pure (no Node, no RDK).
 */
import { DEFAULT_LOCALE, Locale, LOCALES } from './locales'
import { checkMessage, formatMessage, messageArguments, MessageValues } from './message'

/** One language's messages by key. */
export type Messages = { readonly [key: string]: string }
/** Every language's messages; English holds every key. */
export type Catalogue = { readonly [locale in Locale]: Messages }

function own(messages: Messages, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : undefined
}

/**
 * The text of `key` in `locale` with `values`, in English when the language lacks it.
 * @throws Error naming the key when not even English has it (a programming error, caught by the tests)
 */
export function translate(catalogue: Catalogue, locale: Locale, key: string, values?: MessageValues): string {
  const own_ = own(catalogue[locale], key)
  if (own_ !== undefined) return formatMessage(own_, locale, values)
  const fallback = own(catalogue[DEFAULT_LOCALE], key)
  if (fallback === undefined) throw new Error('No message "' + key + '" in the catalogue')
  return formatMessage(fallback, DEFAULT_LOCALE, values)
}

/**
 * What is wrong with a catalogue, one line each: a message outside the format, a key a language
 * lacks or English does not know, a language asking for other values than English (a translation
 * that drops `{date}` or invents `{day}`), or a text left in English. Empty when all is well.
 * @param sameAsEnglish keys whose text may read the same in a language as in English ("OK", a brand)
 */
export function catalogueProblems(catalogue: Catalogue, sameAsEnglish: ReadonlyArray<string> = []): string[] {
  const problems: string[] = []
  const english = catalogue[DEFAULT_LOCALE]
  const argumentsOf = function (locale: Locale, key: string, message: string): string[] | undefined {
    try {
      checkMessage(message)
      return messageArguments(message).slice().sort()
    } catch (err) {
      problems.push(locale + ' ' + key + ': ' + (err instanceof Error ? err.message : String(err)))
      return undefined
    }
  }
  for (let i = 0; i < LOCALES.length; i++) {
    const locale = LOCALES[i] as Locale
    const messages = catalogue[locale]
    for (const key in messages) {
      if (!Object.prototype.hasOwnProperty.call(messages, key)) continue
      if (own(english, key) === undefined) problems.push(locale + ' ' + key + ': not an English key')
    }
    for (const key in english) {
      if (!Object.prototype.hasOwnProperty.call(english, key)) continue
      const message = own(messages, key)
      if (message === undefined) {
        problems.push(locale + ' ' + key + ': missing')
        continue
      }
      const theirs = argumentsOf(locale, key, message)
      if (locale === DEFAULT_LOCALE) continue
      const ours = argumentsOf(DEFAULT_LOCALE, key, english[key] as string)
      if (theirs && ours && theirs.join(',') !== ours.join(',')) {
        problems.push(locale + ' ' + key + ': values {' + theirs.join(', ') + '} where English has {' + ours.join(', ') + '}')
      }
      if (message === english[key] && sameAsEnglish.indexOf(key) < 0 && /[A-Za-z]{3}/.test(message)) {
        problems.push(locale + ' ' + key + ': still the English text')
      }
    }
  }
  return problems
}
