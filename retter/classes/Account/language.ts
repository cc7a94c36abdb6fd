/**
 * The customer's language: which of the shop's languages an Account writes to its customer in
 * (e-mails, receipts, credit notes), and which language a call's refusals are worded in. The
 * customer's choice is stored in their user state (`locale`), so every e-mail reads alike whatever
 * device or language the change came from; before it is set (and for the code e-mail, which goes
 * out before anyone has signed in) the call's `culture` decides.
 */
import { Data } from '@retter/rdk'
import { moneyText, MONEY_LOCALE } from 'BeanBloomKit/money'
import { translate } from 'BeanBloomKit/i18n/catalogue'
import { DEFAULT_LOCALE, isLocale, Locale } from 'BeanBloomKit/i18n/locales'
import { localeOfCulture } from 'BeanBloomKit/i18n/cultures'
import { CATALOGUE, MessageKey } from 'BeanBloomKit/i18n/messages'
import { MessageValues } from 'BeanBloomKit/i18n/message'

export type { Locale }

/** A text of the catalogue in one language. */
export type Words = (key: MessageKey, values?: MessageValues) => string

/** The catalogue's words in `locale` (English when none is given). */
export function wordsIn(locale: Locale | undefined): Words {
  const chosen = locale || DEFAULT_LOCALE
  return function (key: MessageKey, values?: MessageValues): string {
    return translate(CATALOGUE, chosen, key, values)
  }
}

/** The language of this call: its `culture` ("de-de" → de), English when it is missing or not one of ours. */
export function callLocale(data: Data): Locale {
  return localeOfCulture(data.context ? data.context.culture : undefined)
}

/** The language stored for the customer, when there is a valid one. */
export function storedLocale(user: { locale?: unknown } | undefined): Locale | undefined {
  return user && isLocale(user.locale) ? user.locale : undefined
}

/**
 * Euro cents as the customer reads them: "€20.00" in English (the classes' own rule, BeanBloomKit's
 * `euros`), "20,00 €" in German, French, Italian and Spanish, "€ 20,00" in Dutch.
 */
export function moneyIn(locale: Locale | undefined, amountCents: number, currency?: string): string {
  return moneyText(amountCents, currency || 'EUR', !locale || locale === DEFAULT_LOCALE ? MONEY_LOCALE : locale)
}

/** A path of the app's pages in `locale`: the pages of a language live under its prefix ("/de/account"), English at the root. */
export function pathIn(locale: Locale | undefined, path: string): string {
  return locale && locale !== DEFAULT_LOCALE ? '/' + locale + path : path
}
