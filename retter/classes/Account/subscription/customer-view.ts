/**
 * What every change to a customer's subscription or details shares: reading the subscription as
 * it stands now, refusing with a specific code, and completing a change (history, the pending
 * reminder, the roastery's boards, the customer's e-mail, the answer).
 */
import { appLink, respond, secondsSetting } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import { cadenceOf, findPlan, subscriptionAt, SubscriptionChange, SubscriptionFields, withChange, withoutDelivered } from 'BeanBloomSubscription'
import { AccountUserState, customerOf, privateOf } from '../customer'
import { changesMail, MailContext, subscriptionMail, SubscriptionEvent } from '../mail/subscription-emails'
import { queueDigest, queueMail, waitingDigest } from '../mail/outbox'
import { keepCharge } from '../payments/charge-task'
import { keepReminder } from './reminders'
import { shippedDays, syncBoards } from './roastery-boards'
import { Locale, pathIn, storedLocale } from '../language'
import { actingOf } from '../service/actor'
import { withCoffees } from './delivery-coffee'
import { extrasOnDeliveries, withExtras } from './delivery-extras'
import { withDeliveryDays } from './delivery-weekdays'

/** The customer's user state, subscription included, as one value. */
export type CustomerView = AccountUserState & SubscriptionFields

/**
 * The customer's user state with the subscription as it stands at `nowMs` (for STATE and answers).
 * A delivery already shipped is no longer upcoming: it is in `deliveries`, on its way.
 */
export function viewAt(data: Data, nowMs: number): CustomerView {
  return withDeliveryDays(withExtras(withCoffees(shown(subscriptionAt(customerOf(data), nowMs, cadenceOf), nowMs))))
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


/** The account page in the customer's language. */
function manageUrl(locale: Locale | undefined): string | undefined {
  return appLink(pathIn(locale, '/account'))
}

/** The e-mails that confirm a change the customer made: only these count against their hourly cap. */
const CONFIRMATIONS: ReadonlyArray<SubscriptionEvent['kind']> = [
  'started', 'restarted', 'changed', 'paused', 'resumed', 'skipped', 'unskipped', 'cancelled', 'address', 'preferences', 'payment-method', 'coffee', 'day', 'moved', 'extra',
]

/**
 * Seconds a change confirmation waits in the outbox for the customer's next changes, which join
 * it (one e-mail for a burst of changes): CHANGE_MAIL_DIGEST_SECONDS in the project environment,
 * 120 when unset; 0 sends each on its own, right after the change is committed (the local
 * runtime's default, so tests read their inbox right after a change). Reminders, payments'
 * outcomes and receipts never wait; every e-mail goes after the commit (mail/outbox.ts).
 */
export const CHANGE_MAIL_DIGEST_DEFAULT_SECONDS = 120

function digestSeconds(): number {
  return secondsSetting('CHANGE_MAIL_DIGEST_SECONDS', CHANGE_MAIL_DIGEST_DEFAULT_SECONDS)
}

/**
 * Puts the customer's e-mail about `event` in the outbox, sent after this invocation commits
 * (never thrown). A confirmation of their own change waits out the digest window, joining the one
 * already waiting.
 */
export function mailCustomer(data: Data, view: CustomerView, event: SubscriptionEvent): void {
  const owed = CONFIRMATIONS.indexOf(event.kind) < 0
  const ctx: MailContext = {
    to: view.email,
    sub: view,
    plan: view.plan ? findPlan(view.plan) : undefined,
    address: view.delivery,
    preferences: view.preferences,
    manageUrl: manageUrl(storedLocale(view)),
    paymentMethod: view.paymentMethod,
    locale: storedLocale(view),
  }
  // A change staff made for the customer says so, and goes at once (not joined to the customer's own).
  const byShop = actingOf(data).actor === 'staff'
  if (byShop) ctx.byShop = true
  const window = owed || byShop ? 0 : digestSeconds()
  if (window <= 0) {
    queueMail(data, subscriptionMail(event, ctx), { owed: owed })
    return
  }
  const nowMs = Date.now()
  const waiting = waitingDigest(data, nowMs)
  if (waiting && waiting.digest) {
    const events = (waiting.digest as SubscriptionEvent[]).concat([event])
    waiting.digest = events
    waiting.mail = changesMail(events, ctx)
  } else {
    queueDigest(data, subscriptionMail(event, ctx), nowMs + window * 1000, [event])
  }
}

/**
 * The history before a start, without the address and grind-and-roast saves that directly precede
 * it (the start dialog saves them just before the plan): the start's entry and welcome e-mail state
 * them. At most one of each goes, so a start takes at most two changes off the hourly count.
 */
function foldedIntoStart(history: SubscriptionChange[] | undefined): SubscriptionChange[] {
  const kept = (history || []).slice()
  const folded: { [action: string]: boolean } = {}
  for (let last = kept[kept.length - 1]; last && (last.action === 'address' || last.action === 'preferences') && !folded[last.action]; last = kept[kept.length - 1]) {
    folded[last.action] = true
    kept.pop()
  }
  return kept
}

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
  // Extras stay only with deliveries that still are (a plan change or a cancellation may take some away).
  const extras = extrasOnDeliveries(view.extras, view.upcomingDeliveries, nowMs)
  if (extras) view.extras = extras
  else delete view.extras
  withDeliveryDays(withExtras(withCoffees(view)))
  const change: SubscriptionChange = { at: new Date(nowMs).toISOString(), plan: view.plan, action: entry.action }
  const extra = entry as Record<string, unknown>
  for (const key in extra) if (extra[key] !== undefined) (change as unknown as Record<string, unknown>)[key] = extra[key]
  if (view.nextDeliveryAt && (view.status === 'active' || view.status === 'paused')) change.nextDeliveryAt = view.nextDeliveryAt
  if (entry.action === 'started' || entry.action === 'restarted') view.history = foldedIntoStart(view.history)
  view.history = withChange(view.history, change)
  store(data, view)
  keepReminder(data, view, nowMs)
  keepCharge(data, view, nowMs)
  if (options.boards !== false) await syncBoards(data, view, nowMs)
  if (event) mailCustomer(data, view, event)
  respond(data, view)
  return data
}
