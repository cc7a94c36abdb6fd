/**
 * Money as every reader sees it, one rule for the classes (e-mails, receipts, refusals) and the app
 * (pages): an amount is an integer number of minor units (cents), and its text always carries the
 * currency's minor digits and no thousands separator: "€20.00", "-€4.50", "€1234.56". So a payment
 * never reads "€20" on a page and "€20.00" in its e-mail. Pure (no Node, no RDK): the app imports it
 * as `@retter-shared/BeanBloomKit/money`.
 */

/** The classes' locale: euros written the Irish-English way, "€20.00". */
export const MONEY_LOCALE = 'en-IE'

// Building an Intl formatter is costly (locale data; the plan cards format during hydration), and
// a formatter is immutable: one per locale and currency serves every call.
const formats: { [key: string]: { format: Intl.NumberFormat; digits: number } } = {}

function formatFor(currency: string, locale: string | undefined): { format: Intl.NumberFormat; digits: number } {
  const key = (locale || '') + '\u0000' + currency
  let made = formats[key]
  if (!made) {
    // The currency's own minor digits (two for EUR, none for JPY), always all of them.
    const own = new Intl.NumberFormat(locale, { style: 'currency', currency: currency }).resolvedOptions().maximumFractionDigits
    const digits = typeof own === 'number' ? own : 2
    made = {
      format: new Intl.NumberFormat(locale, {
        style: 'currency', currency: currency, minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false,
      }),
      digits: digits,
    }
    formats[key] = made
  }
  return made
}

/**
 * An amount of minor units as text: "€20.00", "-€4.50" (a fraction of a cent is rounded; never "-€0.00").
 * @param amountMinor integer amount in minor units, e.g. 1250 for 12.50
 * @param currency ISO 4217 code; euros unless said
 * @param locale BCP 47 locale for the symbol and the decimal mark ("12,50 €" in de-DE); undefined
 *   means the runtime's (the browser's on a page); the classes write MONEY_LOCALE
 */
export function moneyText(amountMinor: number, currency?: string, locale?: string): string {
  const code = currency || 'EUR'
  const rounded = Math.round(amountMinor) === 0 ? 0 : Math.round(amountMinor)
  const made = formatFor(code, locale)
  return made.format.format(rounded / Math.pow(10, made.digits))
}

/** Integer euro cents as the classes write them: "€20.00", "-€4.50", "€1234.56". */
export function euros(amountCents: number): string {
  return moneyText(amountCents, 'EUR', MONEY_LOCALE)
}
