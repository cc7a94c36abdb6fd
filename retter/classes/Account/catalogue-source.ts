/**
 * The catalogue each Account request works with: read from the Shop (`main`) before the method runs
 * and put in use (BeanBloomSubscription catalogue.ts), so a plan, a coffee or a price an owner changed
 * is in force at the next request without a deploy. After the method, the customer-directory entry
 * names the plans this subscription is on, where a price change finds the customer.
 *
 * A Shop nobody opened yet sells the seed catalogue (reading never creates it; an owner's first
 * visit to the staff pages does). When the Shop does not answer, the catalogue last read stays in
 * use (the seed in a fresh container) and it is logged: the shop keeps selling rather than refusing
 * every customer.
 */
import RDK, { Data, Response } from '@retter/rdk'
import { SHOP_CLASS, SHOP_INSTANCE } from 'BeanBloomIdentity'
import { callUntilFree } from 'BeanBloomKit/calls'
import { Catalogue, DirectoryEntry, plansOf, priceNoticeDays, putInUse, seedCatalogue, yourPlanOf } from 'BeanBloomSubscription'
import { privateOf } from './customer'
import type { AccountUserState as Customer } from './customer'
import { keepDirectoryEntry } from './service/directory-entry'
import { keepTimeline } from './service/timeline'
import { systemUnlessSaid } from './service/actor'
import { catchUpPriceNotices } from './subscription/price-notice'

const rdk = new RDK()

function isCatalogue(body: unknown): body is Catalogue {
  return !!body && typeof body === 'object' && Array.isArray((body as Catalogue).plans) && Array.isArray((body as Catalogue).coffees)
}

/** Reads the whole catalogue from the Shop and puts it in use; answers whether it was read now. */
export async function loadCatalogue(): Promise<boolean> {
  try {
    const answer = await rdk.methodCall({ classId: SHOP_CLASS, instanceId: SHOP_INSTANCE, methodName: 'getCatalogue', body: { all: true } })
    if (answer && answer.statusCode === 404) {
      putInUse(seedCatalogue())
      return true
    }
    if (answer && answer.statusCode === 200 && isCatalogue(answer.body)) {
      putInUse(answer.body)
      return true
    }
    console.error('[catalogue] the Shop answered ' + (answer ? answer.statusCode : 'nothing') + '; the catalogue last read stays in use')
  } catch (err) {
    console.error('[catalogue] the Shop could not be asked (' + String(err) + '); the catalogue last read stays in use')
  }
  return false
}

/**
 * Takes this Account out of the list of subscribers the Shop kept before the directory named their
 * plans, once the directory holds what a price change needs (`held`: its entry, with its plans, as
 * the shard now holds it; null for no entry, which will do only for an Account on no plan). A price
 * change then finds it in one of the two, never in neither. Asked once; a failure is logged and
 * asked again at the next request.
 */
export async function leaveShopList(data: Data, held: DirectoryEntry | null | undefined): Promise<void> {
  const priv = data.state && data.state.private ? privateOf(data) : undefined
  if (!priv || !priv.shopNoted || held === undefined) return
  const customer = priv.userId && data.state.user ? (data.state.user[priv.userId] as Customer | undefined) : undefined
  if (held === null && plansOf(customer).length > 0) return
  const answer = await callUntilFree(function () { return rdk.methodCall({ classId: SHOP_CLASS, instanceId: SHOP_INSTANCE, methodName: 'noteSubscriber', body: { accountId: data.context.instanceId, plans: [] } }) })
  // 404: no Shop, so no list to be in.
  if (answer.statusCode === 200 || answer.statusCode === 404) delete priv.shopNoted
  else console.error('[catalogue] the Shop did not take this Account off its list (' + answer.statusCode + '); asked again at the next request')
}

/**
 * Keeps the customer's `yourPlan` (their plan as they pay it: named even once retired, their price
 * and a price change announced to them) in line with the catalogue of the moment. Written only when
 * it changed, so a request that changes nothing else does not touch the customer's live document.
 */
export function refreshYourPlan(data: Data): void {
  const priv = data.state && data.state.private ? privateOf(data) : undefined
  if (!priv || !priv.userId || !data.state.user) return
  const customer = data.state.user[priv.userId] as Customer | undefined
  if (!customer) return
  const live = customer.status === 'active' || customer.status === 'paused'
  const plan = live && customer.segments ? yourPlanOf(customer.segments, Date.now(), priceNoticeDays()) : undefined
  if (JSON.stringify(plan) === JSON.stringify(customer.yourPlan)) return
  if (plan) customer.yourPlan = plan
  else delete customer.yourPlan
}

/**
 * A method of an Account instance that runs with the catalogue of the moment and keeps the
 * customer's plan, their timeline and their directory entry (with the plans they are on) in line.
 * A WRITE also announces a recent price change the customer was not told of; a READ (`'read'`),
 * whose state is not kept, does not.
 */
export function withCatalogue<T>(handler: (data: Data<T>) => Promise<Data>, type: 'write' | 'read' = 'write'): (data: Data<T>) => Promise<Data> {
  return async function (data: Data<T>): Promise<Data> {
    systemUnlessSaid(data)
    await loadCatalogue()
    const done = await handler(data)
    refreshYourPlan(done)
    if (type === 'write') catchUpPriceNotices(done)
    keepTimeline(done)
    await leaveShopList(done, await keepDirectoryEntry(done))
    return done
  }
}

/** A STATE read with the catalogue of the moment (the customer's plan is named from it). */
export function stateWithCatalogue(read: (data: Data) => Promise<Response>): (data: Data) => Promise<Response> {
  return async function (data: Data): Promise<Response> {
    await loadCatalogue()
    return read(data)
  }
}
