/**
 * The owner methods as template.yml routes them: each is refused with 401 SESSION_ENDED before it
 * runs when the calling session began before the Account's session epoch (session-epoch.ts).
 * Retter's authorizers see no state, so the check is made here, in the method. A new owner method
 * is routed through this file too (session-epoch.test.ts checks template.yml for it).
 */
import * as deletion from './deletion'
import * as emailChange from './email-change'
import * as exported from './export'
import * as payments from './payments'
import { ownerMethod } from './session-epoch'
import * as throttled from './throttled'

export const selectPlan = ownerMethod(throttled.selectPlan)
export const pauseSubscription = ownerMethod(throttled.pauseSubscription)
export const resumeSubscription = ownerMethod(throttled.resumeSubscription)
export const skipNextDelivery = ownerMethod(throttled.skipNextDelivery)
export const skipDelivery = ownerMethod(throttled.skipDelivery)
export const unskipDelivery = ownerMethod(throttled.unskipDelivery)
export const cancelSubscription = ownerMethod(throttled.cancelSubscription)
export const setDeliveryAddress = ownerMethod(throttled.setDeliveryAddress)
export const setPreferences = ownerMethod(throttled.setPreferences)
export const startPaymentSetup = ownerMethod(payments.startPaymentSetup)
export const savePaymentMethod = ownerMethod(payments.savePaymentMethod)
export const retryPayment = ownerMethod(payments.retryPayment)
export const requestEmailChange = ownerMethod(emailChange.requestEmailChange)
export const confirmEmailChange = ownerMethod(emailChange.confirmEmailChange)
export const exportMyData = ownerMethod(exported.exportMyData)
export const requestAccountDeletion = ownerMethod(deletion.requestAccountDeletion)
export const deleteMyAccount = ownerMethod(deletion.deleteMyAccount)
