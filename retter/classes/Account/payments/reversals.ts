/**
 * Money that went back after a payment succeeded (or while a debit settled): a dispute (the
 * customer's bank took it back; for SEPA, the customer's right to a refund from their bank) or a
 * refund we did not make ourselves (the Dashboard, a bank return). Always read back from Stripe by
 * id; charges.ts's reversePayment then treats the payment as failed and, for a delivery that left,
 * owed (the subscription on hold until it is paid).
 */
import { Data } from '@retter/rdk'
import Stripe from 'stripe'
import { DeliveryPayment, PaymentStatus, refundedCents } from 'BeanBloomSubscription'
import { CustomerView } from '../subscription/customer-view'
import { reversePayment, restorePayment } from './charges'
import { stripe } from './stripe'

/** Dispute statuses with the money taken from us (an inquiry, `warning_*`, takes none yet). */
const WITHDRAWN: ReadonlyArray<string> = ['needs_response', 'under_review', 'lost']

function idOf(value: string | { id: string } | null | undefined): string {
  return typeof value === 'string' ? value : value ? value.id : ''
}

/** Applies the dispute `disputeId` to the payment, when it is about the payment's PaymentIntent. */
export async function applyDispute(data: Data, view: CustomerView, payment: DeliveryPayment, disputeId: string, nowMs: number): Promise<PaymentStatus> {
  const dispute = await stripe().disputes.retrieve(disputeId)
  const intentId = idOf(dispute.payment_intent as string | Stripe.PaymentIntent | null)
  if (!intentId || intentId !== payment.paymentIntentId) return payment.status
  const intent = await stripe().paymentIntents.retrieve(intentId)
  if (dispute.status === 'won') return restorePayment(data, view, payment, intent, nowMs)
  if (WITHDRAWN.indexOf(dispute.status) < 0) return payment.status
  return reversePayment(data, view, payment, intent, dispute.reason ? { failure: 'disputed', disputeReason: dispute.reason } : { failure: 'disputed' }, nowMs)
}

/**
 * Applies the refunds of charge `chargeId`: refunds we made (staff, from the board) are the
 * payment's own; a full refund made elsewhere means the money went back, a partial one is logged
 * for staff (the delivery stays paid).
 */
export async function applyRefunds(data: Data, view: CustomerView, payment: DeliveryPayment, chargeId: string, nowMs: number): Promise<PaymentStatus> {
  const charge = await stripe().charges.retrieve(chargeId)
  const intentId = idOf(charge.payment_intent as string | Stripe.PaymentIntent | null)
  if (!intentId || intentId !== payment.paymentIntentId) return payment.status
  const elsewhere = (charge.amount_refunded || 0) - refundedCents(payment.refunds)
  if (elsewhere <= 0) return payment.status
  if (!charge.refunded) {
    console.error('[Account] ' + payment.deliveryId + ': ' + elsewhere + ' cents were refunded outside the shop; the delivery stays paid')
    return payment.status
  }
  const intent = await stripe().paymentIntents.retrieve(intentId)
  return reversePayment(data, view, payment, intent, { failure: 'returned' }, nowMs)
}
