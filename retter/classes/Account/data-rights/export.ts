/**
 * `exportMyData` (owner, the right of access and portability): one JSON document with everything
 * this Account holds about its customer, in their own words where we have them. What the browser
 * alone keeps (the cookie choice) the app adds to the download itself.
 */
import { Data } from '@retter/rdk'
import { current } from '../subscription/customer-view'
import { documentsOf } from './deletion'
import { privateOf } from '../customer'
import { SentLogState } from '../mail/sent-log'

/** The export format's version: a consumer of the file can tell which shape it reads. */
export const EXPORT_FORMAT = 'bean-and-bloom-personal-data/1'

/** READ (owner): answers the customer's data as one document (see docs/personal-data.md). */
export async function exportMyData(data: Data): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const priv = privateOf(data)
  const document = {
    format: EXPORT_FORMAT,
    exportedAt: new Date(nowMs).toISOString(),
    account: {
      email: view.email,
      memberSince: view.memberSince,
      lastSignInAt: view.lastSignInAt,
    },
    deliveryAddress: view.delivery,
    preferences: view.preferences,
    subscription: {
      plan: view.plan,
      status: view.status,
      startedAt: view.startedAt,
      planChangedAt: view.planChangedAt,
      cancelledAt: view.cancelledAt,
      pausedFrom: view.pausedFrom,
      pausedUntil: view.pausedUntil,
      nextDeliveryAt: view.nextDeliveryAt,
      upcomingDeliveries: view.upcomingDeliveries,
      skipped: view.skipped,
      history: view.history,
    },
    deliveries: view.deliveries || [],
    paymentMethod: view.paymentMethod,
    payments: (view.payments || []).map(function (payment) {
      // The client secret only lets a browser finish a payment: not data about the customer.
      const copy: Record<string, unknown> = {}
      for (const key in payment) if (key !== 'clientSecret') copy[key] = (payment as unknown as Record<string, unknown>)[key]
      return copy
    }),
    receipts: documentsOf(view),
    // Gifts they gave (with the recipient's address they typed), offered to them, and the one running.
    gifts: { given: view.giftsGiven || [], offered: view.giftOffers || [], running: view.gift },
    // Held by Stripe, not by us: how to find the customer record there.
    paymentProvider: priv.stripeCustomerId ? { name: 'Stripe', customerId: priv.stripeCustomerId } : undefined,
    // The e-mails we sent them (subject and time; the bodies are not kept), and those waiting for a retry.
    emailsSent: (priv as SentLogState).sentMails || [],
    emailsWaitingToBeSent: (priv.mailQueue || []).map(function (queued) { return { subject: queued.mail.subject, attempts: queued.attempts } }),
  }
  data.response = {
    statusCode: 200,
    body: document,
    headers: { 'cache-control': 'no-store' },
  }
  return data
}
