/**
 * The reports a chain runs on (finance, owners), per calendar month: subscriptions active, paused,
 * new and cancelled (with the reasons given), monthly recurring revenue, money collected and
 * refunded, churn, and cohorts by the month customers started. Each customer's facts travel in their
 * directory entry (directory.ts); each shard sums its own customers (`reportPart`) and the Shop adds
 * the shards' parts (`mergeReports`). Pure.
 *
 * What the figures mean:
 * - a subscription's state at a moment replays its lifecycle (starts, plan changes, pauses with their
 *   weeks, resumes, cancellations) up to that moment;
 * - "active" means subscribed and not paused; "paused" is counted apart;
 * - MRR (cents) is, over the subscriptions active at the month's end (now, for the month running),
 *   each one's price per delivery normalised to a month (weekly × 52/12, fortnightly × 26/12,
 *   four-weekly × 13/12), each rounded to the cent, then summed. The price is the plan's list price
 *   at that moment (a subscriber still inside a price notice pays the old one for a few weeks more);
 * - collected is what payments that succeeded in the month brought; refunded what went back in it;
 * - churn is the month's cancellations over the subscriptions active or paused at its start.
 */
import type { DeliveryPayment } from './payments'
import type { DeliveryCadence } from './schedule'
import type { TimelineEntry } from './customer-timeline'

/** One step of a subscription's lifecycle: when, what (Start, Change, Pause, Resume, Cancel), the plan, and the weeks of a pause or the reason of a cancellation. */
export type LifecycleStep = [string, 'S' | 'X' | 'P' | 'R' | 'C', string, (number | string)?]

/** What the reports need of one customer (kept in their directory entry). */
export interface ReportFacts {
  lifecycle: LifecycleStep[]
  /** Cents collected and refunded, by month (`YYYY-MM`). */
  paid: { [month: string]: number }
  refunded: { [month: string]: number }
}

/** A plan as the reports price it: its cadence and its list prices, oldest first. */
export interface ReportPlan {
  delivery: DeliveryCadence
  prices: Array<{ at: string; amount: number }>
}

/** Deliveries a month, by cadence. */
const PER_MONTH: { [cadence in DeliveryCadence]: number } = { weekly: 52 / 12, fortnightly: 26 / 12, fourWeekly: 13 / 12 }

/** Months of a cohort table (the start month and the months after it). */
export const COHORT_MONTHS = 12

const STEP_OF: { [what: string]: LifecycleStep[1] } = { started: 'S', restarted: 'S', changed: 'X', paused: 'P', resumed: 'R', cancelled: 'C' }

/** A customer's report facts from their timeline and payments. */
export function reportFactsOf(timeline: ReadonlyArray<TimelineEntry>, payments: ReadonlyArray<DeliveryPayment>): ReportFacts {
  const lifecycle: LifecycleStep[] = []
  for (const entry of timeline) {
    const kind = STEP_OF[entry.what]
    if (!kind) continue
    const step: LifecycleStep = [entry.at, kind, entry.plan || '']
    if (kind === 'P' && typeof entry.weeks === 'number') step.push(entry.weeks)
    if (kind === 'C' && entry.reason) step.push(entry.reason.slice(0, 100))
    lifecycle.push(step)
  }
  const paid: { [month: string]: number } = {}
  const refunded: { [month: string]: number } = {}
  for (const payment of payments) {
    if (payment.status === 'paid' && payment.paidAt) paid[payment.paidAt.slice(0, 7)] = (paid[payment.paidAt.slice(0, 7)] || 0) + payment.amountCents
    for (const refund of payment.refunds || []) refunded[refund.at.slice(0, 7)] = (refunded[refund.at.slice(0, 7)] || 0) + refund.amountCents
  }
  return { lifecycle: lifecycle, paid: paid, refunded: refunded }
}

export type ReportState = { status: 'none' | 'active' | 'paused' | 'cancelled'; plan: string }

/** The subscription's state just before `atIso`: its lifecycle replayed up to then (a pause ends when its weeks are over). */
export function stateAt(lifecycle: ReadonlyArray<LifecycleStep>, atIso: string): ReportState {
  let state: ReportState = { status: 'none', plan: '' }
  let pausedUntil = ''
  for (const [at, kind, plan, extra] of lifecycle) {
    if (at >= atIso) break
    if (pausedUntil && pausedUntil <= at && state.status === 'paused') state = { status: 'active', plan: state.plan }
    if (kind === 'S') state = { status: 'active', plan: plan }
    else if (kind === 'X' && state.status !== 'none' && state.status !== 'cancelled') state = { status: state.status, plan: plan || state.plan }
    else if (kind === 'P' && state.status === 'active') {
      state = { status: 'paused', plan: state.plan }
      pausedUntil = typeof extra === 'number' ? new Date(Date.parse(at) + extra * 7 * 86_400_000).toISOString() : ''
    } else if (kind === 'R' && state.status === 'paused') state = { status: 'active', plan: state.plan }
    else if (kind === 'C') state = { status: 'cancelled', plan: state.plan }
  }
  if (state.status === 'paused' && pausedUntil && pausedUntil <= atIso) state = { status: 'active', plan: state.plan }
  return state
}

/** A plan's list price just before `atIso` (its first price before that). */
export function listPriceAt(plan: ReportPlan, atIso: string): number {
  let amount = plan.prices.length > 0 ? (plan.prices[0] as { amount: number }).amount : 0
  for (const step of plan.prices) if (step.at < atIso) amount = step.amount
  return amount
}

/** A price per delivery normalised to a month, in whole cents. */
export function monthlyCents(plan: ReportPlan, atIso: string): number {
  return Math.round(listPriceAt(plan, atIso) * PER_MONTH[plan.delivery])
}

/** `YYYY-MM` of the month `offset` months after `month`. */
export function monthAfter(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const d = new Date(Date.UTC(y, m - 1 + offset, 1))
  return d.toISOString().slice(0, 7)
}

/** The first instant of `month` (ISO). */
export function monthStart(month: string): string {
  return month + '-01T00:00:00.000Z'
}

/** True for `YYYY-MM` of a real month. */
export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)
}

/** A month's report (or a shard's part of it). */
export interface MonthReport {
  month: string
  activeSubscriptions: number
  activeByPlan: { [plan: string]: number }
  pausedSubscriptions: number
  newSubscriptions: number
  cancelledSubscriptions: number
  /** Cancellations by the reason given ('' for none). */
  cancelReasons: { [reason: string]: number }
  mrrCents: number
  collectedCents: number
  refundedCents: number
  /** Subscriptions active or paused at the month's start (churn's base). */
  atStart: number
  churnRate: number
  /** By start month: customers who started then, and how many were subscribed (active or paused) at the end of each month after, up to this one. */
  cohorts: { [startMonth: string]: { customers: number; subscribed: number[] } }
}

function emptyReport(month: string): MonthReport {
  return {
    month: month, activeSubscriptions: 0, activeByPlan: {}, pausedSubscriptions: 0, newSubscriptions: 0, cancelledSubscriptions: 0,
    cancelReasons: {}, mrrCents: 0, collectedCents: 0, refundedCents: 0, atStart: 0, churnRate: 0, cohorts: {},
  }
}

function add(counts: { [key: string]: number }, key: string, n: number): void {
  counts[key] = (counts[key] || 0) + n
}

/**
 * The part of `month`'s report that `customers` make, as of `nowIso` (a month running ends now).
 * `plans` prices them (a plan the catalogue lost counts, without revenue).
 */
export function reportPart(customers: ReadonlyArray<ReportFacts>, month: string, nowIso: string, plans: { [id: string]: ReportPlan }): MonthReport {
  const report = emptyReport(month)
  const start = monthStart(month)
  const next = monthStart(monthAfter(month, 1))
  const end = next < nowIso ? next : nowIso
  const firstCohort = monthAfter(month, -(COHORT_MONTHS - 1))
  for (const customer of customers) {
    const lifecycle = customer.lifecycle
    const before = stateAt(lifecycle, start)
    const after = stateAt(lifecycle, end)
    if (before.status === 'active' || before.status === 'paused') report.atStart++
    if (after.status === 'active') {
      report.activeSubscriptions++
      add(report.activeByPlan, after.plan, 1)
      const plan = plans[after.plan]
      if (plan) report.mrrCents += monthlyCents(plan, end)
    } else if (after.status === 'paused') report.pausedSubscriptions++
    let first = ''
    for (const [at, kind, , extra] of lifecycle) {
      if (kind === 'S' && !first) first = at.slice(0, 7)
      if (at < start || at >= end) continue
      if (kind === 'S') report.newSubscriptions++
      if (kind === 'C') {
        report.cancelledSubscriptions++
        add(report.cancelReasons, typeof extra === 'string' ? extra : '', 1)
      }
    }
    report.collectedCents += customer.paid[month] || 0
    report.refundedCents += customer.refunded[month] || 0
    if (first && first >= firstCohort && first <= month) {
      const cohort = report.cohorts[first] || (report.cohorts[first] = { customers: 0, subscribed: [] })
      cohort.customers++
      for (let k = 0; monthAfter(first, k) <= month; k++) {
        const monthEnd = monthStart(monthAfter(first, k + 1))
        const state = stateAt(lifecycle, monthEnd < nowIso ? monthEnd : nowIso)
        cohort.subscribed[k] = (cohort.subscribed[k] || 0) + (state.status === 'active' || state.status === 'paused' ? 1 : 0)
      }
    }
  }
  report.churnRate = report.atStart > 0 ? report.cancelledSubscriptions / report.atStart : 0
  return report
}

/** The shards' parts added into one report. */
export function mergeReports(month: string, parts: ReadonlyArray<MonthReport>): MonthReport {
  const report = emptyReport(month)
  for (const part of parts) {
    report.activeSubscriptions += part.activeSubscriptions
    report.pausedSubscriptions += part.pausedSubscriptions
    report.newSubscriptions += part.newSubscriptions
    report.cancelledSubscriptions += part.cancelledSubscriptions
    report.mrrCents += part.mrrCents
    report.collectedCents += part.collectedCents
    report.refundedCents += part.refundedCents
    report.atStart += part.atStart
    for (const plan in part.activeByPlan) add(report.activeByPlan, plan, part.activeByPlan[plan] as number)
    for (const reason in part.cancelReasons) add(report.cancelReasons, reason, part.cancelReasons[reason] as number)
    for (const start in part.cohorts) {
      const theirs = part.cohorts[start] as { customers: number; subscribed: number[] }
      const ours = report.cohorts[start] || (report.cohorts[start] = { customers: 0, subscribed: [] })
      ours.customers += theirs.customers
      theirs.subscribed.forEach(function (n, k) { ours.subscribed[k] = (ours.subscribed[k] || 0) + n })
    }
  }
  report.churnRate = report.atStart > 0 ? report.cancelledSubscriptions / report.atStart : 0
  return report
}
