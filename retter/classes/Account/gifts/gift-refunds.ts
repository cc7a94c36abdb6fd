/**
 * Taking back a gift its recipient has not started: the whole payment refunded (idempotency key:
 * the gift) and the recipient's offer withdrawn by a delayed call after this commits, so a
 * recipient starting it now waits on this Account, not the other way round. `cancelGift`
 * (purchase.ts) does it for one gift; a giver's deletion (data-rights/deletion.ts) for every gift
 * not started, first. Apart from purchase.ts so the deletion does not reach the receipts.
 */
import { callLater } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { accountIdFor } from 'BeanBloomIdentity'
import { GiftGiven, isCancellable } from 'BeanBloomSubscription'
import { CustomerView, store } from '../subscription/customer-view'
import { stripe, stripeFailure } from '../payments/stripe'
import { keepGiven, WITHDRAW_GIFT_METHOD } from './gift-records'

/**
 * Before an account is deleted: every gift it gave that was not started is cancelled and refunded
 * in full (its recipient's offer withdrawn), as `cancelGift` does; a started gift runs on with its
 * recipient. Answers the refusal's message when one cannot be refunded (a debit still settling, or
 * Stripe unreachable), so nothing is deleted yet; null when all is done.
 */
export async function refundGiftsBeforeDeletion(data: Data, view: CustomerView, nowMs: number): Promise<string | null> {
  for (const gift of view.giftsGiven || []) {
    if (!isCancellable(gift)) continue
    if (gift.status === 'paying') return 'The payment of your gift to ' + gift.recipientEmail + ' is still settling; once it has, it is refunded with the deletion.'
    if (!(await refundGift(data, view, gift, nowMs))) return 'We could not reach our payment provider to refund your gift to ' + gift.recipientEmail + '.'
  }
  store(data, view)
  return null
}

/**
 * Refunds `gift` in full and marks it cancelled, its offer withdrawn if it was sent; false (logged,
 * nothing changed) when Stripe could not be reached. The caller stores the view.
 */
export async function refundGift(data: Data, view: CustomerView, gift: GiftGiven, nowMs: number): Promise<boolean> {
  try {
    const refund = await stripe().refunds.create({ payment_intent: gift.paymentIntentId as string, metadata: { giftId: gift.giftId } }, { idempotencyKey: 'refund-' + gift.giftId })
    gift.refundId = refund.id
  } catch (err) {
    console.error('[Account] gift ' + gift.giftId + ' could not be refunded: ' + stripeFailure(err).code)
    return false
  }
  const wasSent = gift.status === 'sent'
  gift.status = 'cancelled'
  gift.cancelledAt = new Date(nowMs).toISOString()
  keepGiven(view, gift)
  if (wasSent) callLater(data, { classId: 'Account', instanceId: accountIdFor(gift.recipientEmail), method: WITHDRAW_GIFT_METHOD }, { giftId: gift.giftId, from: view.email })
  return true
}
