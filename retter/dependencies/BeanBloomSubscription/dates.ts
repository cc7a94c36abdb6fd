/**
 * The one way we write a date or a time, on the pages, in the e-mails, on receipts and on the
 * roastery's boards, as a European reads it: the weekday, the day, then the month and the year
 * ("Wednesday 25 November 2026" in full, "Wed 25 Nov 2026" short), and times on the 24-hour
 * clock ("17:30"). Delivery days are UTC days, so a day is named by its UTC calendar day; an
 * instant shown with its time is shown in the reader's time zone. The words are spelled out here
 * rather than left to Intl, whose wording (commas, abbreviations, the order of day and month)
 * varies with the locale and the ICU data of the runtime, so the server and a browser write the
 * same. Intl is used only to find the wall-clock time of an instant in a time zone.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** A calendar day and a wall-clock time, as read in some time zone. */
interface WallClock {
  year: number
  /** 0 = January. */
  month: number
  day: number
  weekday: number
  hour: number
  minute: number
}

function instantOf(iso: string, caller: string): Date {
  const d = new Date(iso)
  if (isNaN(d.getTime())) throw new RangeError(caller + ': "' + iso + '" is not a date')
  return d
}

function utcClock(d: Date): WallClock {
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay(), hour: d.getUTCHours(), minute: d.getUTCMinutes() }
}

/** One numeric formatter per time zone (building one is costly). */
const zoneFormats: { [zone: string]: Intl.DateTimeFormat } = {}

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats[timeZone]
  if (!format) {
    // hourCycle h23: midnight is 00, never 24 (some ICU versions write 24 with hour12: false).
    const options = { timeZone: timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }
    try {
      format = new Intl.DateTimeFormat('en-GB', options as Intl.DateTimeFormatOptions)
    } catch (err) {
      throw new RangeError('"' + timeZone + '" is not a time zone: ' + (err instanceof Error ? err.message : String(err)))
    }
    zoneFormats[timeZone] = format
  }
  return format
}

/** The wall clock of `d` in `timeZone` (an IANA name such as "Europe/Berlin"; UTC when none). */
function clockIn(d: Date, timeZone: string | undefined): WallClock {
  if (!timeZone || timeZone === 'UTC') return utcClock(d)
  const parts: { [type: string]: number } = {}
  for (const part of zoneFormat(timeZone).formatToParts(d)) {
    if (part.type !== 'literal') parts[part.type] = parseInt(part.value, 10)
  }
  const year = parts.year as number
  const month = (parts.month as number) - 1
  const day = parts.day as number
  return { year: year, month: month, day: day, weekday: new Date(Date.UTC(year, month, day)).getUTCDay(), hour: (parts.hour as number) % 24, minute: parts.minute as number }
}

function twoDigits(n: number): string {
  return (n < 10 ? '0' : '') + n
}

function shortOf(c: WallClock): string {
  return (WEEKDAYS[c.weekday] as string).slice(0, 3) + ' ' + c.day + ' ' + (MONTHS[c.month] as string).slice(0, 3) + ' ' + c.year
}

/**
 * "Wednesday 25 November 2026" for an ISO day or instant (its UTC day): e-mails and documents.
 * Throws a RangeError naming the input when it is not a date.
 */
export function customerDate(iso: string): string {
  const c = utcClock(instantOf(iso, 'customerDate'))
  return WEEKDAYS[c.weekday] + ' ' + c.day + ' ' + MONTHS[c.month] + ' ' + c.year
}

/**
 * "Wed 25 Nov 2026" for an ISO day or instant: its UTC day (delivery days are UTC midnights), or
 * its day in `timeZone` when one is given. Pages and boards. Throws a RangeError naming the input
 * when it is not a date, or the zone when it is not one.
 */
export function shortDate(iso: string, timeZone?: string): string {
  return shortOf(clockIn(instantOf(iso, 'shortDate'), timeZone))
}

/**
 * "17:30": the 24-hour wall-clock time of an ISO instant in `timeZone` (UTC when none). Throws a
 * RangeError naming the input when it is not a date, or the zone when it is not one.
 */
export function clockTime(iso: string, timeZone?: string): string {
  const c = clockIn(instantOf(iso, 'clockTime'), timeZone)
  return twoDigits(c.hour) + ':' + twoDigits(c.minute)
}

/**
 * "Wed 25 Nov 2026, 17:30": an ISO instant's day and 24-hour time in `timeZone` (UTC when none),
 * for when something happened (a sign-in, a shipment). Throws a RangeError as shortDate does.
 */
export function shortDateTime(iso: string, timeZone?: string): string {
  const c = clockIn(instantOf(iso, 'shortDateTime'), timeZone)
  return shortOf(c) + ', ' + twoDigits(c.hour) + ':' + twoDigits(c.minute)
}
