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
import { ownerMethod as sessionChecked } from './sign-in/session-epoch'
import { wordedForCaller } from './refusals'
import * as language from './language-setting'
import * as changeLimited from './subscription/change-limit'
import { withCatalogue } from './catalogue-source'

/**
 * An owner method: behind the session-epoch check, with the catalogue of the moment
 * (catalogue-source.ts), its refusals in the caller's language (refusals.ts).
 */
function ownerMethod<T>(handler: (data: Data<T>) => Promise<Data>): (data: Data<T>) => Promise<Data> {
  return wordedForCaller(sessionChecked(withCatalogue(handler)))
}

export const selectPlan = ownerMethod(changeLimited.selectPlan)
export const pauseSubscription = ownerMethod(changeLimited.pauseSubscription)
export const resumeSubscription = ownerMethod(changeLimited.resumeSubscription)
export const skipNextDelivery = ownerMethod(changeLimited.skipNextDelivery)
export const skipDelivery = ownerMethod(changeLimited.skipDelivery)
export const unskipDelivery = ownerMethod(changeLimited.unskipDelivery)
export const cancelSubscription = ownerMethod(changeLimited.cancelSubscription)
export const setDeliveryAddress = ownerMethod(changeLimited.setDeliveryAddress)
export const setPreferences = ownerMethod(changeLimited.setPreferences)
export const startPaymentSetup = ownerMethod(payments.startPaymentSetup)
export const savePaymentMethod = ownerMethod(payments.savePaymentMethod)
export const retryPayment = ownerMethod(payments.retryPayment)
export const requestEmailChange = ownerMethod(emailChange.requestEmailChange)
export const confirmEmailChange = ownerMethod(emailChange.confirmEmailChange)
export const exportMyData = ownerMethod(exported.exportMyData)
export const requestAccountDeletion = ownerMethod(deletion.requestAccountDeletion)
export const deleteMyAccount = ownerMethod(deletion.deleteMyAccount)
export const setLocale = ownerMethod(language.setLocale)
