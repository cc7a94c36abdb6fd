/**
 * The one way a customer reads a date in what we send them (e-mails, messages): the weekday, the
 * day, then the month and the year, in words ("Wednesday 25 November 2026"). Delivery days are UTC
 * days, so the UTC calendar day is the one named. Spelled out here rather than left to Intl, whose
 * wording (commas, abbreviations) varies with the ICU data of the runtime.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * "Wednesday 25 November 2026" for an ISO day or instant (its UTC day).
 * Throws a RangeError naming the input when it is not a date.
 */
export function customerDate(iso: string): string {
  const d = new Date(iso)
  if (isNaN(d.getTime())) throw new RangeError('customerDate: "' + iso + '" is not a date')
  return WEEKDAYS[d.getUTCDay()] + ' ' + d.getUTCDate() + ' ' + MONTHS[d.getUTCMonth()] + ' ' + d.getUTCFullYear()
}
