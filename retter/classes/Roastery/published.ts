/**
 * The day's methods as the template names them: each one writes the shards its change touched
 * before it answers (shards.ts), so staff reading the live documents see every delivery of the day.
 * Staff methods answer their refusals in the staff member's language (the call's culture), and what
 * they did goes on the Shop's audit log (docs/staff.md).
 */
import RDK, { Data } from '@retter/rdk'
import { euros } from 'BeanBloomKit'
import { wordedForCaller } from 'BeanBloomKit/i18n/caller-words'
import { recordStaffAction, StaffActionRecord } from 'BeanBloomIdentity'
import { dateOf } from './day'
import { writingShards } from './shards'
import * as sync from './sync'
import * as shipping from './shipping'
import * as refunds from './refunds'
import * as retention from './retention'

export const syncDelivery = writingShards(sync.syncDelivery)
export const setPayment = writingShards(sync.setPayment)

const rdk = new RDK()

type Body = { [key: string]: unknown }

/** `handler`, recording on the audit log what it did when it did something (`record` says what, or nothing). */
function audited<T>(handler: (data: Data<T>) => Promise<Data>, record: (data: Data<T>, request: Body, answer: Body) => StaffActionRecord | undefined): (data: Data<T>) => Promise<Data> {
  return async function (data: Data<T>): Promise<Data> {
    const done = await handler(data)
    const status = done.response ? done.response.statusCode : 200
    const answer = (done.response && done.response.body && typeof done.response.body === 'object' ? done.response.body : {}) as Body
    const recorded = status >= 200 && status < 300 ? record(data, (data.request.body || {}) as Body, answer) : undefined
    if (recorded) await recordStaffAction(rdk, data.context, recorded)
    return done
  }
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

export const markShipped = wordedForCaller(audited(writingShards(shipping.markShipped), function (_data, request) {
  return { action: 'delivery.shipped', target: text(request.deliveryId) }
}))
export const markAllShipped = wordedForCaller(audited(writingShards(shipping.markAllShipped), function (data, _request, answer) {
  return typeof answer.shipped === 'number' && answer.shipped > 0 ? { action: 'day.shipped', target: dateOf(data), after: String(answer.shipped) } : undefined
}))
export const setTracking = wordedForCaller(audited(writingShards(shipping.setTracking), function (data, request) {
  const entries = Array.isArray(request.entries) ? request.entries : []
  return { action: 'tracking.saved', target: dateOf(data), after: String(entries.length) }
}))
export const refundDelivery = wordedForCaller(audited(writingShards(refunds.refundDelivery), function (_data, request, answer) {
  const cents = typeof answer.amountCents === 'number' ? answer.amountCents : Number(request.amountCents)
  return { action: 'delivery.refunded', target: text(request.deliveryId), after: euros(cents) + ': ' + text(request.reason) }
}))
export const purgePersonalData = writingShards(retention.purgePersonalData)
