/**
 * The Account's methods anyone may call (no owner session): the sign-in code, the plans on offer,
 * and Stripe's webhook. template.yml routes them here (`public.<method>`); each lives with its
 * subdomain.
 */
import * as signIn from './sign-in/one-time-code'
import { wordedForCaller } from './refusals'
import { withDirectoryEntry } from './service/directory-entry'

// Their refusals in the caller's language (refusals.ts); the codes never change.
export const sendOtp = wordedForCaller(signIn.sendOtp)
// A first sign-in puts the customer in the directory support searches.
export const verifyOtp = wordedForCaller(withDirectoryEntry(signIn.verifyOtp))
export { getSubscriptionPlans } from './subscription/plans'
export { stripeWebhook } from './payments/stripe-webhook'
