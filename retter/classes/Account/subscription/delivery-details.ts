/**
 * The customer's delivery details: where the coffee goes (setDeliveryAddress) and how they like it
 * (setPreferences). WRITE, owner only; both live in the customer's user state.
 */
import { respond } from 'BeanBloomKit'
import { Data } from '@retter/rdk'
import {
  checkAddress, CoffeePreferences, DeliveryAddress, findPlan, GRIND_LABELS, isGrind, isRoast, ROAST_LABELS, SubscriptionPlan,
} from 'BeanBloomSubscription'
import { complete, current } from './customer-view'

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

function sameAddress(a: DeliveryAddress | undefined, b: DeliveryAddress): boolean {
  return JSON.stringify(a || null) === JSON.stringify(b)
}

/** The customer's user state with the version of their delivery address. */
export interface Versioned {
  delivery?: DeliveryAddress
  deliveryVersion?: number
}

/**
 * The version of the stored delivery address: counts its changes (0 without one; an address stored
 * before versions were kept reads as 1). A change made on a view of an older version is refused.
 */
export function deliveryVersionOf(view: Versioned): number {
  return typeof view.deliveryVersion === 'number' ? view.deliveryVersion : view.delivery ? 1 : 0
}

/**
 * WRITE {name, line1, line2?, city, postalCode, country, version?}: stores the delivery address. 400
 * UNSUPPORTED_COUNTRY outside the EU and the UK, 400 INVALID_POSTAL_CODE naming the country's
 * shape, 400 INVALID_ADDRESS for a missing field, one too long (in characters or in UTF-8 bytes) or one
 * a parcel label cannot print: emoji, control, private-use characters (with `field` and why).
 * The same address again changes nothing and sends nothing. `version`: the `deliveryVersion` the
 * customer's view showed when they began editing; when the address has changed since (another tab
 * or device), 409 ADDRESS_CHANGED and nothing is stored, so the last save never silently wins.
 * Without `version` the change is made whatever the version (callers that keep no view).
 */
export async function setDeliveryAddress(data: Data<{ version?: number }>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs) as ReturnType<typeof current> & Versioned
  const applied = applyAddress(view, data.request.body)
  if ('refusal' in applied) {
    data.response = applied.refusal
    return data
  }
  if (!applied.changed) {
    respond(data, view)
    return data
  }
  return complete(data, view, nowMs, { action: 'address' }, { kind: 'address', first: applied.first })
}

/** A refusal, as the method answers it. */
export interface DetailRefusal {
  statusCode: number
  body: { code: string; message: string; field?: string }
}

/**
 * Checks an address edit (`{name, line1, …, version?}`) against `view` and stores it there when it
 * may be: `changed` false for the same address again. The refusals of setDeliveryAddress.
 */
export function applyAddress(view: Versioned, input: unknown): { refusal: DetailRefusal } | { changed: boolean; first: boolean } {
  const checked = checkAddress(input)
  if (!checked.ok) return { refusal: { statusCode: 400, body: { code: checked.code, field: checked.field, message: checked.message } } }
  if (sameAddress(view.delivery, checked.address)) return { changed: false, first: false }
  const edited = input && typeof input === 'object' ? (input as { version?: unknown }).version : undefined
  const version = deliveryVersionOf(view)
  if (typeof edited === 'number' && edited !== version) {
    return {
      refusal: {
        statusCode: 409,
        body: {
          code: 'ADDRESS_CHANGED',
          message: 'Your delivery address was changed elsewhere (in another tab or on another device) after you began editing, ' +
            'so this change was not saved. Check the address saved now; save yours again if it should replace it.',
        },
      },
    }
  }
  const first = !view.delivery
  view.delivery = checked.address
  view.deliveryVersion = version + 1
  return { changed: true, first: first }
}

/**
 * Checks coffee preferences (`{grind, roast}`), against what `plan` offers when there is one: the
 * preferences, or the refusal of setPreferences.
 */
export function checkPreferences(input: Partial<CoffeePreferences> | undefined, plan: SubscriptionPlan | undefined): { refusal: DetailRefusal } | { preferences: CoffeePreferences } {
  const body = input || {}
  if (!isGrind(body.grind) || !isRoast(body.roast)) {
    return { refusal: { statusCode: 400, body: { code: 'INVALID_PREFERENCES', message: 'Choose a grind and a roast from the lists offered.' } } }
  }
  const wanted: CoffeePreferences = { grind: body.grind, roast: body.roast }
  if (plan && plan.grinds.indexOf(wanted.grind) < 0) {
    return { refusal: { statusCode: 400, body: { code: 'PREFERENCE_NOT_OFFERED', message: plan.name + ' offers ' + plan.grinds.map((g) => lowerFirst(GRIND_LABELS[g])).join(', ') + ' only.' } } }
  }
  if (plan && plan.roasts.indexOf(wanted.roast) < 0) {
    return { refusal: { statusCode: 400, body: { code: 'PREFERENCE_NOT_OFFERED', message: plan.name + ' offers ' + plan.roasts.map((r) => lowerFirst(ROAST_LABELS[r])).join(', ') + ' only.' } } }
  }
  return { preferences: wanted }
}

/**
 * WRITE {grind, roast}: stores the coffee preferences. While on a plan, 400 PREFERENCE_NOT_OFFERED
 * for a grind or roast the plan does not offer (the message lists what it does).
 */
export async function setPreferences(data: Data<Partial<CoffeePreferences>>): Promise<Data> {
  const nowMs = Date.now()
  const view = current(data, nowMs)
  const plan = (view.status === 'active' || view.status === 'paused') && view.plan ? findPlan(view.plan) : undefined
  const checked = checkPreferences(data.request.body, plan)
  if ('refusal' in checked) {
    data.response = checked.refusal
    return data
  }
  const wanted = checked.preferences
  if (view.preferences && view.preferences.grind === wanted.grind && view.preferences.roast === wanted.roast) {
    respond(data, view)
    return data
  }
  view.preferences = wanted
  // Before a subscription there is nothing to tell: the welcome e-mail states the coffee.
  return complete(data, view, nowMs, { action: 'preferences' }, plan ? { kind: 'preferences' } : null)
}
