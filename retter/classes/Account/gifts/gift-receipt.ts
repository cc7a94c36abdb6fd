/**
 * The receipt of a gift, issued when its recipient starts it: the place of supply of a voucher is
 * known only then, so its VAT is the coffee rate of the recipient's country (the EU's rule for
 * multi-purpose vouchers: VAT is due when the goods are supplied). Numbered in the receipts' one
 * series, kept with the gift, e-mailed to the giver. When no number can be had, the `syncGift` task
 * issues it a minute later.
 */
import { runIn } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { documentCustomer, findPlan, GiftGiven, GRIND_LABELS, ReceiptDraft, receiptOf, ROAST_LABELS, splitGross, vatRateOf } from 'BeanBloomSubscription'
import { CustomerView, store } from '../subscription/customer-view'
import { sellerOf } from '../payments/seller'
import { documentUrl, numberOf } from '../payments/receipts'
import { documentMail } from '../mail/document-email'
import { queueMail } from '../mail/outbox'
import { storedLocale } from '../language'
import { keepGiven } from './gift-records'

/** The receipt of a started gift, but its number. */
export function giftReceiptDraft(view: CustomerView, gift: GiftGiven): ReceiptDraft | undefined {
  const plan = findPlan(gift.planId)
  if (!gift.country || !gift.redeemedAt) return undefined
  const split = splitGross(gift.amountCents, vatRateOf(gift.country, 'coffee'))
  // The giver's name and address when they gave one; their e-mail address otherwise.
  const customer = view.delivery ? documentCustomer(view.delivery) : { name: view.email, address: [], country: gift.country }
  return {
    kind: 'receipt', deliveryId: gift.giftId, deliveryDate: gift.redeemedAt.slice(0, 10) + 'T00:00:00.000Z', seller: sellerOf(), customer: customer,
    item: {
      planId: gift.planId, plan: plan ? plan.name : gift.planName, bags: plan ? plan.bags : 0, bagGrams: plan ? plan.bagGrams : 0,
      grind: GRIND_LABELS[gift.grind || 'wholeBean'], roast: ROAST_LABELS[gift.roast || 'roastersChoice'],
    },
    gift: { deliveries: gift.deliveries, recipient: gift.recipientEmail },
    currency: 'eur', grossCents: split.grossCents, netCents: split.netCents, vatCents: split.vatCents, vatRateBp: split.rateBp, vatCountry: gift.country,
    paidWith: gift.paidWith || 'Card', paidAt: gift.boughtAt,
  }
}

/** Issues the gift's receipt once: numbered (keyed by the gift), kept, e-mailed to the giver. */
export async function issueGiftReceipt(data: Data, view: CustomerView, gift: GiftGiven, nowMs: number): Promise<boolean> {
  if (gift.receipt) return true
  const draft = giftReceiptDraft(view, gift)
  if (!draft) return true
  const number = await numberOf('receipt', gift.giftId)
  if (!number) {
    runIn(data, 'syncGift', 60, { giftId: gift.giftId })
    return false
  }
  gift.receipt = receiptOf(draft, number, new Date(nowMs).toISOString())
  keepGiven(view, gift)
  store(data, view)
  queueMail(data, documentMail(gift.receipt, view.email, documentUrl(number, storedLocale(view)), storedLocale(view)), { owed: true })
  return true
}
