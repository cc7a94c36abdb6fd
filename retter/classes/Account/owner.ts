/**
 * The owner methods as template.yml routes them: each is refused with 401 SESSION_ENDED before it
 * runs when the calling session began before the Account's session epoch (session-epoch.ts).
 * Retter's authorizers see no state, so the check is made here, in the method. A new owner method
 * is routed through this file too (session-epoch.test.ts checks template.yml for it).
 */
import { Data } from '@retter/rdk'
import * as deletion from './data-rights/deletion'
import * as emailChange from './data-rights/email-change'
import * as exported from './data-rights/export'
import * as payments from './payments/payments'
import * as giftPurchase from './gifts/purchase'
import * as giftRedeem from './gifts/redeem'
import { ownerMethod as sessionChecked } from './sign-in/session-epoch'
import { wordedForCaller } from './refusals'
import * as language from './language-setting'
import * as changeLimited from './subscription/change-limit'
import { withCatalogue } from './catalogue-source'
import { actFor } from './service/actor'
import { asStaff, isOwnCustomer } from './service/staff-acting'

/**
 * An owner method: behind the session-epoch check, with the catalogue of the moment
 * (catalogue-source.ts; `type` as template.yml declares the method), its refusals in the caller's
 * language (refusals.ts).
 */
function ownerMethod<T>(handler: (data: Data<T>) => Promise<Data>, type: 'write' | 'read' = 'write'): (data: Data<T>) => Promise<Data> {
  const own = sessionChecked(withCatalogue(handler, type))
  return wordedForCaller(function (data: Data<T>): Promise<Data> {
    actFor(data, { actor: 'customer' })
    return own(data)
  })
}

/**
 * An owner method staff may also call for the customer (service/staff-acting.ts): the customer's
 * own call as above; a staff session on someone else's Account with the role and a reason.
 */
function ownerOrStaffMethod<T>(method: string, handler: (data: Data<T>) => Promise<Data>): (data: Data<T>) => Promise<Data> {
  const own = ownerMethod(handler)
  const staff = wordedForCaller(asStaff(method, withCatalogue(handler)))
  return function (data: Data<T>): Promise<Data> {
    return isOwnCustomer(data) ? own(data) : staff(data)
  }
}

export const selectPlan = ownerOrStaffMethod('selectPlan', changeLimited.selectPlan)
export const pauseSubscription = ownerOrStaffMethod('pauseSubscription', changeLimited.pauseSubscription)
export const resumeSubscription = ownerOrStaffMethod('resumeSubscription', changeLimited.resumeSubscription)
export const skipNextDelivery = ownerOrStaffMethod('skipNextDelivery', changeLimited.skipNextDelivery)
export const skipDelivery = ownerOrStaffMethod('skipDelivery', changeLimited.skipDelivery)
export const unskipDelivery = ownerOrStaffMethod('unskipDelivery', changeLimited.unskipDelivery)
export const cancelSubscription = ownerOrStaffMethod('cancelSubscription', changeLimited.cancelSubscription)
export const setDeliveryAddress = ownerOrStaffMethod('setDeliveryAddress', changeLimited.setDeliveryAddress)
export const setPreferences = ownerOrStaffMethod('setPreferences', changeLimited.setPreferences)
export const chooseCoffee = ownerOrStaffMethod('chooseCoffee', changeLimited.chooseCoffee)
export const addExtra = ownerOrStaffMethod('addExtra', changeLimited.addExtra)
export const removeExtra = ownerOrStaffMethod('removeExtra', changeLimited.removeExtra)
export const setDeliveryDay = ownerOrStaffMethod('setDeliveryDay', changeLimited.setDeliveryDay)
export const moveDelivery = ownerOrStaffMethod('moveDelivery', changeLimited.moveDelivery)
export const sendNow = ownerOrStaffMethod('sendNow', changeLimited.sendNow)
export const startPaymentSetup = ownerMethod(payments.startPaymentSetup)
export const savePaymentMethod = ownerMethod(payments.savePaymentMethod)
export const retryPayment = ownerMethod(payments.retryPayment)
export const requestEmailChange = ownerMethod(emailChange.requestEmailChange)
export const confirmEmailChange = ownerMethod(emailChange.confirmEmailChange)
export const exportMyData = ownerMethod(exported.exportMyData, 'read')
export const requestAccountDeletion = ownerMethod(deletion.requestAccountDeletion)
export const deleteMyAccount = ownerMethod(deletion.deleteMyAccount)
export const setLocale = ownerMethod(language.setLocale)
export const buyGift = ownerMethod(giftPurchase.buyGift)
export const confirmGift = ownerMethod(giftPurchase.confirmGift)
export const cancelGift = ownerOrStaffMethod('cancelGift', giftPurchase.cancelGift)
export const redeemGift = ownerOrStaffMethod('redeemGift', giftRedeem.redeemGift)
