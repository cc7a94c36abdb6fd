/**
 * The `Account` class: one instance per normalised e-mail (id from the BeanBloomIdentity
 * dependency), one-time-code sign-in (sign-in/one-time-code.ts), the plans (plans.ts) and the customer's
 * subscription (subscription.ts).
 * This file holds the class-level handlers of template.yml.
 */
import { respond } from 'BeanBloomKit'
import RDK, { Data, Response } from '@retter/rdk'
import { accountIdFor, ALLOW, allowOwner, customerEmail, deny, initEmail, instanceIdOfBody, isPlatformCall, STAFF_IDENTITY, userIdFor } from 'BeanBloomIdentity'
import { newCustomer, privateOf } from './customer'
import { viewAt } from './subscription/customer-view'
import { creationLimit } from './limits'
import { sessionEnded, sessionEndedResponse } from './sign-in/session-epoch'
import { inCallersWords } from './refusals'
import { stateWithCatalogue } from './catalogue-source'
import { STAFF_MAY_ACT } from './service/staff-acting'

const rdk = new RDK()

/** Lookup-key name of an Account; its value is the normalised e-mail. */
export const EMAIL_LOOKUP_KEY = 'email'

/** Methods anyone may call, signed in or not (the sign-in flow itself, the plan list, the webhook and the e-mails' signed links). */
export const OPEN_TO_ANYONE = ['INIT', 'GET', 'sendOtp', 'verifyOtp', 'getSubscriptionPlans', 'stripeWebhook', 'readDeliveryLink', 'useDeliveryLink']

/**
 * Methods only the platform runs: delayed calls (`data.tasks`) this class scheduled,
 * `recordShipment`, which the Roastery class calls (the method checks which class called), and
 * `syncPayment`, which the webhook calls after reading the payment back from Stripe.
 */
export const TASKS_ONLY = [
  'sendDeliveryReminder', 'retryMail', 'syncRoastery', 'recordShipment',
  // The Shop announces a plan's new price to its subscribers.
  'priceNotice',
  'chargeDelivery', 'confirmCharge', 'retryCharge', 'syncPayment', 'closeDelivery',
  // The Roastery refunds (staff, from the board; the method checks which class called); the task issues late documents.
  'refundPayment', 'issueDocuments',
  // Another Account moves its customer here when they change their e-mail (the method checks the caller's class).
  'adoptCustomer',
  // The mail desk (staff) sends a dead letter again (the method checks the caller's class).
  'resendDeadLetter',
  // A deletion's task forgets the deliveries that still shipped once their time is up.
  'forgetDeletedDeliveries',
  // The customer's Mailer reports what became of an e-mail (the method checks the caller's class).
  'mailReported',
  // Gifts: the giver's tasks, and what two Accounts say to each other (the methods check the caller's class).
  'sendGift', 'syncGift', 'receiveGift', 'withdrawGift', 'claimGift', 'giftUsed',
]

/** Methods for staff only (staff.ts): each checks the member's roles itself. */
export const STAFF_ONLY = ['customerForStaff', 'sendReplacement', 'resendDocument']

export async function authorizer(data: Data): Promise<Response> {
  const context = data.context
  if (OPEN_TO_ANYONE.indexOf(context.methodName) >= 0) return ALLOW
  if (TASKS_ONLY.indexOf(context.methodName) >= 0) {
    // Only the project's own code holds this identity: its delayed calls, its classes' rdk calls
    // (the Roastery records shipments), and the developer's credentials.
    return isPlatformCall(context) ? ALLOW : deny(context, context.methodName + ' runs as a scheduled task only')
  }
  if (context.methodName === 'LIST') {
    return customerEmail(context) ? ALLOW : deny(context, 'Only signed-in customers may list their accounts')
  }
  if (STAFF_ONLY.indexOf(context.methodName) >= 0) {
    return context.identity === STAFF_IDENTITY && !context.isAnonymous ? ALLOW : deny(context, 'Only the shop’s staff may do this')
  }
  // Staff act for a customer through the customer's own methods; the method checks their role and reason.
  if (STAFF_MAY_ACT.indexOf(context.methodName) >= 0 && context.identity === STAFF_IDENTITY && !context.isAnonymous) return ALLOW
  return allowOwner(context, accountIdFor)
}

/** The id derived from body `{email}` (INIT's body model has already checked it). */
export async function getInstanceId(data: Data<{ email: string }>): Promise<string> {
  return instanceIdOfBody(data.request.body, accountIdFor)
}

export async function init(data: Data<{ email: string }>): Promise<Data> {
  const email = initEmail(data, accountIdFor)
  if (email === null) return data
  // Throttled per source (limits.ts): Accounts for unverified addresses are not created in bulk.
  const throttled = await creationLimit(rdk, data.context.sourceIP, Date.now())
  if (throttled) {
    data.response = throttled
    return inCallersWords(data)
  }
  const userId = userIdFor(email)
  data.state.public = {}
  data.state.private = { userId: userId }
  data.state.user = {}
  data.state.user[userId] = newCustomer(email)
  const bound = await rdk.setLookUpKey({ key: { name: EMAIL_LOOKUP_KEY, value: email } })
  if (!bound || !bound.success) throw new Error('Account.init: the email lookup key could not be set: ' + (bound ? bound.error : 'no answer'))
  respond(data)
  return data
}

/**
 * STATE shows the caller their own user state only, and never private state (it holds the code
 * hash). The subscription is shown as it stands now (a pause whose day has passed reads as active).
 * A session of this Account's user that began before its session epoch gets 401 SESSION_ENDED
 * (session-epoch.ts): it must not read whoever holds the address now.
 */
export const getState = stateWithCatalogue(stateOf)

async function stateOf(data: Data): Promise<Response> {
  const userId = data.context.userId
  if (userId && data.state.private && userId === privateOf(data).userId && sessionEnded(data)) return sessionEndedResponse()
  const user: Record<string, unknown> = {}
  if (userId && data.state.user && data.state.user[userId]) user[userId] = viewAt(data, Date.now())
  return { statusCode: 200, body: { public: data.state.public || {}, private: {}, user: user, role: data.state.role || {} } }
}
