/**
 * The day's methods as the template names them: each one writes the shards its change touched
 * before it answers (shards.ts), so staff reading the live documents see every delivery of the day.
 */
import { writingShards } from './shards'
import * as sync from './sync'
import * as shipping from './shipping'
import * as refunds from './refunds'
import * as retention from './retention'

export const syncDelivery = writingShards(sync.syncDelivery)
export const setPayment = writingShards(sync.setPayment)
export const markShipped = writingShards(shipping.markShipped)
export const markAllShipped = writingShards(shipping.markAllShipped)
export const setTracking = writingShards(shipping.setTracking)
export const refundDelivery = writingShards(refunds.refundDelivery)
export const purgePersonalData = writingShards(retention.purgePersonalData)
