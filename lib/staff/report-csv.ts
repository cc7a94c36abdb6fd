/**
 * A month's report as CSV files for finance: its figures (one row per figure, money in cents and
 * in euros, each plan and each cancellation reason on a row of its own), and its cohort table. The
 * cells are defused as the packing list's (a cancellation reason cannot run as a formula); headers
 * and figure names stay English, like the roastery's other files (decision 0031).
 */
import type { MonthReport } from '@retter-shared/BeanBloomSubscription/reports'
import { csvCell } from '@/lib/roastery/csv'

function csv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return '\uFEFF' + rows.map((cells) => cells.map((cell) => csvCell(String(cell))).join(',')).join('\r\n') + '\r\n'
}

/** Cents as euros with two decimals and a point ("8667" → "86.67"), as spreadsheets read them everywhere. */
function euros(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** The month's figures: Month, Figure, Detail, Value. */
export function reportCsv(report: MonthReport): string {
  const rows: Array<Array<string | number>> = [['Month', 'Figure', 'Detail', 'Value']]
  const row = (figure: string, detail: string, value: string | number) => rows.push([report.month, figure, detail, value])
  row('Active subscriptions', '', report.activeSubscriptions)
  for (const plan of Object.keys(report.activeByPlan).sort()) row('Active subscriptions', plan, report.activeByPlan[plan] as number)
  row('Paused subscriptions', '', report.pausedSubscriptions)
  row('New subscriptions', '', report.newSubscriptions)
  row('Cancelled subscriptions', '', report.cancelledSubscriptions)
  for (const reason of Object.keys(report.cancelReasons).sort()) row('Cancelled subscriptions', reason || '(no reason given)', report.cancelReasons[reason] as number)
  row('MRR (cents)', '', report.mrrCents)
  row('MRR (EUR)', '', euros(report.mrrCents))
  row('Collected (cents)', '', report.collectedCents)
  row('Refunded (cents)', '', report.refundedCents)
  row('Churn rate', '', report.churnRate.toFixed(4))
  return csv(rows)
}

/** The cohort table: Started, Customers, then the share still subscribed at the end of each month after (0 = the start month). */
export function cohortsCsv(report: MonthReport): string {
  const starts = Object.keys(report.cohorts).sort()
  const widest = starts.reduce((most, start) => Math.max(most, (report.cohorts[start] as { subscribed: number[] }).subscribed.length), 0)
  const rows: Array<Array<string | number>> = [['Started', 'Customers', ...Array.from({ length: widest }, (_, k) => `Month ${k}`)]]
  for (const start of starts) {
    const cohort = report.cohorts[start] as { customers: number; subscribed: number[] }
    rows.push([start, cohort.customers, ...cohort.subscribed.map((n) => (cohort.customers > 0 ? (n / cohort.customers).toFixed(4) : ''))])
  }
  return csv(rows)
}
