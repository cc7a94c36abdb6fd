/**
 * The customer's language for e-mails and receipts: the request that stores it on their Account
 * (`Account.setLocale`), and the six languages as the customer picks them, each by its own name.
 */
import { LOCALES, type Locale } from '@retter-shared/BeanBloomKit/i18n/locales'
import type { RioCloudObject } from '@/lib/rio/client-types'
import { guarded } from '@/lib/rio/errors/map'

export { LOCALES, type Locale }

/**
 * Each language by its own name, as a reader of that language looks for it (never translated: a
 * customer who cannot read the page's language still finds their own).
 */
export const LANGUAGE_NAMES: { readonly [locale in Locale]: string } = {
  en: 'English', de: 'Deutsch', fr: 'Français', nl: 'Nederlands', it: 'Italiano', es: 'Español',
}

/**
 * Calls Account.setLocale: the Account writes to the customer in `locale` from the next e-mail on.
 * Rejects with an AppError (400 UNKNOWN_LOCALE for a language the shop does not write in).
 */
export async function saveLocale(account: Pick<RioCloudObject, 'call'>, locale: Locale): Promise<void> {
  await guarded(() => account.call({ method: 'setLocale', body: { locale } }))
}
