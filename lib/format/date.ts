import { dateTimeFormat } from './intl-cache'

/**
 * An ISO 8601 date or date-time ("2026-11-21" or "2026-11-21T17:30:00.000Z"); plain numbers and
 * free text are not dates even when Date.parse would accept them.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** True when the value is an ISO 8601 date(-time) string that names a real instant. */
export function isIsoDateString(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
}

/**
 * Formats an ISO date(-time) for the user's locale: "21 Nov 2026, 17:30" (time only when the
 * input had one). Returns the input unchanged when it is not a valid date, so nothing is lost.
 * @param iso ISO 8601 string
 * @param locale BCP 47 locale; undefined means the browser's
 */
export function formatDateTime(iso: string, locale?: string): string {
  if (!isIsoDateString(iso)) return iso
  const hasTime = iso.length > 10
  const options: Intl.DateTimeFormatOptions = hasTime
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium', timeZone: 'UTC' }
  return dateTimeFormat(locale, options).format(new Date(iso))
}

/** Formats an ISO date as a date only ("21 Nov 2026"), for "member since"-style fields. */
export function formatDate(iso: string, locale?: string): string {
  if (!isIsoDateString(iso)) return iso
  return dateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso))
}

/**
 * A delivery day ("Thu 3 Dec" in en-GB): weekday, day and month, read in UTC because delivery days
 * are stored as UTC midnights (so no time zone moves them to the day before).
 */
export function formatDeliveryDay(iso: string, locale?: string): string {
  if (!isIsoDateString(iso)) return iso
  return dateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(iso))
}
