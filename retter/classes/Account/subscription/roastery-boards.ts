/**
 * Keeps the roastery's day boards (the Roastery class, one instance per delivery day) in line with
 * this customer's deliveries. Every change of the customer's state, and the reminder task as days
 * pass, compares what should be on the boards now with what this Account last put there (a
 * fingerprint per day in private state) and calls the Roastery of each day that differs.
 *
 * - Only days from the first one a change may reach (LEAD_DAYS ahead) are touched: closer ones are
 *   being roasted and packed, so they stay on their boards as they are (the e-mails say so too).
 * - A shipped delivery is final: it is never changed or taken off (the board keeps it as well).
 * - A failed call never undoes the customer's change: it is logged, its day keeps its old
 *   fingerprint (so the next sync tries it again) and a `syncRoastery` task is scheduled.
 */
import { runIn } from 'BeanBloomKit'
import RDK, { CloudObjectResponse, Data } from '@retter/rdk'
import { createHash } from 'crypto'
import { BoardDeliveryInput, callUntilFree, deliveryIdFor, describeFailure, REPLACEMENT_SUFFIX, replacementIdFor, succeeded } from 'BeanBloomBoard'
import { catalogueInUse, coffeeFor, extrasOn, SubscriptionFields, findPlan, firstChangeableDay, isoDay, isRoast, preferencesFor } from 'BeanBloomSubscription'
import { AccountPrivateState, AccountUserState, privateOf } from '../customer'
import { chosenCoffee } from './delivery-coffee'

const rdk = new RDK()

export const ROASTERY_CLASS = 'Roastery'
export const SYNC_METHOD = 'syncDelivery'
/** The task method that tries failed board updates again (template.yml). */
export const BOARD_RETRY_METHOD = 'syncRoastery'
/** Seconds before each retry of board updates that failed (then the next change or reminder catches up). */
export const BOARD_RETRY_DELAYS_SECONDS: ReadonlyArray<number> = [30, 120, 600, 3600, 21600]
/**
 * Pauses before each further try of a busy (570) Roastery (ms), about 3 s in all: a day's board is
 * one instance every customer of that day writes to, and opening a new day holds it for a moment.
 */
const BOARD_BUSY_DELAYS_MS: ReadonlyArray<number> = [50, 100, 200, 400, 800, 1600]

type Customer = AccountUserState & SubscriptionFields

/** `YYYY-MM-DD` of an ISO day. */
function dayKey(iso: string): string {
  return iso.slice(0, 10)
}

/** Days (`YYYY-MM-DD`) of the customer's deliveries that have been shipped. */
export function shippedDays(customer: Pick<AccountUserState, 'deliveries'>): string[] {
  return (customer.deliveries || []).map(function (d) { return dayKey(d.date) })
}

/** The board key of a free replacement shipping on `day` (`YYYY-MM-DD`): the day and REPLACEMENT_SUFFIX, beside the day's own delivery. */
function replacementKey(day: string): string {
  return day + REPLACEMENT_SUFFIX
}

/** Board keys of what left the roastery: the days of shipped deliveries and the keys of shipped replacements. */
function shippedKeys(customer: Pick<AccountUserState, 'deliveries' | 'replacements'>): string[] {
  const keys = shippedDays(customer)
  for (const r of customer.replacements || []) if (r.shippedAt) keys.push(replacementKey(dayKey(r.date)))
  return keys
}

/** The address as the board takes it. */
function boardAddress(address: NonNullable<AccountUserState['delivery']>): BoardDeliveryInput['address'] {
  const to: BoardDeliveryInput['address'] = { line1: address.line1, city: address.city, postalCode: address.postalCode, country: address.country }
  if (address.line2) to.line2 = address.line2
  return to
}

/**
 * The free replacements to put on boards, by key: each not shipped and not before `firstDay`,
 * whatever the subscription's status (staff sent it for a parcel that was lost).
 */
function boardReplacements(customer: Customer, firstDay: string): { [key: string]: BoardDeliveryInput } {
  const wanted: { [key: string]: BoardDeliveryInput } = {}
  const address = customer.delivery
  if (!address) return wanted
  for (const r of customer.replacements || []) {
    const day = dayKey(r.date)
    if (r.shippedAt || day < firstDay) continue
    const entry: BoardDeliveryInput = { plan: r.plan, grind: r.grind, roast: r.roast, bags: r.bags, name: address.name, address: boardAddress(address), replacementFor: dayKey(r.forDate) }
    const plan = findPlan(r.plan)
    const coffee = plan && isRoast(r.roast) ? coffeeFor(catalogueInUse(), plan, r.roast) : undefined
    if (coffee) entry.coffee = coffee.name
    wanted[replacementKey(day)] = entry
  }
  return wanted
}

/**
 * What should be on the boards for this customer now, by day: their upcoming deliveries that are
 * not skipped, not `shipped` and not before `firstDay` (the first day not yet being prepared), each
 * with the plan of that day.
 */
function boardDeliveries(customer: Customer, firstDay: string, shipped: string[]): { [day: string]: BoardDeliveryInput } {
  const wanted: { [day: string]: BoardDeliveryInput } = {}
  const address = customer.delivery
  if ((customer.status !== 'active' && customer.status !== 'paused') || !address || customer.paymentHoldSince) return wanted
  for (const upcoming of customer.upcomingDeliveries || []) {
    const day = dayKey(upcoming.date)
    const plan = findPlan(upcoming.plan)
    if (upcoming.skipped || day < firstDay || shipped.indexOf(day) >= 0 || !plan) continue
    const preferences = preferencesFor(plan, customer.preferences)
    const entry: BoardDeliveryInput = { plan: plan.id, grind: preferences.grind, roast: preferences.roast, bags: plan.bags, name: address.name, address: boardAddress(address) }
    // The coffee the customer chose for this delivery, or the one it gets as the catalogue of the
    // moment names it (the roaster still chooses when it names none).
    const chosen = chosenCoffee(catalogueInUse(), customer.coffeeChoices, day, plan.id)
    if (chosen) entry.roast = chosen.roast
    const coffee = chosen || coffeeFor(catalogueInUse(), plan, preferences.roast)
    if (coffee) entry.coffee = coffee.name
    const extras = extrasOn(customer.extras, day)
    // An extra of coffee (another bag of this coffee) is roasted and ground with the delivery.
    if (extras.length > 0) entry.extras = extras.map(function (e) { return e.vat === 'coffee' ? { itemId: e.itemId, name: e.name, quantity: e.quantity, bag: true } : { itemId: e.itemId, name: e.name, quantity: e.quantity } })
    wanted[day] = entry
  }
  return wanted
}

/** A short fingerprint of a board entry: private state remembers what was sent without a second copy of the address. */
export function fingerprint(delivery: BoardDeliveryInput): string {
  return createHash('sha256').update(JSON.stringify(delivery)).digest('hex').slice(0, 16)
}

/** One call this sync makes: a board key (a day, or a replacement's key) and what goes on its board (null: take it off). */
export interface BoardChange {
  day: string
  delivery: BoardDeliveryInput | null
}

/**
 * The calls that bring the boards from `sent` (fingerprints by day) to `wanted`; days being
 * prepared or shipped are left alone.
 */
export function boardChanges(sent: { [day: string]: string }, wanted: { [day: string]: BoardDeliveryInput }, firstDay: string, shipped: string[]): BoardChange[] {
  const changes: BoardChange[] = []
  for (const day of Object.keys(wanted).sort()) {
    const delivery = wanted[day] as BoardDeliveryInput
    if (sent[day] !== fingerprint(delivery)) changes.push({ day: day, delivery: delivery })
  }
  for (const day of Object.keys(sent).sort()) {
    if (day >= firstDay && shipped.indexOf(day) < 0 && !wanted[day]) changes.push({ day: day, delivery: null })
  }
  return changes
}

/** Each call to a board, tried again while the day's instance is busy. */
function untilFree(call: () => Promise<CloudObjectResponse | undefined>): Promise<CloudObjectResponse> {
  return callUntilFree(call, BOARD_BUSY_DELAYS_MS)
}

/** Puts one change on its day's board, opening the day first when nobody has yet. */
async function send(accountId: string, change: BoardChange): Promise<CloudObjectResponse> {
  const day = dayKey(change.day)
  const deliveryId = change.day === replacementKey(day) ? replacementIdFor(accountId, day) : deliveryIdFor(accountId, day)
  const body = { deliveryId: deliveryId, delivery: change.delivery }
  const call = function () {
    return rdk.methodCall({ classId: ROASTERY_CLASS, instanceId: day, methodName: SYNC_METHOD, body: body })
  }
  const answer = await untilFree(call)
  if (answer.statusCode !== 404) return answer
  if (!change.delivery) return { statusCode: 200 }
  const opened = await untilFree(function () {
    return rdk.getInstance({ classId: ROASTERY_CLASS, instanceId: day })
  })
  return succeeded(opened) ? untilFree(call) : opened
}

/** Schedules the board retry task (once at a time, with growing pauses): a board update or payment failed. */
export function retryBoardsLater(data: Data): void {
  const priv = privateOf(data)
  if (priv.boardRetryPending) return
  const attempts = priv.boardRetries || 0
  const after = BOARD_RETRY_DELAYS_SECONDS[attempts]
  if (after === undefined) {
    console.error('[Account] board updates still failing after ' + attempts + ' retries; the next change or reminder tries again')
    return
  }
  priv.boardRetryPending = true
  priv.boardRetries = attempts + 1
  runIn(data, BOARD_RETRY_METHOD, after)
}

/**
 * Brings the boards of the days this customer's deliveries touch in line with `customer` as of
 * `nowMs`. Never throws: a failed day is logged and tried again later.
 * @returns the days whose board could not be updated (empty when all went through)
 */
export async function syncBoards(data: Data, customer: Customer, nowMs: number): Promise<string[]> {
  const priv = privateOf(data)
  const accountId = data.context.instanceId || ''
  const firstDay = dayKey(isoDay(firstChangeableDay(nowMs)))
  const shipped = shippedKeys(customer)
  const sent: { [day: string]: string } = {}
  // Days being prepared or shipped will never be sent again: forget them.
  const before = priv.onBoards || {}
  for (const day in before) if (day >= firstDay && shipped.indexOf(day) < 0) sent[day] = before[day] as string
  const changes = boardChanges(sent, Object.assign(boardDeliveries(customer, firstDay, shipped), boardReplacements(customer, firstDay)), firstDay, shipped)
  const failed: string[] = []
  // Each day is its own Roastery instance, so the calls run side by side.
  const answers = await Promise.all(changes.map(function (change) { return send(accountId, change) }))
  changes.forEach(function (change, i) {
    const answer = answers[i] as CloudObjectResponse
    if (succeeded(answer)) {
      if (change.delivery) sent[change.day] = fingerprint(change.delivery)
      else delete sent[change.day]
    } else {
      failed.push(change.day)
      console.error('[Account] the roastery board of ' + change.day + ' was not updated for ' + accountId + ': ' + describeFailure(answer))
    }
  })
  priv.onBoards = sent
  if (failed.length > 0) {
    retryBoardsLater(data)
  } else if (!priv.untoldPayments) {
    // In line again (payments included); a retry task still pending finds nothing to do.
    delete priv.boardRetries
    delete priv.boardRetryPending
  }
  return failed
}

/** Carries the board bookkeeping into rebuilt private state, so a pending retry knows what is still on a board and what it was not told. */
export function keepBoardBookkeeping(from: AccountPrivateState, to: AccountPrivateState): void {
  if (from.onBoards) to.onBoards = from.onBoards
  if (from.boardRetryPending) to.boardRetryPending = from.boardRetryPending
  if (from.boardRetries) to.boardRetries = from.boardRetries
  if (from.untoldPayments) to.untoldPayments = from.untoldPayments
}
