/**
 * Which delivery days the roastery works on: delivery days are UTC days, so "today" is the UTC day,
 * whatever the bench's time zone.
 */
const DAY_MS = 24 * 60 * 60 * 1000

/** How many days the roastery page shows, today first. */
export const ROASTERY_DAYS = 7

/**
 * The `YYYY-MM-DD` ids of `count` delivery days from the UTC day of `nowMs`.
 * @param nowMs epoch milliseconds
 */
export function deliveryDays(nowMs: number, count: number = ROASTERY_DAYS): string[] {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS
  return Array.from({ length: count }, (_, i) => new Date(today + i * DAY_MS).toISOString().slice(0, 10))
}

/** Milliseconds from `nowMs` until the next UTC day starts (when the page moves on a day). */
export function msUntilNextDay(nowMs: number): number {
  return DAY_MS - (((nowMs % DAY_MS) + DAY_MS) % DAY_MS)
}

/** The ISO midnight of a `YYYY-MM-DD` day, for the app's date formatting. */
export function dayIso(day: string): string {
  return `${day}T00:00:00.000Z`
}
