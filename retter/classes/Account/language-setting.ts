/**
 * `setLocale`: the customer chooses the language the Account writes to them in (e-mails, receipts,
 * credit notes), whatever language the page or device they call from speaks. Not a change of the
 * subscription: no history entry, no e-mail, not counted against the hourly change cap.
 */
import { refuse, respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { isLocale, LOCALES } from 'BeanBloomKit/i18n/locales'
import { callLocale, wordsIn } from './language'
import { current, store } from './subscription/customer-view'

/**
 * WRITE (owner): stores `locale`, one of the shop's languages (400 UNKNOWN_LOCALE for any other,
 * nothing stored), and answers the customer's state with it.
 */
export async function setLocale(data: Data<{ locale: string }>): Promise<Data> {
  const locale = data.request.body ? data.request.body.locale : undefined
  if (!isLocale(locale)) {
    const shown = typeof locale === 'string' ? locale : ''
    return refuse(data, 400, 'UNKNOWN_LOCALE', wordsIn(callLocale(data))('refusals.locale.unknown', { locale: shown, locales: LOCALES.join(', ') }), {
      locales: LOCALES.slice(),
    })
  }
  const view = current(data, Date.now())
  view.locale = locale
  store(data, view)
  respond(data, view)
  return data
}
