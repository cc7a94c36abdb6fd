/**
 * How long a delivery's name and postal address are kept once its day has passed: on the day's
 * board (the Roastery class purges them) and, for a deleted account's delivery that still shipped,
 * in that Account's record of it (the Account purges it). Long enough for a customer to report a
 * lost or damaged parcel and for staff to trace it with the carrier and refund it; the money
 * (payment, receipt, refunds, credit notes) stays on the board for the money view.
 */
export const PERSONAL_DATA_KEPT_DAYS = 90

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The last `YYYY-MM-DD` whose names and addresses are kept at `nowMs`: days before it are past
 * their retention (a day is kept through the PERSONAL_DATA_KEPT_DAYS days after it).
 */
export function oldestKeptDay(nowMs: number): string {
  const today = Date.UTC(new Date(nowMs).getUTCFullYear(), new Date(nowMs).getUTCMonth(), new Date(nowMs).getUTCDate())
  return new Date(today - PERSONAL_DATA_KEPT_DAYS * DAY_MS).toISOString().slice(0, 10)
}

/** The `YYYY-MM-DD` through which a delivery of `day` (`YYYY-MM-DD…`) keeps its name and address. */
export function keptThrough(day: string): string {
  return new Date(Date.parse(day.slice(0, 10) + 'T00:00:00.000Z') + PERSONAL_DATA_KEPT_DAYS * DAY_MS).toISOString().slice(0, 10)
}
