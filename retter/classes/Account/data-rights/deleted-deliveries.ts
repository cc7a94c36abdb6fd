/**
 * The deliveries a deletion could not stop: a delivery already final (being roasted and packed,
 * and charged at that moment) still ships after its account is deleted, as the terms say. The
 * emptied Account keeps, in private state (never shown to any session), only what the shop needs
 * to finish that delivery: its payment (to ship it as paid and to refund it), the name and address
 * it goes to until it ships, and the date it is forgotten. The receipt and any credit note are also
 * kept with the documents tax law requires (deletion.ts's `retainedDocuments`).
 *
 * Retention: the record goes through PERSONAL_DATA_KEPT_DAYS (90) after the delivery day, as the
 * day's board keeps its name and address (BeanBloomBoard retention.ts), so staff can refund a lost
 * or damaged parcel; the address already goes when it ships. The `forgetDeletedDeliveries` task,
 * scheduled by the deletion for the day after, removes it.
 *
 * E-mails: "on its way" and a credit note go to the Account's address, which the emptied Account
 * keeps anyway as its key (where the next sign-in code goes); nothing more is kept for them.
 */
import { refuse, respond, runAt } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { keptThrough } from 'BeanBloomBoard'
import { DeliveryAddress, DeliveryPayment, isShippable, paymentOn, paymentStatusText } from 'BeanBloomSubscription'
import { CustomerView, mailCustomer } from '../subscription/customer-view'
import { privateOf } from '../customer'
import { Locale, storedLocale } from '../language'

/** The task that forgets a deleted account's deliveries once their time is up (template.yml). */
export const FORGET_DELETED_METHOD = 'forgetDeletedDeliveries'

const DAY_MS = 24 * 60 * 60 * 1000

/** What the emptied Account keeps of one delivery that still ships. */
export interface DeletedDelivery {
  /** The delivery (ISO day). */
  date: string
  /** Its payment, receipt and refunds (without Stripe's client secret). */
  payment: DeliveryPayment
  /** Who and where it goes to; removed once it ships. */
  address?: DeliveryAddress
  /** ISO instant it was marked shipped. */
  shippedAt?: string
  /** `YYYY-MM-DD`: the record is removed after this day. */
  keepUntil: string
  /** The language the customer was written to in, for its "on its way" e-mail and a late credit note. */
  locale?: Locale
}

/** What this adds to the Account's private state. */
export interface DeletedDeliveriesState {
  deletedDeliveries?: DeletedDelivery[]
}

function stateOf(data: Data): DeletedDeliveriesState {
  return privateOf(data) as DeletedDeliveriesState
}

/**
 * The records a deletion keeps of `dates` (the deliveries still shipping) whose payment lets them
 * ship (paid, or a SEPA debit settling), and the task that forgets each once its time is up. A
 * payment that failed or waits for the customer's bank can no longer be completed once the Stripe
 * customer is deleted, so nothing is kept of it: it never ships.
 */
export function keepDeletedDeliveries(data: Data, customer: Pick<CustomerView, 'payments' | 'delivery' | 'locale'>, dates: string[], nowMs: number): DeletedDelivery[] {
  const kept: DeletedDelivery[] = []
  for (const date of dates) {
    const payment = paymentOn(customer.payments, date)
    if (!payment || !isShippable(payment.status)) continue
    const copy: DeliveryPayment = { ...payment }
    delete copy.clientSecret
    const record: DeletedDelivery = { date: date, payment: copy, keepUntil: keptThrough(date) }
    if (customer.delivery) record.address = customer.delivery
    const locale = storedLocale(customer)
    if (locale) record.locale = locale
    kept.push(record)
    const forgetAt = Date.parse(record.keepUntil + 'T00:00:00.000Z') + DAY_MS
    runAt(data, FORGET_DELETED_METHOD, forgetAt, nowMs)
  }
  return kept
}

/** The kept record of a deleted account's delivery on `date` (ISO day), if any. */
export function deletedDeliveryOn(data: Data, date: string): DeletedDelivery | undefined {
  return (stateOf(data).deletedDeliveries || []).filter(function (d) { return d.date === date })[0]
}

/** The payment of a deleted account's delivery on `date` (ISO day), for a refund or a late document. */
export function deletedPaymentOn(data: Data, date: string): DeliveryPayment | undefined {
  const kept = deletedDeliveryOn(data, date)
  return kept ? kept.payment : undefined
}

/** Stores `payment` in its deleted delivery's record; false when it is not one. */
export function keepDeletedPayment(data: Data, payment: DeliveryPayment): boolean {
  const kept = deletedDeliveryOn(data, payment.date)
  if (!kept || kept.payment.deliveryId !== payment.deliveryId) return false
  kept.payment = payment
  return true
}

/**
 * Ships a deleted account's delivery (recordShipment, for a date the emptied account has no payment
 * of): as for any delivery, only when paid (409 NOT_PAID), once (again: 200, nothing sent). The
 * record forgets the address and the customer gets "on its way" at the Account's address.
 */
export async function shipDeletedDelivery(data: Data, view: CustomerView, kept: DeletedDelivery, shippedAt: string): Promise<Data> {
  const day = kept.date.slice(0, 10)
  if (!kept.shippedAt) {
    if (!isShippable(kept.payment.status)) {
      return refuse(data, 409, 'NOT_PAID', 'The delivery of ' + day + ' is not paid (' + paymentStatusText(kept.payment.status).toLowerCase() + '), so it cannot be shipped.')
    }
    kept.shippedAt = shippedAt
    const address = kept.address
    delete kept.address
    mailCustomer(data, { ...view, delivery: address, locale: kept.locale }, { kind: 'shipped', date: kept.date, shippedAt: shippedAt })
  }
  respond(data, view)
  return data
}

/** WRITE (task only) {}: forgets the deleted account's deliveries whose time is up. */
export async function forgetDeletedDeliveries(data: Data): Promise<Data> {
  const state = stateOf(data)
  const today = new Date(Date.now()).toISOString().slice(0, 10)
  const before = state.deletedDeliveries || []
  const left = before.filter(function (d) { return d.keepUntil >= today })
  if (left.length > 0) state.deletedDeliveries = left
  else delete state.deletedDeliveries
  respond(data, { forgotten: before.length - left.length, kept: left.length })
  return data
}
