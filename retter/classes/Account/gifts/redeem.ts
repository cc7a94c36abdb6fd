/**
 * The recipient starts a gift offered to them (`redeemGift`), and what a running gift forbids:
 * cancelling or changing the plan while it still holds deliveries (they would be lost), which
 * `giftHolds` answers for subscription.ts.
 */
import { refuse } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { callUntilFree } from 'BeanBloomBoard'
import { findPlan, giftLeft, preferencesFor, RunningGift, start } from 'BeanBloomSubscription'
import { complete, current, CustomerView, store } from '../subscription/customer-view'
import { ownAccountIds } from './moved-gifts'

const rdk = new RDK()

export const CLAIM_GIFT_METHOD = 'claimGift'

/**
 * The refusal while a started gift still holds deliveries (409 GIFT_RUNNING), for a change that
 * would lose them; null otherwise. Skips and pauses move them instead.
 */
export function giftHolds(data: Data, view: CustomerView, what: 'cancel' | 'plan'): Data | null {
  const left = giftLeft(view.gift)
  if (left <= 0 || !view.gift) return null
  const start = 'Your gift from ' + view.gift.from + ' still pays ' + left + (left === 1 ? ' delivery' : ' deliveries') + '. '
  return refuse(data, 409, 'GIFT_RUNNING', start + (what === 'cancel'
    ? 'Pause or skip instead: they wait for you. Nothing changed.'
    : 'The plan stays the gift’s until they have been delivered. Nothing changed.'))
}

/**
 * WRITE {giftId}: starts a gift offered to this customer: a subscription of the gift's plan to
 * their delivery address, with their grind and roast, whose next deliveries the gift pays (or, on
 * the gift's plan already, the gift pays their next ones). The giver's Account is told first (and
 * issues its receipt). 404 GIFT_NOT_FOUND; 409 NO_DELIVERY_ADDRESS, GIFT_RUNNING (another gift
 * still holds deliveries), GIFT_PLAN_DIFFERS (subscribed to another plan); 410 GIFT_WITHDRAWN (the
 * giver took it back; the offer goes); 503 GIFTS_UNAVAILABLE (the giver's Account did not answer;
 * nothing changed).
 */
export async function redeemGift(data: Data<{ giftId: string }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const giftId = data.request.body ? data.request.body.giftId : undefined
  const offer = (view.giftOffers || []).filter(function (o) { return o.giftId === giftId })[0]
  if (!offer) return refuse(data, 404, 'GIFT_NOT_FOUND', 'There is no gift ' + String(giftId || '(none given)') + ' for you.', { field: 'giftId' })
  if (giftLeft(view.gift) > 0 && view.gift) {
    return refuse(data, 409, 'GIFT_RUNNING', 'Your gift from ' + view.gift.from + ' still has deliveries to come; start this one once they have been delivered. Nothing changed.')
  }
  if (!view.delivery) return refuse(data, 409, 'NO_DELIVERY_ADDRESS', 'Add a delivery address before starting your gift, so we know where to send your coffee.')
  const subscribed = view.status === 'active' || view.status === 'paused'
  const plan = findPlan(offer.planId)
  if (!plan) return refuse(data, 409, 'UNKNOWN_PLAN', 'The plan of this gift is no longer in our catalogue; write to us and we will sort it out.')
  if (subscribed && view.plan !== offer.planId) {
    return refuse(data, 409, 'GIFT_PLAN_DIFFERS', 'Your gift is for the ' + plan.name + ' plan and you are on another one. Change your plan to ' + plan.name + ', then start the gift. Nothing changed.')
  }
  const preferences = preferencesFor(plan, view.preferences)
  const claim = function () {
    return rdk.methodCall({
      classId: 'Account', instanceId: offer.giverAccountId, methodName: CLAIM_GIFT_METHOD,
      body: {
        giftId: offer.giftId, recipientEmail: view.email, recipientAccountIds: ownAccountIds(data),
        country: view.delivery ? view.delivery.country : '', grind: preferences.grind, roast: preferences.roast,
      },
    })
  }
  const answer = await callUntilFree(claim)
  const others = (view.giftOffers || []).filter(function (o) { return o !== offer })
  const withoutOffer = function (v: CustomerView) {
    if (others.length > 0) v.giftOffers = others
    else delete v.giftOffers
  }
  if (answer && answer.statusCode === 410) {
    withoutOffer(view)
    store(data, view)
    return refuse(data, 410, 'GIFT_WITHDRAWN', offer.from + ' withdrew this gift before it was started.')
  }
  if (!answer || answer.statusCode < 200 || answer.statusCode >= 300) {
    console.error('[Account] redeemGift: the giver\'s Account answered ' + (answer ? answer.statusCode : 'nothing'))
    return refuse(data, 503, 'GIFTS_UNAVAILABLE', 'We could not start your gift just now. Try again in a moment; nothing changed.')
  }
  const gift: RunningGift = {
    giftId: offer.giftId, giverAccountId: offer.giverAccountId, from: offer.from, planId: offer.planId, deliveries: offer.deliveries, used: 0,
    redeemedAt: new Date(nowMs).toISOString(),
  }
  let next: CustomerView = view
  if (!subscribed) {
    const started = start(view, offer.planId, plan.delivery, nowMs)
    if (!started.ok) return refuse(data, 409, started.code, started.message)
    next = started.sub as CustomerView
    next.startedAt = new Date(nowMs).toISOString()
    next.planChangedAt = next.startedAt
  }
  next.preferences = preferences
  next.gift = gift
  withoutOffer(next)
  return complete(data, next, nowMs, { action: 'gift-redeemed', person: offer.from, quantity: offer.deliveries, giftPlan: offer.planId }, subscribed ? null : { kind: 'started' })
}
