/**
 * The day's methods as the template names them: each one writes the shards its change touched
 * before it answers (shards.ts), so staff reading the live documents see every delivery of the day.
 * Staff methods answer their refusals in the staff member's language (the call's culture), and what
 * they did goes on the Shop's audit log (docs/staff.md).
 */
import RDK from '@retter/rdk'
import { euros } from 'BeanBloomKit'
import { wordedForCaller } from 'BeanBloomKit/i18n/caller-words'
import { audited } from 'BeanBloomIdentity'
import { dateOf } from './day'
import { writingShards } from './shards'
import * as sync from './sync'
import * as shipping from './shipping'
import * as refunds from './refunds'
import * as retention from './retention'

export const syncDelivery = writingShards(sync.syncDelivery)
export const setPayment = writingShards(sync.setPayment)

const rdk = new RDK()

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

export const markShipped = wordedForCaller(audited(rdk, writingShards(shipping.markShipped), function (_data, request) {
  return { action: 'delivery.shipped', target: text(request.deliveryId) }
}))
export const markAllShipped = wordedForCaller(audited(rdk, writingShards(shipping.markAllShipped), function (data, _request, answer) {
  return typeof answer.shipped === 'number' && answer.shipped > 0 ? { action: 'day.shipped', target: dateOf(data), after: String(answer.shipped) } : undefined
}))
export const setTracking = wordedForCaller(audited(rdk, writingShards(shipping.setTracking), function (data, request) {
  const entries = Array.isArray(request.entries) ? request.entries : []
  return { action: 'tracking.saved', target: dateOf(data), after: String(entries.length) }
}))
export const refundDelivery = wordedForCaller(audited(rdk, writingShards(refunds.refundDelivery), function (_data, request, answer) {
  const cents = typeof answer.amountCents === 'number' ? answer.amountCents : Number(request.amountCents)
  return { action: 'delivery.refunded', target: text(request.deliveryId), after: euros(cents) + ': ' + text(request.reason) }
}))
export const purgePersonalData = writingShards(retention.purgePersonalData)
