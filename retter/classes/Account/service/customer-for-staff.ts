/**
 * The customer's page for staff (support and owners, `customer.find`): everything support needs on
 * the phone, from the Account's own state. The payment method shows its brand and last 4 only; the
 * e-mails sent show subject and time only (never a body: it may hold a code); the timeline names
 * the member behind each staff entry.
 */
import { refuse, respond } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { entryKey, findPlan, TimelineEntry } from 'BeanBloomSubscription'
import { staffMayDo } from 'BeanBloomIdentity'
import { privateOf } from '../customer'
import type { SentLogState } from '../mail/sent-log'
import { viewAt } from '../subscription/customer-view'

const rdk = new RDK()

/** E-mails shown (newest). */
const MAILS_SHOWN = 50
/** Deliveries that left shown (newest): the ones a customer may still phone about. */
const SHIPPED_SHOWN = 12

/** A timeline entry as staff read it: with the member who made a staff change. */
export type StaffTimelineEntry = TimelineEntry & { staffEmail?: string }

/** An upcoming delivery as staff see it: its payment once charged, and what the customer added to it. */
interface StaffUpcoming {
  date: string
  plan: string
  skipped: boolean
  payment?: string
  extras?: Array<{ itemId: string; name: string; quantity: number }>
}

/** READ (support, owners): the customer as support sees them. */
export async function customerForStaff(data: Data): Promise<Data> {
  if (!(await staffMayDo(rdk, data.context, 'customer.find'))) return refuse(data, 403, 'FORBIDDEN', 'Only support and owners may open a customer.')
  const priv = privateOf(data)
  const view = viewAt(data, Date.now())
  const payments = view.payments || []
  const paymentOf: { [day: string]: string } = {}
  for (const payment of payments) paymentOf[payment.date.slice(0, 10)] = payment.status
  const method = view.paymentMethod
  const staffBy = priv.timelineStaff || {}
  const plan = view.plan ? findPlan(view.plan) : undefined
  return respond(data, {
    accountId: data.context.instanceId,
    email: view.email,
    memberSince: view.memberSince,
    status: view.status,
    plan: view.plan,
    planName: view.yourPlan ? view.yourPlan.name : plan ? plan.name : view.plan,
    amountCents: view.yourPlan ? view.yourPlan.amount : plan ? plan.amount : undefined,
    startedAt: view.startedAt,
    cancelledAt: view.cancelledAt,
    pausedFrom: view.pausedFrom,
    pausedUntil: view.pausedUntil,
    nextDeliveryAt: view.nextDeliveryAt,
    delivery: view.delivery,
    preferences: view.preferences,
    paymentMethod: method ? { type: method.type, brand: method.brand, last4: method.last4 } : undefined,
    paymentHoldSince: view.paymentHoldSince,
    upcomingDeliveries: (view.upcomingDeliveries || []).map(function (d) {
      const status = paymentOf[d.date.slice(0, 10)]
      const out: StaffUpcoming = status ? { date: d.date, plan: d.plan, skipped: d.skipped, payment: status } : { date: d.date, plan: d.plan, skipped: d.skipped }
      // What the customer added, so support acting on it sees what they act on.
      if (d.extras && d.extras.length > 0) out.extras = d.extras.map(function (l) { return { itemId: l.itemId, name: l.name, quantity: l.quantity } })
      return out
    }),
    shipped: (view.deliveries || []).slice(-SHIPPED_SHOWN).reverse().map(function (d) {
      const sent = (view.replacements || []).filter(function (r) { return r.forDate === d.date })[0]
      const shipped: { date: string; plan: string; shippedAt: string; replacement?: { date: string; shippedAt?: string } } = { date: d.date, plan: d.plan, shippedAt: d.shippedAt }
      if (sent) shipped.replacement = sent.shippedAt ? { date: sent.date, shippedAt: sent.shippedAt } : { date: sent.date }
      return shipped
    }),
    payments: payments.slice().reverse().map(function (p) {
      return {
        date: p.date, status: p.status, amountCents: p.amountCents, receipt: p.receipt ? p.receipt.number : undefined,
        refunds: (p.refunds || []).map(function (r) { return { amountCents: r.amountCents, reason: r.reason, at: r.at, creditNote: r.creditNote ? r.creditNote.number : undefined } }),
      }
    }),
    // Gifts: the one their subscription runs on, those offered to them, and those they gave.
    gift: view.gift ? { giftId: view.gift.giftId, from: view.gift.from, deliveries: view.gift.deliveries, used: view.gift.used } : undefined,
    giftOffers: (view.giftOffers || []).map(function (o) { return { giftId: o.giftId, from: o.from, planName: o.planName, deliveries: o.deliveries } }),
    giftsGiven: (view.giftsGiven || []).slice().reverse().map(function (g) {
      return { giftId: g.giftId, recipientEmail: g.recipientEmail, planName: g.planName, deliveries: g.deliveries, status: g.status, amountCents: g.amountCents, delivered: g.delivered, receipt: g.receipt ? g.receipt.number : undefined, refunded: !!g.refundId }
    }),
    mails: ((priv as SentLogState).sentMails || []).slice(-MAILS_SHOWN).reverse(),
    timeline: (view.timeline || []).map(function (entry): StaffTimelineEntry {
      const by = entry.actor === 'staff' ? staffBy[entryKey(entry)] : undefined
      return by ? Object.assign({}, entry, { staffEmail: by }) : entry
    }),
  })
}
