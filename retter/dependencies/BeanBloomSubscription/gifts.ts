/**
 * Gifts: a customer gives someone N deliveries of a plan, paid at once. Pure rules over plain
 * values (the Account class keeps the records: the giver's in `giftsGiven`, the recipient's offer
 * in `giftOffers` until redeemed, then the running gift in `gift`).
 *
 * The money: one charge when bought. A gift is a voucher whose place of supply is unknown until
 * the recipient gives an address, so its receipt (with the VAT of the recipient's country) is
 * issued when it is redeemed. Each delivery the gift covers is recorded as paid by it and never
 * charged; skips and pauses move the covered deliveries on, never use them up.
 */
import { DAY_MS, startOfUtcDay } from './schedule'
import type { UpcomingDelivery } from './schedule'
import type { DeliveryPayment, PaymentFailure } from './payments'
import type { Receipt } from './receipts'
import type { Grind, Roast } from './preferences'

/** How many deliveries a gift may hold. */
export const GIFT_DELIVERY_COUNTS: ReadonlyArray<number> = [1, 3, 6, 12]
/** The longest message a giver may write. */
export const GIFT_MESSAGE_MAX = 500
/** The latest start date, in days from today. */
export const GIFT_START_MAX_DAYS = 365
/** Gifts one customer may buy in a day (a stolen card cannot buy a hundred). */
export const GIFTS_PER_DAY = 5
/** An identical order within this long answers the gift already bought (a double click buys once). */
export const GIFT_REPEAT_MS = 10 * 60 * 1000

/**
 * Where a gift stands, as its giver sees it: paying (a debit settling), paid (waiting for its
 * start date), sent (the recipient was told), redeemed, cancelled (refunded) or failed (the
 * payment did not go through).
 */
export type GiftStatus = 'paying' | 'paid' | 'sent' | 'redeemed' | 'cancelled' | 'failed'

/** A gift as its giver keeps it. */
export interface GiftGiven {
  giftId: string
  planId: string
  /** The plan's name when bought. */
  planName: string
  deliveries: number
  recipientEmail: string
  message?: string
  /** The day (`YYYY-MM-DD`) the recipient is told. */
  startDate: string
  /** What one delivery cost when bought, and the whole gift (deliveries × unit). */
  unitCents: number
  amountCents: number
  status: GiftStatus
  boughtAt: string
  /** "Visa •••• 4242". */
  paidWith?: string
  paymentIntentId?: string
  /** While the giver's bank asks them to confirm the payment (3-D Secure): what Stripe.js needs. */
  clientSecret?: string
  sentAt?: string
  redeemedAt?: string
  cancelledAt?: string
  /** How many of its deliveries have been covered so far (the recipient's Account tells). */
  delivered?: number
  /** Issued when redeemed, with the VAT of the recipient's country. */
  receipt?: Receipt
  /** Once redeemed: the recipient's country (its VAT) and their grind and roast (the receipt's item). */
  country?: string
  grind?: Grind
  roast?: Roast
  /** Stripe's refund, once cancelled. */
  refundId?: string
  /** Why the payment failed: in English, and as the code each language words. */
  failure?: string
  failureCode?: PaymentFailure
}

/** A gift offered to the recipient and not redeemed yet. */
export interface GiftOffer {
  giftId: string
  /** The giver's Account, which keeps the gift and its money. */
  giverAccountId: string
  /** The giver's e-mail address, as the recipient is told who it is from. */
  from: string
  planId: string
  planName: string
  deliveries: number
  message?: string
  sentAt: string
}

/** The gift a recipient's subscription runs on. */
export interface RunningGift {
  giftId: string
  giverAccountId: string
  from: string
  planId: string
  deliveries: number
  /** Deliveries covered so far. */
  used: number
  redeemedAt: string
  /** The e-mail offering to continue on their own card went. */
  endingMailed?: boolean
}

/** An order as the giver sends it (buyGift's body), checked. */
export interface GiftOrder {
  planId: string
  deliveries: number
  recipientEmail: string
  message?: string
  startDate: string
}

export type GiftCheck = { ok: true; order: Omit<GiftOrder, 'recipientEmail'> } | { ok: false; code: string; message: string; field: string }

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** The ISO day (`YYYY-MM-DD`) of `text` when it is a real calendar day, else undefined. */
export function calendarDay(text: unknown): string | undefined {
  if (typeof text !== 'string' || !DAY.test(text)) return undefined
  const ms = Date.parse(text + 'T00:00:00.000Z')
  return !isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text ? text : undefined
}

/** Checks an order's fields but the recipient's address (the class checks that): the first problem, naming its field. */
export function checkGiftOrder(body: { [key: string]: unknown } | undefined, nowMs: number): GiftCheck {
  const b = body || {}
  const planId = typeof b.planId === 'string' ? b.planId.trim() : ''
  if (!planId) return { ok: false, code: 'UNKNOWN_PLAN', message: 'Choose the plan to give.', field: 'planId' }
  if (typeof b.deliveries !== 'number' || GIFT_DELIVERY_COUNTS.indexOf(b.deliveries) < 0) {
    return { ok: false, code: 'INVALID_GIFT_DELIVERIES', message: 'A gift holds ' + GIFT_DELIVERY_COUNTS.join(', ') + ' deliveries.', field: 'deliveries' }
  }
  let message: string | undefined
  if (b.message !== undefined && b.message !== null) {
    if (typeof b.message !== 'string') return { ok: false, code: 'GIFT_MESSAGE_TOO_LONG', message: 'The message is text.', field: 'message' }
    message = b.message.trim()
    if (message.length > GIFT_MESSAGE_MAX) {
      return { ok: false, code: 'GIFT_MESSAGE_TOO_LONG', message: 'The message has ' + message.length + ' characters; it may have ' + GIFT_MESSAGE_MAX + '.', field: 'message' }
    }
    if (message === '') message = undefined
  }
  const startDate = calendarDay(b.startDate)
  const today = startOfUtcDay(nowMs)
  const startMs = startDate ? Date.parse(startDate + 'T00:00:00.000Z') : NaN
  if (!startDate || startMs < today || startMs > today + GIFT_START_MAX_DAYS * DAY_MS) {
    return { ok: false, code: 'INVALID_START_DATE', message: 'The start date is a day from today to ' + GIFT_START_MAX_DAYS + ' days ahead (YYYY-MM-DD).', field: 'startDate' }
  }
  const order: Omit<GiftOrder, 'recipientEmail'> = { planId: planId, deliveries: b.deliveries, startDate: startDate }
  if (message) order.message = message
  return { ok: true, order: order }
}

/** Deliveries the running gift still covers. */
export function giftLeft(gift: RunningGift | undefined): number {
  return gift ? Math.max(0, gift.deliveries - gift.used) : 0
}

/** True when the payment of a delivery was covered by a gift. */
export function paidByGift(payment: Pick<DeliveryPayment, 'giftId'> | undefined): boolean {
  return !!payment && !!payment.giftId
}

/**
 * The upcoming deliveries (ISO instants) the gift pays: those already covered, then the next ones
 * not skipped, not charged yet and without extras, as many as it has left. A skip moves its cover
 * to the next; so do extras: a delivery the customer adds to is theirs to pay, coffee and extras
 * on one PaymentIntent as any other.
 */
export function giftCoveredDates(
  upcoming: ReadonlyArray<Pick<UpcomingDelivery, 'date' | 'skipped'>> | undefined, payments: ReadonlyArray<DeliveryPayment> | undefined, gift: RunningGift | undefined,
  hasExtras: (day: string) => boolean = function () { return false },
): string[] {
  if (!gift) return []
  let left = giftLeft(gift)
  const covered: string[] = []
  for (const delivery of upcoming || []) {
    if (delivery.skipped) continue
    const day = delivery.date.slice(0, 10)
    const payment = (payments || []).filter(function (p) { return p.date.slice(0, 10) === day })[0]
    if (payment) {
      if (payment.giftId === gift.giftId) covered.push(delivery.date)
      continue
    }
    if (left <= 0 || hasExtras(day)) continue
    covered.push(delivery.date)
    left--
  }
  return covered
}

/** The gift's deliveries in order of purchase, newest first, for the giver's list. */
export function giftsNewestFirst(gifts: ReadonlyArray<GiftGiven> | undefined): GiftGiven[] {
  return (gifts || []).slice().sort(function (a, b) { return a.boughtAt < b.boughtAt ? 1 : a.boughtAt > b.boughtAt ? -1 : 0 })
}

/** True while the giver may still take the gift back for a refund: bought and not redeemed. */
export function isCancellable(gift: Pick<GiftGiven, 'status'>): boolean {
  return gift.status === 'paying' || gift.status === 'paid' || gift.status === 'sent'
}
