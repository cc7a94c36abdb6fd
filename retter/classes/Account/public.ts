/**
 * The Account's methods anyone may call (no owner session): the sign-in code, the plans on offer,
 * and Stripe's webhook. template.yml routes them here (`public.<method>`); each lives with its
 * subdomain.
 */
export { sendOtp, verifyOtp } from './sign-in/one-time-code'
export { getSubscriptionPlans } from './subscription/plans'
export { stripeWebhook } from './payments/stripe-webhook'
