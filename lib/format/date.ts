import { clockTime, shortDate, shortDateTime } from '@retter-shared/BeanBloomSubscription/dates'

/**
 * Dates on the pages, written as the e-mails and the roastery write them (one module,
 * BeanBloomSubscription's dates.ts): in the page's language ("Sun 29 Nov 2026", "So., 29. Nov.
 * 2026"), 24-hour times, a time in the customer's own time zone. The words are the module's own,
 * never the runtime's, so a server-rendered page and the browser agree and e-mails match the pages.
 */

/**
 * An ISO 8601 date or date-time ("2026-11-21" or "2026-11-21T17:30:00.000Z"); plain numbers and
 * free text are not dates even when Date.parse would accept them.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** True when the value is an ISO 8601 date(-time) string that names a real instant. */
export function isIsoDateString(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
}

let browserZone: string | undefined

/** The reader's time zone (the browser's; the server's when rendering there), e.g. "Europe/Paris". */
export function readerTimeZone(): string {
  if (browserZone === undefined) browserZone = new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  return browserZone
}

/**
 * "Sat 21 Nov 2026, 17:30" for an instant, in the reader's time zone (or `timeZone`); "Sat 21 Nov
 * 2026" for a date without a time. Returns the input unchanged when it is not a valid date, so
 * nothing is lost.
 * @param iso ISO 8601 string
 * @param timeZone an IANA zone; the reader's when omitted
 * @param locale the page's language (English when omitted)
 */
export function formatDateTime(iso: string, timeZone?: string, locale?: string): string {
  if (!isIsoDateString(iso)) return iso
  return iso.length > 10 ? shortDateTime(iso, timeZone ?? readerTimeZone(), locale) : shortDate(iso, undefined, locale)
}

/** The day of an instant in the reader's time zone ("Sat 21 Nov 2026"), for "member since"-style fields. */
export function formatDate(iso: string, timeZone?: string, locale?: string): string {
  if (!isIsoDateString(iso)) return iso
  return shortDate(iso, iso.length > 10 ? timeZone ?? readerTimeZone() : undefined, locale)
}

/**
 * A delivery day ("Thu 3 Dec 2026"), read in UTC because delivery days are stored as UTC midnights
 * (so no time zone moves them to the day before).
 */
export function formatDeliveryDay(iso: string, locale?: string): string {
  if (!isIsoDateString(iso)) return iso
  return shortDate(iso, undefined, locale)
}

/** "17:30": the 24-hour time of an ISO instant in the reader's time zone (or `timeZone`); '' when it is not a date. */
export function formatClockTime(iso: string, timeZone?: string): string {
  if (!isIsoDateString(iso) || iso.length <= 10) return ''
  return clockTime(iso, timeZone ?? readerTimeZone())
}
