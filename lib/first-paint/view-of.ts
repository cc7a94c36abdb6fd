/**
 * What the next load paints for a customer, made from the data the app shows now: the same words
 * (lib/subscription/summary-text.ts) the components render, and the keys that pick which of a
 * static page's variants show (./names.ts).
 */
import type { AccountView, SubscriptionPlan } from '@/lib/contract'
import type { Translate } from '@/lib/i18n/types'
import { softWrapped } from '@/lib/format/wrap'
import { currentPlanText, nextDeliverySummary } from '@/lib/subscription/summary-text'
import { currentPlanId, subscriptionOf } from '@/lib/subscription/view'
import { startOfUtcDay } from '@retter-shared/BeanBloomSubscription/schedule'
import { CUSTOMER_VIEW_VERSION, MAX_PERIODS, type CustomerView, type ViewPeriod } from '@/lib/first-paint/customer-view'
import type { FirstPaintFlag, FirstPaintText } from '@/lib/first-paint/names'

const DAY_MS = 86_400_000
/** How many days ahead the view is made for (delivery days are UTC days); after that it says nothing. */
export const VIEW_DAYS = MAX_PERIODS

export interface CustomerViewInput {
  project: string
  uid: string
  /** The customer's e-mail from the session, when known. */
  email: string | null
  account: AccountView
  plans: readonly SubscriptionPlan[]
  nowMs?: number
  /** The page's words (the view paints them on the next load). */
  t: Translate
  /** The page's language, for the dates the view paints. */
  locale?: string
}

/**
 * The view of a customer's data as the app shows it at `nowMs`, and as it will show the same data
 * on each of the next days (the schedule moves on by itself: a delivery day passes, a pause ends).
 */
export function customerViewOf({ project, uid, email, account, plans, nowMs = Date.now(), t, locale }: CustomerViewInput): CustomerView {
  const today = startOfUtcDay(nowMs)
  const periods: ViewPeriod[] = []
  for (let day = 0; day < VIEW_DAYS; day++) {
    const from = day === 0 ? 0 : today + day * DAY_MS
    const paint = paintAt(account, plans, email, day === 0 ? nowMs : from, t, locale)
    const previous = periods[periods.length - 1]
    if (!previous || JSON.stringify({ ...previous, from: 0 }) !== JSON.stringify({ ...paint, from: 0 })) periods.push({ ...paint, from })
  }
  return { v: CUSTOMER_VIEW_VERSION, project, uid, savedAt: new Date(nowMs).toISOString(), periods, until: today + VIEW_DAYS * DAY_MS }
}

/** What the first paint shows of this data at `atMs`. */
function paintAt(account: AccountView, plans: readonly SubscriptionPlan[], email: string | null, atMs: number, t: Translate, locale?: string): ViewPeriod {
  const subscription = subscriptionOf(account, plans, atMs)
  const current = currentPlanId(subscription)
  const flags: FirstPaintFlag[] = current ? ['switch', 'current'] : ['start']
  const texts: Partial<Record<FirstPaintText, string>> = {}
  const line = currentPlanText(subscription, plans, t, locale)
  if (line) texts['plan-line'] = line
  // Wrapping where the page's own e-mail wraps, so a long one takes as many lines either way.
  if (email) texts.email = softWrapped(email)

  const summary = nextDeliverySummary(account, subscription, plans.find((plan) => plan.id === subscription.plan), t, locale)
  texts['next-heading'] = summary.heading
  if (summary.kind === 'none') {
    flags.push('next-none')
  } else if (summary.kind === 'cancelled') {
    flags.push('next-cancelled')
    if (summary.cancelledOn) texts['next-cancelled-on'] = summary.cancelledOn.text
    if (summary.restart) texts['next-restart'] = summary.restart.label
  } else {
    flags.push('next-live')
    if (summary.pausedUntil) texts['next-paused-until'] = summary.pausedUntil.text
    if (summary.next) {
      texts['next-when-label'] = summary.next.label
      texts['next-when'] = summary.next.day.text
    } else {
      flags.push('next-unscheduled')
    }
    texts['next-what-plan'] = summary.whatPlan
    texts['next-what-rest'] = summary.whatRest
    texts['next-to'] = summary.to
  }
  return { from: 0, flags, texts, plan: current }
}

/** True when both views paint the same (when they were saved does not matter). */
export function samePaint(a: CustomerView | null, b: CustomerView | null): boolean {
  if (!a || !b) return a === b
  const { savedAt: _a, ...left } = a
  const { savedAt: _b, ...right } = b
  return JSON.stringify(left) === JSON.stringify(right)
}
