/**
 * Where an Account keeps its gifts (BeanBloomSubscription's gifts.ts has the rules): the giver's in
 * `giftsGiven`, the recipient's offers in `giftOffers`, the running one in `gift`; and the one
 * history entry each gift event writes, which the timeline shows.
 */
import { GiftGiven, SubscriptionAction, withChange } from 'BeanBloomSubscription'
import { CustomerView } from '../subscription/customer-view'

/** The hour (UTC) of its start date a gift's recipient is told. */
export const GIFT_SEND_HOUR_UTC = 8

/** The moment the recipient is told: GIFT_SEND_HOUR_UTC on the start date. */
export function sendMomentMs(gift: Pick<GiftGiven, 'startDate'>): number {
  return Date.parse(gift.startDate + 'T00:00:00.000Z') + GIFT_SEND_HOUR_UTC * 3600 * 1000
}

/** The recipient's Account method that takes back an offer (a delayed call after the giver's change commits). */
export const WITHDRAW_GIFT_METHOD = 'withdrawGift'

/**
 * Gifts that came to nothing (cancelled, failed) a giver keeps in their view, the newest. Every
 * other gift is kept: one still to be sent or started holds money, one started holds its receipt.
 */
export const ENDED_GIFTS_KEPT = 24

/** The giver's gift `giftId`, if it is theirs. */
export function givenGift(view: CustomerView, giftId: unknown): GiftGiven | undefined {
  return typeof giftId === 'string' ? (view.giftsGiven || []).filter(function (g) { return g.giftId === giftId })[0] : undefined
}

/** Stores `gift` among the giver's (replacing the one with its id); of the gifts that came to nothing, the newest ENDED_GIFTS_KEPT stay. */
export function keepGiven(view: CustomerView, gift: GiftGiven): void {
  const all = (view.giftsGiven || []).filter(function (g) { return g.giftId !== gift.giftId }).concat([gift])
  const ended = function (g: GiftGiven) { return g.status === 'cancelled' || g.status === 'failed' }
  const endedNewest = all.filter(ended).sort(function (a, b) { return a.boughtAt < b.boughtAt ? 1 : a.boughtAt > b.boughtAt ? -1 : 0 }).slice(0, ENDED_GIFTS_KEPT)
  view.giftsGiven = all.filter(function (g) { return !ended(g) || endedNewest.indexOf(g) >= 0 })
}

/**
 * Writes one history entry for a gift event: `person` is the other side's e-mail address,
 * `quantity` the deliveries it holds.
 */
export function noteGift(view: CustomerView, action: SubscriptionAction, person: string, quantity: number, planId: string, nowMs: number): void {
  view.history = withChange(view.history, { at: new Date(nowMs).toISOString(), action: action, plan: view.plan === undefined ? null : view.plan, person: person, quantity: quantity, giftPlan: planId })
}
