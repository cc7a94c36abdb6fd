/**
 * What a day's board means for staff once deliveries are paid for: which deliveries may be packed
 * and shipped, which wait for their payment, the words for each payment, and what to roast.
 *
 * The rule of what may ship is the class's own (`paidForShipping`, BeanBloomBoard): paid, or a SEPA
 * Direct Debit still settling under its mandate. Everything else still scheduled is on hold: the
 * Roastery refuses to ship it (409 NOT_PAID).
 */
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { bagsToRoast, paidForShipping, type BoardDelivery, type BoardPayment } from './board'

/** A delivery's place on the day: shipped, ready to ship (paid), or on hold awaiting payment. */
export type ShippingState = 'shipped' | 'ready' | 'on-hold'

/**
 * Where a delivery stands for shipping. A shipped delivery stays shipped whatever its payment says
 * (it left the roastery; boards from before payments carry none).
 * @param delivery a board entry
 */
export function shippingState(delivery: Pick<BoardDelivery, 'status' | 'payment'>): ShippingState {
  if (delivery.status === 'shipped') return 'shipped'
  return paidForShipping(delivery.payment) ? 'ready' : 'on-hold'
}

/**
 * The staff's word for each payment. In English most read as the customer's (`paymentStatusText`)
 * where they read right at the bench; two of those speak to the customer ("Your bank needs you to
 * confirm", "Not paid: not shipped") and are said here from the roastery's side.
 */
const PAYMENT_WORDS: Record<BoardPayment, MessageKey> = {
  charging: 'roastery.payment.charging',
  processing: 'roastery.payment.processing',
  settling: 'roastery.payment.settling',
  paid: 'roastery.payment.paid',
  failed: 'roastery.payment.failed',
  requires_action: 'roastery.payment.requiresAction',
  unpaid: 'roastery.payment.unpaid',
  free: 'roastery.payment.free',
}

/**
 * The staff's words for a delivery's payment. No payment yet means the delivery is not final: it
 * is charged the day before its day.
 * @param payment the board entry's payment, if any
 * @param t the page's words
 */
export function paymentText(payment: BoardPayment | undefined, t: Translate): string {
  return t(payment === undefined ? 'roastery.payment.notCharged' : PAYMENT_WORDS[payment])
}

/**
 * The words for a board entry's payment, or null for a delivery shipped before payments were
 * recorded (it has none, and "Not charged yet" would be wrong about a parcel that left).
 * @param delivery a board entry
 * @param t the page's words
 */
export function deliveryPaymentText(delivery: Pick<BoardDelivery, 'status' | 'payment'>, t: Translate): string | null {
  return delivery.status === 'shipped' && !delivery.payment ? null : paymentText(delivery.payment, t)
}

/** The tone a payment is shown in: done (may ship), pending (may still be paid today), refused (never ships). */
export function paymentTone(payment: BoardPayment | undefined): 'done' | 'pending' | 'refused' {
  if (paidForShipping(payment)) return 'done'
  return payment === 'unpaid' || payment === 'failed' || payment === 'requires_action' ? 'refused' : 'pending'
}

/** A day's deliveries split for the page, each list in the board's packing order. */
export interface BoardSplit {
  /** Scheduled and paid: what "Mark all shipped" ships. */
  ready: BoardDelivery[]
  /** Already left the roastery. */
  shipped: BoardDelivery[]
  /** Scheduled and not paid (or not charged yet): not shipped, listed apart. */
  onHold: BoardDelivery[]
  /** Ready and shipped together, in packing order: the packing list. */
  packing: BoardDelivery[]
}

/**
 * Splits a day's deliveries into ready to ship, shipped and on hold (and the packing list: the first two).
 * @param deliveries the board's deliveries (packing order is kept)
 */
export function splitBoard(deliveries: ReadonlyArray<BoardDelivery>): BoardSplit {
  const split: BoardSplit = { ready: [], shipped: [], onHold: [], packing: [] }
  for (const delivery of deliveries) {
    const state = shippingState(delivery)
    if (state === 'on-hold') {
      split.onHold.push(delivery)
      continue
    }
    split[state === 'ready' ? 'ready' : 'shipped'].push(delivery)
    split.packing.push(delivery)
  }
  return split
}

/** What to roast of one plan × grind × roast. */
export interface RoastTotal {
  plan: string
  grind: string
  roast: string
  /** Bags of deliveries paid (or shipped). */
  paidBags: number
  /** Bags of deliveries on hold that may still be paid that day (not `unpaid`). */
  awaitingBags: number
  /** Deliveries counted (paid and awaiting). */
  deliveries: number
}

/** What to roast on a day, and what is left out. */
export interface RoastPlan {
  /** Sorted by plan, grind, roast; only combinations with something to roast. */
  rows: RoastTotal[]
  paidBags: number
  awaitingBags: number
  deliveries: number
  /** Deliveries given up for payment (`unpaid`): never roasted. */
  unpaidDeliveries: number
  unpaidBags: number
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * What to roast on a day. Our choice: a delivery on hold still counts (in its own column) while it
 * can be paid that day — being charged, failed (retried, or the customer pays again), waiting for
 * the bank's confirmation, or not charged yet — since the roast starts before the day's payments
 * settle and a bag short is worse than a bag spare. A delivery `unpaid` is given up for good (its
 * day is over for payment) and never counts. Shipped deliveries count as paid: they were roasted.
 * @param deliveries the board's deliveries
 */
export function roastPlan(deliveries: ReadonlyArray<BoardDelivery>): RoastPlan {
  const plan: RoastPlan = { rows: [], paidBags: 0, awaitingBags: 0, deliveries: 0, unpaidDeliveries: 0, unpaidBags: 0 }
  const index = new Map<string, RoastTotal>()
  for (const d of deliveries) {
    const state = shippingState(d)
    // Its plan's bags and each extra bag of its coffee.
    const bags = bagsToRoast(d)
    if (state === 'on-hold' && d.payment === 'unpaid') {
      plan.unpaidDeliveries += 1
      plan.unpaidBags += bags
      continue
    }
    const key = `${d.plan}\u0000${d.grind}\u0000${d.roast}`
    let row = index.get(key)
    if (!row) {
      row = { plan: d.plan, grind: d.grind, roast: d.roast, paidBags: 0, awaitingBags: 0, deliveries: 0 }
      index.set(key, row)
      plan.rows.push(row)
    }
    if (state === 'on-hold') {
      row.awaitingBags += bags
      plan.awaitingBags += bags
    } else {
      row.paidBags += bags
      plan.paidBags += bags
    }
    row.deliveries += 1
    plan.deliveries += 1
  }
  plan.rows.sort((a, b) => compareText(a.plan, b.plan) || compareText(a.grind, b.grind) || compareText(a.roast, b.roast))
  return plan
}
