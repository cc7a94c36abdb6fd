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

/**
 * Each language's words and order for a day, as its readers write it by hand and as their
 * newspapers print it: "Wed 25 Nov 2026" / "Wednesday 25 November 2026" in English, "Mi., 25. Nov.
 * 2026" / "Mittwoch, 25. November 2026" in German, and so on.
 */
interface DateWords {
  weekdays: string[]
  months: string[]
  shortWeekdays: string[]
  shortMonths: string[]
  /** The short day: its parts in order. */
  short(weekday: string, day: number, month: string, year: number): string
  /** The day in full. */
  full(weekday: string, day: number, month: string, year: number): string
}

const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const threeLetters = function (words: string[]): string[] {
  return words.map(function (word) { return word.slice(0, 3) })
}

const DATE_WORDS: { [locale: string]: DateWords } = {
  en: {
    weekdays: EN_WEEKDAYS, months: EN_MONTHS, shortWeekdays: threeLetters(EN_WEEKDAYS), shortMonths: threeLetters(EN_MONTHS),
    short: function (w, d, m, y) { return w + ' ' + d + ' ' + m + ' ' + y },
    full: function (w, d, m, y) { return w + ' ' + d + ' ' + m + ' ' + y },
  },
  de: {
    weekdays: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    shortWeekdays: ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'],
    shortMonths: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
    short: function (w, d, m, y) { return w + ', ' + d + '. ' + m + ' ' + y },
    full: function (w, d, m, y) { return w + ', ' + d + '. ' + m + ' ' + y },
  },
  fr: {
    weekdays: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    shortWeekdays: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
    shortMonths: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    short: function (w, d, m, y) { return w + ' ' + (d === 1 ? '1er' : d) + ' ' + m + ' ' + y },
    full: function (w, d, m, y) { return w + ' ' + (d === 1 ? '1er' : d) + ' ' + m + ' ' + y },
  },
  nl: {
    weekdays: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
    months: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
    shortWeekdays: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'],
    shortMonths: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
    short: function (w, d, m, y) { return w + ' ' + d + ' ' + m + ' ' + y },
    full: function (w, d, m, y) { return w + ' ' + d + ' ' + m + ' ' + y },
  },
  it: {
    weekdays: ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'],
    months: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
    shortWeekdays: ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'],
    shortMonths: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
    short: function (w, d, m, y) { return w + ' ' + d + ' ' + m + ' ' + y },
    full: function (w, d, m, y) { return w + ' ' + d + ' ' + m + ' ' + y },
  },
  es: {
    weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    shortWeekdays: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
    shortMonths: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
    short: function (w, d, m, y) { return w + ', ' + d + ' ' + m + ' ' + y },
    full: function (w, d, m, y) { return w + ', ' + d + ' de ' + m + ' de ' + y },
  },
}

/** The words of `locale` ("de", "fr-BE" → fr); English for any other. */
function wordsOf(locale: string | undefined): DateWords {
  // Not a string (a formatter passed to Array.map gets the index here): English, as without one.
  const language = (typeof locale === 'string' && locale ? locale : 'en').split(/[-_]/)[0] as string
  return DATE_WORDS[language.toLowerCase()] || (DATE_WORDS.en as DateWords)
}

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

function shortOf(c: WallClock, locale: string | undefined): string {
  const words = wordsOf(locale)
  return words.short(words.shortWeekdays[c.weekday] as string, c.day, words.shortMonths[c.month] as string, c.year)
}

/**
 * "Wednesday 25 November 2026" for an ISO day or instant (its UTC day), in `locale`'s words
 * (English when none): e-mails and documents.
 * Throws a RangeError naming the input when it is not a date.
 */
export function customerDate(iso: string, locale?: string): string {
  const c = utcClock(instantOf(iso, 'customerDate'))
  const words = wordsOf(locale)
  return words.full(words.weekdays[c.weekday] as string, c.day, words.months[c.month] as string, c.year)
}

/** The name of a day of the week (0 is Sunday, as `Date#getUTCDay`) in `locale`'s words: "Friday", "Freitag", "vendredi". */
export function weekdayWord(dayOfWeek: number, locale?: string): string {
  return wordsOf(locale).weekdays[((dayOfWeek % 7) + 7) % 7] as string
}

/**
 * "Wed 25 Nov 2026" for an ISO day or instant: its UTC day (delivery days are UTC midnights), or
 * its day in `timeZone` when one is given, in `locale`'s words. Pages and boards. Throws a RangeError naming the input
 * when it is not a date, or the zone when it is not one.
 */
export function shortDate(iso: string, timeZone?: string, locale?: string): string {
  return shortOf(clockIn(instantOf(iso, 'shortDate'), timeZone), locale)
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
export function shortDateTime(iso: string, timeZone?: string, locale?: string): string {
  const c = clockIn(instantOf(iso, 'shortDateTime'), timeZone)
  return shortOf(c, locale) + ', ' + twoDigits(c.hour) + ':' + twoDigits(c.minute)
}

/**
 * The ISO day an English customerDate names ("Friday 4 December 2026" → "2026-12-04T00:00:00.000Z"),
 * or undefined when the text is not one customerDate writes.
 */
export function dayOfCustomerDate(text: string): string | undefined {
  const parts = /^[A-Z][a-z]+ (\d{1,2}) ([A-Z][a-z]+) (\d{4})$/.exec(text)
  if (!parts) return undefined
  const month = EN_MONTHS.indexOf(parts[2] as string)
  if (month < 0) return undefined
  const iso = new Date(Date.UTC(Number(parts[3]), month, Number(parts[1]))).toISOString()
  return customerDate(iso) === text ? iso : undefined
}

/**
 * The ISO day an English short date names ("Mon 30 Nov 2026" → "2026-11-30T00:00:00.000Z"), or
 * undefined when the text is not one shortDate writes: how a refusal worded in English with a day
 * is worded again in another language.
 */
export function dayOfShortDate(text: string): string | undefined {
  const parts = /^[A-Z][a-z]{2} (\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(text)
  if (!parts) return undefined
  const month = threeLetters(EN_MONTHS).indexOf(parts[2] as string)
  if (month < 0) return undefined
  const iso = new Date(Date.UTC(Number(parts[3]), month, Number(parts[1]))).toISOString()
  return shortDate(iso) === text ? iso : undefined
}
