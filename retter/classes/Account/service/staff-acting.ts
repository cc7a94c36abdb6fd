/**
 * Staff acting for a customer (support and owners, `customer.act` in the role table): they call the
 * customer's own Account methods with their staff session and a `reason`, and the method runs as it
 * does for the customer, under the same rules (lead time, limits, payment). The reason is required
 * (400 `REASON_REQUIRED` without one); the change goes on the customer's timeline as staff's, with
 * the reason, and on the Shop's audit log with the member; the customer's e-mail says the shop made
 * it at their request.
 */
import { refuse } from 'BeanBloomKit'
import RDK, { Data } from '@retter/rdk'
import { accountIdFor, customerEmail, recordStaffAction, staffEmailOf, staffMayDo } from 'BeanBloomIdentity'
import { actFor } from './actor'

const rdk = new RDK()

/** The Account methods staff may call for a customer (the authorizer lets staff sessions through to these only). */
export const STAFF_MAY_ACT = [
  'selectPlan', 'pauseSubscription', 'resumeSubscription', 'skipNextDelivery', 'skipDelivery', 'unskipDelivery',
  'cancelSubscription', 'setDeliveryAddress', 'setPreferences', 'chooseCoffee', 'setDeliveryDay',
  'moveDelivery', 'sendNow', 'addExtra', 'removeExtra',
  // A gift: taken back for a refund on the giver's behalf, or started for its recipient (never bought for someone).
  'cancelGift', 'redeemGift',
]
/** What staff alone do for a customer, on the customer's Account (staff.ts): a free replacement, a document sent again. */
export const STAFF_ONLY_ACTS = ['sendReplacement', 'resendDocument']
/**
 * The field that carries staff's reason: `reason`, but for a cancellation, whose `reason` is the
 * customer's (a CancelReason), the `note` (what the customer told staff, in their words).
 */
function reasonFieldOf(method: string): 'reason' | 'note' {
  return method === 'cancelSubscription' ? 'note' : 'reason'
}
/** Characters a reason needs at least, and may have at most. */
export const REASON_MIN = 3
export const REASON_MAX = 500

/** True when the caller is this Account's own customer (a member of staff on their own account is). */
export function isOwnCustomer(data: Data): boolean {
  const email = customerEmail(data.context)
  return !!email && data.context.instanceId === accountIdFor(email)
}

/**
 * `handler` for staff acting for the customer: refuses anyone whose roles do not allow
 * `customer.act` (403) and a missing reason (400), then runs it as the customer's own method would,
 * and records it on the audit log once it succeeded.
 */
export function asStaff<T>(method: string, handler: (data: Data<T>) => Promise<Data>): (data: Data<T>) => Promise<Data> {
  return async function (data: Data<T>): Promise<Data> {
    const email = staffEmailOf(data.context)
    if (!email || STAFF_MAY_ACT.concat(STAFF_ONLY_ACTS).indexOf(method) < 0 || !(await staffMayDo(rdk, data.context, 'customer.act'))) {
      return refuse(data, 403, 'FORBIDDEN', 'Only support and owners may act for a customer.')
    }
    const body = (data.request.body || {}) as unknown as { reason?: unknown; note?: unknown }
    const field = reasonFieldOf(method)
    const given = body[field]
    const reason = typeof given === 'string' ? given.trim() : ''
    if (reason.length < REASON_MIN || reason.length > REASON_MAX) {
      return refuse(data, 400, 'REASON_REQUIRED', 'Say why you make this change for the customer (' + REASON_MIN + ' to ' + REASON_MAX + ' characters): it goes on their timeline.', { field: field })
    }
    // The method never sees staff's reason as its own (a cancellation's note is the customer's words, relayed).
    if (field === 'reason') delete body.reason
    actFor(data, { actor: 'staff', staffEmail: email, reason: reason })
    const done = await handler(data)
    const status = done.response ? done.response.statusCode : 200
    if (status >= 200 && status < 300) await recordStaffAction(rdk, data.context, { action: 'customer.' + method, target: data.context.instanceId || '', after: reason })
    return done
  }
}
