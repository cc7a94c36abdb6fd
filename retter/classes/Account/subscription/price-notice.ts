/**
 * A price change of one of the customer's plans (the Shop's `changePrice` runs this task on each
 * subscriber's Account): the customer is e-mailed, in their language, the old and the new price and
 * the first delivery charged the new one. Once per change; never for a customer who chose the plan
 * at the new price, nor when no delivery of theirs reaches it. An Account the Shop's task missed
 * announces a recent change itself at its next request (`catchUpPriceNotices`).
 */
import { respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { chosenAtOf, DAY_MS, findPlan, gridDates, plansOf, PriceStep, priceNoticeDays, priceStepFor, segmentOn, startOfUtcDay } from 'BeanBloomSubscription'
import { privateOf } from '../customer'
import type { AccountUserState } from '../customer'
import { current, mailCustomer } from './customer-view'

/** Announcements remembered (oldest dropped first). */
const NOTICES_KEPT = 20
/** How far ahead a notice looks for the first delivery at the new price (a year of weekly deliveries). */
const HORIZON = 60

/** How an announced change is remembered in `priceNotices`. */
function noticeKey(planId: string, at: string): string {
  return planId + '@' + at
}

/** What an announcement did: e-mailed the customer (with the first delivery at the new price), or why not. */
export type Announcement = { sent: true; from: string } | { sent: false; reason: string }

/** WRITE (task) {planId, at}: e-mails the price change of `planId` set at `at`, once. */
export async function priceNotice(data: Data<{ planId: string; at: string }>): Promise<Data> {
  const body = data.request.body || ({} as { planId: string; at: string })
  return respond(data, announcePriceChange(data, body.planId, body.at))
}

/** E-mails the customer the change of `planId`'s price set at `at`, unless it was announced to them already. */
export function announcePriceChange(data: Data, planId: string, at: string): Announcement {
  const priv = privateOf(data)
  const key = noticeKey(planId, at)
  const notices = priv.priceNotices || []
  if (notices.indexOf(key) >= 0) return { sent: false, reason: 'announced already' }
  const plan = findPlan(planId)
  let step = -1
  if (plan) for (let i = 1; i < plan.prices.length; i++) if ((plan.prices[i] as PriceStep).at === at) step = i
  if (!plan || step < 1) return { sent: false, reason: 'no such price change' }
  const nowMs = Date.now()
  const view = current(data, nowMs)
  if ((view.status !== 'active' && view.status !== 'paused') || !view.segments) return { sent: false, reason: 'no subscription' }
  const atMs = Date.parse(at)
  const newCents = (plan.prices[step] as PriceStep).amount
  const oldCents = (plan.prices[step - 1] as PriceStep).amount
  const skipped = view.skipped || []
  const noticeDays = priceNoticeDays()
  let first: string | undefined
  for (const delivery of gridDates(view.segments, startOfUtcDay(nowMs), HORIZON)) {
    if (delivery.plan !== plan.id || skipped.indexOf(delivery.date) >= 0) continue
    const segment = segmentOn(view.segments, delivery.date)
    const chosenAtMs = segment ? chosenAtOf(segment) : -Infinity
    // Chosen at the new price: the customer saw it, nothing to announce.
    if (chosenAtMs >= atMs) break
    // The first delivery this change (or a later one) reaches, whatever the amounts.
    if (priceStepFor(plan, chosenAtMs, delivery.date, noticeDays) >= step) {
      first = delivery.date
      break
    }
  }
  priv.priceNotices = notices.concat([key]).slice(-NOTICES_KEPT)
  if (!first) return { sent: false, reason: 'no delivery at the new price' }
  mailCustomer(data, view, { kind: 'price-change', plan: plan, date: first, oldCents: oldCents, newCents: newCents })
  return { sent: true, from: first }
}

/**
 * Announces, at any request of the Account, a price change of one of its plans made within the
 * notice period that it was not told of: the Shop's task reaches every subscriber the directory
 * lists, and this covers one it missed (an entry not yet written, a plan chosen while the change
 * was being made). Older changes are past their notice and were told then.
 */
export function catchUpPriceNotices(data: Data): void {
  const priv = data.state && data.state.private ? privateOf(data) : undefined
  if (!priv || !priv.userId || !data.state.user) return
  const customer = data.state.user[priv.userId] as Pick<AccountUserState, 'status' | 'segments'> | undefined
  const notices = priv.priceNotices || []
  const since = Date.now() - priceNoticeDays() * DAY_MS
  for (const planId of plansOf(customer)) {
    const plan = findPlan(planId)
    if (!plan) continue
    for (let i = 1; i < plan.prices.length; i++) {
      const at = (plan.prices[i] as PriceStep).at
      if (Date.parse(at) >= since && notices.indexOf(noticeKey(planId, at)) < 0) announcePriceChange(data, planId, at)
    }
  }
}
