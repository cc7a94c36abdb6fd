/**
 * A running gift at each delivery's final moment (charges.ts asks here first): the gift pays the
 * delivery (recorded paid, never charged) while it holds deliveries; once it is used up, the
 * customer's own payment method takes over, or without one the subscription ends with the gift.
 */
import { callLater } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { deliveryIdFor } from 'BeanBloomBoard'
import { cancel, CataloguePlan, DeliveryPayment, giftLeft, withPayment } from 'BeanBloomSubscription'
import { privateOf } from '../customer'
import { complete, CustomerView, store } from '../subscription/customer-view'
import { tellBoard } from '../payments/board-payment'
import { mailGift } from './purchase'

export const GIFT_USED_METHOD = 'giftUsed'

/** The words a payment a gift covered keeps as its method. */
export const GIFT_METHOD_TEXT = 'Gift'

/** True when the running gift pays the delivery of `date`: it holds deliveries and the delivery has no extras (the customer pays those with it). */
export function giftPays(view: CustomerView, extrasOnDate: number): boolean {
  return giftLeft(view.gift) > 0 && extrasOnDate === 0
}

/**
 * Records the delivery of `date` as paid by the running gift: its board shows it paid (it ships),
 * the giver's Account hears how many have gone, and with the last one the customer is told what
 * follows (their own card from the next delivery, or the end).
 */
export async function coverByGift(data: Data, view: CustomerView, date: string, plan: CataloguePlan, nowMs: number): Promise<string> {
  const gift = view.gift
  if (!gift) return 'no gift'
  const iso = new Date(nowMs).toISOString()
  const payment: DeliveryPayment = {
    date: date, deliveryId: deliveryIdFor(data.context.instanceId || '', date.slice(0, 10)), plan: plan.id, amountCents: 0, currency: 'eur',
    status: 'paid', attempts: 0, updatedAt: iso, chargedAt: iso, paidAt: iso, method: GIFT_METHOD_TEXT, giftId: gift.giftId,
  }
  view.payments = withPayment(view.payments, payment)
  gift.used = gift.used + 1
  if (giftLeft(gift) === 0 && !gift.endingMailed) {
    gift.endingMailed = true
    mailGift(data, view, view.paymentMethod && privateOf(data).paymentMethodId
      ? { kind: 'ending', from: gift.from, date: date, method: view.paymentMethod, amountCents: plan.amount }
      : { kind: 'ending', from: gift.from, date: date })
  }
  store(data, view)
  await tellBoard(data, payment)
  callLater(data, { classId: 'Account', instanceId: gift.giverAccountId, method: GIFT_USED_METHOD }, { giftId: gift.giftId, delivered: gift.used })
  return 'paid by gift'
}

/**
 * At the first final moment after a gift is used up: without a payment method the subscription
 * ends with the gift (answers true; the customer is e-mailed); with one, the gift is done and the
 * delivery is charged as any other (answers false).
 */
export async function endOfGift(data: Data, view: CustomerView, nowMs: number): Promise<boolean> {
  const gift = view.gift
  if (!gift || giftLeft(gift) > 0) return false
  if (view.paymentMethod && privateOf(data).paymentMethodId) {
    delete view.gift
    store(data, view)
    return false
  }
  const ended = cancel(view, nowMs)
  if (!ended.ok) return false
  const next = ended.sub as CustomerView
  delete next.gift
  await complete(data, next, nowMs, { action: 'gift-ended', person: gift.from, quantity: gift.deliveries, giftPlan: gift.planId }, null)
  mailGift(data, next, { kind: 'ended', from: gift.from })
  return true
}
