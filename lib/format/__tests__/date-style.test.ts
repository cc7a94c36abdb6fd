/**
 * One date style on the pages, in the e-mails and on the boards (BeanBloomSubscription's dates.ts,
 * which lib/format/date.ts writes through): the day before the month, 24-hour times, a time in
 * the reader's time zone.
 */
import fc from 'fast-check'
import { clockTime, customerDate, shortDate, shortDateTime } from '@retter-shared/BeanBloomSubscription/dates'
import { formatClockTime, formatDate, formatDateTime, formatDeliveryDay } from '@/lib/format/date'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const ZONES = ['UTC', 'Europe/Lisbon', 'Europe/London', 'Europe/Dublin', 'Europe/Paris', 'Europe/Berlin', 'Europe/Athens', 'Europe/Helsinki', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']

/** Any instant from 1990 to 2100, to the minute. */
const instant = fc.integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }).map((minutes) => new Date(minutes * 60_000).toISOString())

const SHORT = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4})(?:, ([01]\d|2[0-3]):([0-5]\d))?$/

/** The wall clock a short date(-time) names, read back as if it were UTC (epoch ms). */
function readBack(text: string): { ms: number; weekday: string } {
  const m = SHORT.exec(text)
  if (!m) throw new Error(`"${text}" is not weekday, day, month, year[, HH:MM]`)
  const [, weekday, day, month, year, hour = '0', minute = '0'] = m
  return { ms: Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), Number(hour), Number(minute)), weekday: weekday! }
}

test('every date and time is written weekday, day, month, year, then a 24-hour time; it names the instant in the zone asked for', () => {
  fc.assert(fc.property(instant, fc.constantFrom(...ZONES), (iso, zone) => {
    const written = shortDateTime(iso, zone)
    expect(written).not.toMatch(/AM|PM|am|pm/)
    const { ms, weekday } = readBack(written)
    // The wall clock differs from the instant by the zone's offset: whole quarter hours, at most 14 hours.
    const offset = ms - Date.parse(iso)
    expect(Math.abs(offset)).toBeLessThanOrEqual(14 * 3_600_000)
    expect(Math.abs(offset % (15 * 60_000))).toBe(0)
    expect(weekday).toBe(WEEKDAYS[new Date(ms).getUTCDay()])
    if (zone === 'UTC') expect(offset).toBe(0)
    expect(written.startsWith(shortDate(iso, zone) + ', ')).toBe(true)
    expect(written.endsWith(', ' + clockTime(iso, zone))).toBe(true)
  }))
})

test('a delivery day is its UTC day on every page and in every e-mail, the day before the month in both', () => {
  fc.assert(fc.property(instant, (iso) => {
    const day = iso.slice(0, 10)
    const utc = new Date(`${day}T00:00:00.000Z`)
    const page = formatDeliveryDay(`${day}T00:00:00.000Z`)
    expect(page).toBe(`${WEEKDAYS[utc.getUTCDay()]} ${utc.getUTCDate()} ${MONTHS[utc.getUTCMonth()]} ${utc.getUTCFullYear()}`)
    expect(formatDeliveryDay(day)).toBe(page)
    const mail = customerDate(day)
    expect(mail).toMatch(new RegExp(`^[A-Z][a-z]+day ${utc.getUTCDate()} ${LONG_MONTHS[utc.getUTCMonth()]} ${utc.getUTCFullYear()}$`))
    expect(mail.slice(0, 3) + ' ' + mail.split(' ').slice(1).map((w, i) => (i === 1 ? w.slice(0, 3) : w)).join(' ')).toBe(page)
  }))
})

test('the pages\' helpers write the same style, in the reader\'s zone for instants', () => {
  fc.assert(fc.property(instant, fc.constantFrom(...ZONES), (iso, zone) => {
    expect(formatDateTime(iso, zone)).toBe(shortDateTime(iso, zone))
    expect(formatDate(iso, zone)).toBe(shortDate(iso, zone))
    expect(formatClockTime(iso, zone)).toBe(clockTime(iso, zone))
  }))
  expect(formatClockTime('2026-11-29')).toBe('')
})

test('midnight is 00:00 and the hour after noon 13, never 24 or 1 PM', () => {
  expect(shortDateTime('2026-11-28T23:00:00.000Z', 'Europe/Berlin')).toBe('Sun 29 Nov 2026, 00:00')
  expect(clockTime('2026-06-29T11:15:00.000Z', 'Europe/Paris')).toBe('13:15')
  expect(shortDateTime('2026-03-29T00:59:00.000Z', 'Europe/London')).toBe('Sun 29 Mar 2026, 00:59')
  expect(shortDateTime('2026-03-29T01:00:00.000Z', 'Europe/London')).toBe('Sun 29 Mar 2026, 02:00')
})

test('what is not a date or a zone is refused with a message naming it', () => {
  expect(() => shortDate('soon')).toThrow('shortDate: "soon" is not a date')
  expect(() => customerDate('')).toThrow('customerDate: "" is not a date')
  expect(() => clockTime('2026-11-29T10:00:00Z', 'Mars/Olympus')).toThrow('"Mars/Olympus" is not a time zone')
})
