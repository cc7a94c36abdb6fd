/**
 * What two Accounts say to each other about a gift (each method checks the caller is an Account):
 * the giver's hands it to the recipient's (`receiveGift`) or takes it back (`withdrawGift`); the
 * recipient's claims it when its customer starts it (`claimGift`, which issues the giver's receipt
 * with the VAT of the recipient's country) and reports each delivery it covers (`giftUsed`).
 */
import { refuse, respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { accountIdFor, isPlatformCall, normaliseEmail } from 'BeanBloomIdentity'
import { GiftOffer, Grind, Roast } from 'BeanBloomSubscription'
import { current, store } from '../subscription/customer-view'
import { givenGift, keepGiven } from './gift-records'
import { mailGift } from './purchase'
import { issueGiftReceipt } from './gift-receipt'
import { forwardToMoved } from './moved-gifts'

const ACCOUNT_CLASS = 'Account'

/** What a recipient's Account claims a gift with: its customer's address, and the Accounts they moved from. */
type ClaimBody = { giftId: string; recipientEmail: string; recipientAccountIds?: string[]; country: string; grind: Grind; roast: Roast }

function fromAnAccount(data: Data): boolean {
  if (isPlatformCall(data.context, ACCOUNT_CLASS)) return true
  refuse(data, 403, 'FORBIDDEN', 'Only an Account says this')
  return false
}

/** PEER {giftId, giverAccountId, from, planId, planName, deliveries, message?}: offers a gift to this Account's customer and e-mails them; the same offer again changes nothing. */
export async function receiveGift(data: Data<Omit<GiftOffer, 'sentAt'>>): Promise<Data> {
  if (!fromAnAccount(data)) return data
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const body = data.request.body as Omit<GiftOffer, 'sentAt'>
  const known = (view.giftOffers || []).some(function (o) { return o.giftId === body.giftId }) || (!!view.gift && view.gift.giftId === body.giftId)
  if (known) return respond(data, { offered: true })
  const offer: GiftOffer = {
    giftId: body.giftId, giverAccountId: body.giverAccountId, from: body.from, planId: body.planId, planName: body.planName,
    deliveries: body.deliveries, sentAt: new Date(nowMs).toISOString(),
  }
  if (body.message) offer.message = body.message
  view.giftOffers = (view.giftOffers || []).concat([offer])
  store(data, view)
  mailGift(data, view, { kind: 'arrived', from: offer.from, planId: offer.planId, count: offer.deliveries, message: offer.message })
  return respond(data, { offered: true })
}

/** PEER {giftId, from}: the giver took the gift back before it was started; the offer goes and the customer is told. */
export async function withdrawGift(data: Data<{ giftId: string; from: string }>): Promise<Data> {
  if (!fromAnAccount(data)) return data
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const body = data.request.body as { giftId: string; from: string }
  const before = view.giftOffers || []
  const after = before.filter(function (o) { return o.giftId !== body.giftId })
  if (after.length === before.length) {
    // The recipient moved to another address since: the offer went with them.
    const forwarded = await forwardToMoved(data, 'withdrawGift', body)
    if (forwarded) {
      data.response = forwarded
      return data
    }
    return respond(data, { withdrawn: false })
  }
  if (after.length > 0) view.giftOffers = after
  else delete view.giftOffers
  store(data, view)
  mailGift(data, view, { kind: 'withdrawn', from: body.from })
  return respond(data, { withdrawn: true })
}

/**
 * PEER {giftId, recipientEmail, country, grind, roast}: the recipient starts the gift. Marks it
 * started and issues its receipt (VAT of `country`). 404 GIFT_NOT_FOUND; 410 GIFT_WITHDRAWN
 * (cancelled); 403 FORBIDDEN (another address); 409 GIFT_NOT_READY / GIFT_ALREADY_REDEEMED. The
 * same recipient claiming again (a lost answer) is answered as the first time.
 */
export async function claimGift(data: Data<ClaimBody>): Promise<Data> {
  if (!fromAnAccount(data)) return data
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const body = data.request.body as ClaimBody
  const gift = givenGift(view, body.giftId)
  if (!gift) {
    // The giver moved to another address since: their gift is there.
    const forwarded = await forwardToMoved(data, 'claimGift', body)
    if (forwarded) {
      data.response = forwarded
      return data
    }
    return refuse(data, 404, 'GIFT_NOT_FOUND', 'There is no gift ' + body.giftId + '.')
  }
  if (gift.status === 'cancelled') return refuse(data, 410, 'GIFT_WITHDRAWN', 'The giver withdrew this gift.')
  // The address it was given to, or the Account of that address its recipient moved from.
  const theirs = normaliseEmail(body.recipientEmail) === gift.recipientEmail || (body.recipientAccountIds || []).indexOf(accountIdFor(gift.recipientEmail)) >= 0
  if (!theirs) return refuse(data, 403, 'FORBIDDEN', 'This gift is for someone else.')
  if (gift.status === 'redeemed') return respond(data, { claimed: true, planId: gift.planId, deliveries: gift.deliveries })
  if (gift.status !== 'sent') return refuse(data, 409, 'GIFT_NOT_READY', 'The gift is ' + gift.status + ', not ready to start.')
  gift.status = 'redeemed'
  gift.redeemedAt = new Date(nowMs).toISOString()
  gift.delivered = 0
  gift.country = body.country
  gift.grind = body.grind
  gift.roast = body.roast
  keepGiven(view, gift)
  store(data, view)
  await issueGiftReceipt(data, view, gift, nowMs)
  return respond(data, { claimed: true, planId: gift.planId, deliveries: gift.deliveries })
}

/** PEER {giftId, delivered}: how many of the gift's deliveries the recipient's Account has covered. */
export async function giftUsed(data: Data<{ giftId: string; delivered: number }>): Promise<Data> {
  if (!fromAnAccount(data)) return data
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const body = data.request.body as { giftId: string; delivered: number }
  const gift = givenGift(view, body.giftId)
  if (!gift) {
    const forwarded = await forwardToMoved(data, 'giftUsed', body)
    if (forwarded) {
      data.response = forwarded
      return data
    }
    return respond(data, { known: false })
  }
  gift.delivered = Math.max(gift.delivered || 0, Math.min(gift.deliveries, body.delivered))
  keepGiven(view, gift)
  store(data, view)
  return respond(data, { known: true })
}
