/**
 * A price change of one of the customer's plans (the Shop's `changePrice` runs this task on each
 * subscriber's Account): the customer is e-mailed, in their language, the old and the new price and
 * the first delivery charged the new one. Once per change; never for a customer who chose the plan
 * at the new price, nor when no delivery of theirs reaches it.
 */
import { respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { chosenAtOf, findPlan, gridDates, PriceStep, priceNoticeDays, priceStepFor, segmentOn, startOfUtcDay } from 'BeanBloomSubscription'
import { privateOf } from '../customer'
import { current, mailCustomer } from './customer-view'

/** Announcements remembered (oldest dropped first). */
const NOTICES_KEPT = 20
/** How far ahead a notice looks for the first delivery at the new price (a year of weekly deliveries). */
const HORIZON = 60

/** WRITE (task) {planId, at}: e-mails the price change of `planId` set at `at`, once. */
export async function priceNotice(data: Data<{ planId: string; at: string }>): Promise<Data> {
  const body = data.request.body || ({} as { planId: string; at: string })
  const priv = privateOf(data)
  const key = body.planId + '@' + body.at
  const notices = priv.priceNotices || []
  if (notices.indexOf(key) >= 0) return respond(data, { sent: false, reason: 'announced already' })
  const plan = findPlan(body.planId)
  let step = -1
  if (plan) for (let i = 1; i < plan.prices.length; i++) if ((plan.prices[i] as PriceStep).at === body.at) step = i
  if (!plan || step < 1) return respond(data, { sent: false, reason: 'no such price change' })
  const nowMs = Date.now()
  const view = current(data, nowMs)
  if ((view.status !== 'active' && view.status !== 'paused') || !view.segments) return respond(data, { sent: false, reason: 'no subscription' })
  const atMs = Date.parse(body.at)
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
  if (!first) return respond(data, { sent: false, reason: 'no delivery at the new price' })
  mailCustomer(data, view, { kind: 'price-change', plan: plan, date: first, oldCents: oldCents, newCents: newCents })
  return respond(data, { sent: true, from: first })
}
