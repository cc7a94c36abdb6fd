/**
 * The Account's methods anyone may call (no owner session): the sign-in code, the plans on offer,
 * the reminder e-mail's one-click links, and Stripe's webhook. template.yml routes them here (`public.<method>`); each lives with its
 * subdomain.
 */
import * as signIn from './sign-in/one-time-code'
import { wordedForCaller } from './refusals'
import { withDirectoryEntry } from './service/directory-entry'
import { withCatalogue } from './catalogue-source'
import * as links from './subscription/delivery-links'

// Their refusals in the caller's language (refusals.ts); the codes never change.
export const sendOtp = wordedForCaller(signIn.sendOtp)
// A first sign-in puts the customer in the directory support searches.
export const verifyOtp = wordedForCaller(withDirectoryEntry(signIn.verifyOtp))
export { getSubscriptionPlans } from './subscription/plans'
// The reminder e-mail's one-click links (no session: the signed link is the key), with the catalogue of the moment.
export const readDeliveryLink = wordedForCaller(withCatalogue(links.readDeliveryLink, 'read'))
export const useDeliveryLink = wordedForCaller(withCatalogue(links.useDeliveryLink))
export { stripeWebhook } from './payments/stripe-webhook'
