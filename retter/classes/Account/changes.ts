/**
 * What every change to a customer's subscription or details shares: reading the subscription as
 * it stands now, refusing with a specific code, and completing a change (history, the pending
 * reminder, the roastery's boards, the customer's e-mail, the answer).
 */
import { Data } from '@retter/rdk'
import { cadenceOf, findPlan, subscriptionAt, SubscriptionChange, SubscriptionFields, withChange, withoutDelivered } from 'BeanBloomSubscription'
import { AccountUserState, customerOf, privateOf } from './customer'
import { subscriptionMail, SubscriptionEvent } from './emails'
import { sendOrQueue } from './notify'
import { keepCharge } from './charge-task'
import { keepReminder } from './reminders'
import { shippedDays, syncBoards } from './roastery'

/** The customer's user state, subscription included, as one value. */
export type CustomerView = AccountUserState & SubscriptionFields

/**
 * The customer's user state with the subscription as it stands at `nowMs` (for STATE and answers).
 * A delivery already shipped is no longer upcoming: it is in `deliveries`, on its way.
 */
export function viewAt(data: Data, nowMs: number): CustomerView {
  return shown(subscriptionAt(customerOf(data), nowMs, cadenceOf), nowMs)
}

/** `view` without its shipped deliveries among the upcoming ones (in place). */
function shown(view: CustomerView, nowMs: number): CustomerView {
  return withoutDelivered(view, shippedDays(view), nowMs)
}

/** Brings the stored subscription up to `nowMs` (stored back) and returns it, ready to change. */
export function current(data: Data, nowMs: number): CustomerView {
  return store(data, viewAt(data, nowMs))
}

/** Replaces the customer's user state with `view`. */
export function store(data: Data, view: CustomerView): CustomerView {
  // customerOf made sure the user state exists.
  ;(data.state.user as Record<string, unknown>)[privateOf(data).userId] = view
  return view
}

/** Answers `status` with `{code, message}`; the state is left as it was. */
export function refuse(data: Data, status: number, code: string, message: string): Data {
  data.response = { statusCode: status, body: { code: code, message: message } }
  return data
}

function manageUrl(): string | undefined {
  const app = process.env.APP_URL
  return app ? app.replace(/\/+$/, '') + '/account' : undefined
}

/** The e-mails that confirm a change the customer made: only these count against their hourly cap. */
const CONFIRMATIONS: ReadonlyArray<SubscriptionEvent['kind']> = [
  'started', 'restarted', 'changed', 'paused', 'resumed', 'skipped', 'unskipped', 'cancelled', 'address', 'preferences', 'payment-method',
]

/** Sends the customer the e-mail about `event` (a failed send is queued, never thrown). */
export function mailCustomer(data: Data, view: CustomerView, event: SubscriptionEvent): Promise<void> {
  const owed = CONFIRMATIONS.indexOf(event.kind) < 0
  return sendOrQueue(data, subscriptionMail(event, {
    to: view.email,
    sub: view,
    plan: view.plan ? findPlan(view.plan) : undefined,
    address: view.delivery,
    preferences: view.preferences,
    manageUrl: manageUrl(),
    paymentMethod: view.paymentMethod,
  }), { owed: owed })
}

/** Changes of the customer's details that, made while no subscription runs, belong to the next start. */
const DETAILS_BEFORE_START: ReadonlyArray<SubscriptionChange['action']> = ['address', 'preferences']

/**
 * Completes a change: stores `view` with a history entry, keeps the reminder right, brings the
 * roastery's boards in line (unless `options.boards` is false: the change came from a board),
 * e-mails the customer about `event` (none when null) and answers the customer's state.
 */
export async function complete(
  data: Data, view: CustomerView, nowMs: number, entry: Omit<SubscriptionChange, 'at' | 'plan'>, event: SubscriptionEvent | null,
  options: { boards?: boolean } = {},
): Promise<Data> {
  // The schedule's rules derived the upcoming deliveries; shipped ones are not upcoming any more.
  shown(view, nowMs)
  const change: SubscriptionChange = { at: new Date(nowMs).toISOString(), plan: view.plan, action: entry.action }
  const extra = entry as Record<string, unknown>
  for (const key in extra) if (extra[key] !== undefined) (change as unknown as Record<string, unknown>)[key] = extra[key]
  if (view.nextDeliveryAt && (view.status === 'active' || view.status === 'paused')) change.nextDeliveryAt = view.nextDeliveryAt
  // The history is the subscription's: an address or grind given before one runs (the start
  // dialog saves them just before the plan) is stated by the start's entry and welcome e-mail.
  const running = view.status === 'active' || view.status === 'paused'
  if (running || DETAILS_BEFORE_START.indexOf(entry.action) < 0) view.history = withChange(view.history, change)
  store(data, view)
  keepReminder(data, view, nowMs)
  keepCharge(data, view, nowMs)
  if (options.boards !== false) await syncBoards(data, view, nowMs)
  if (event) await mailCustomer(data, view, event)
  data.response = { statusCode: 200, body: view }
  return data
}
