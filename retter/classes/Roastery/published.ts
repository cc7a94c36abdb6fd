/**
 * The day's methods as the template names them: each one writes the shards its change touched
 * before it answers (shards.ts), so staff reading the live documents see every delivery of the day.
 * Staff methods answer their refusals in the staff member's language (the call's culture).
 */
import { wordedForCaller } from 'BeanBloomKit/i18n/caller-words'
import { writingShards } from './shards'
import * as sync from './sync'
import * as shipping from './shipping'
import * as refunds from './refunds'
import * as retention from './retention'

export const syncDelivery = writingShards(sync.syncDelivery)
export const setPayment = writingShards(sync.setPayment)
export const markShipped = wordedForCaller(writingShards(shipping.markShipped))
export const markAllShipped = wordedForCaller(writingShards(shipping.markAllShipped))
export const setTracking = wordedForCaller(writingShards(shipping.setTracking))
export const refundDelivery = wordedForCaller(writingShards(refunds.refundDelivery))
export const purgePersonalData = writingShards(retention.purgePersonalData)
