/**
 * The Shop's catalogue methods: anyone reads the plans on offer and the coffees available
 * (`getCatalogue`); owners create, edit and retire plans, save coffees and change a plan's price
 * with notice. Every change is on the audit log; nothing is half-saved (a refusal changes nothing).
 * The Accounts read the whole catalogue (`getCatalogue {all: true}`, platform) at each request, and
 * each keeps the plans its subscription is on in its customer-directory entry, where a price change
 * finds them. The list the Shop kept of them before (`subscribers`) is still read, and emptied as
 * each Account's entry comes to name its plans (`noteSubscriber` with none).
 */
import { refuse, respond } from 'BeanBloomKit'
import { callLater } from 'BeanBloomKit/tasks'
import { LOCALES } from 'BeanBloomKit/i18n/locales'
import { Data } from '@retter/rdk'
import { isPlatformCall } from 'BeanBloomIdentity'
import {
  Catalogue, CataloguePlan, checkAmount, checkCoffee, checkExtra, checkPlan, Coffee, Extra, extrasOf, findCoffee, findExtra, firstDayAtNewPrice, missingTranslations,
  plansOnOffer, priceNoticeDays, sortOrderClashes,
} from 'BeanBloomSubscription'
import { seedCatalogue } from 'BeanBloomSubscription'
import { record } from './audit'
import { memberWhoMay, ShopPrivate, shopOf } from './state'
import { subscribersOfPlan } from './directory'

/** The languages a plan carries words in besides English. */
export const PLAN_LOCALES: ReadonlyArray<string> = LOCALES.filter(function (l) { return l !== 'en' })

/** The method an Account runs when a price change reaches one of its plans. */
export const PRICE_NOTICE_METHOD = 'priceNotice'

/** The catalogue in state (seeded on first use: a Shop opened before the catalogue existed). */
export function catalogueOf(shop: ShopPrivate): Catalogue {
  if (!shop.catalogue || !Array.isArray(shop.catalogue.plans)) shop.catalogue = seedCatalogue()
  extrasOf(shop.catalogue)
  return shop.catalogue
}

function priceText(cents: number): string {
  return (cents / 100).toFixed(2) + ' EUR'
}

/** The caller's e-mail when they may manage the catalogue; otherwise the 403 is answered. */
function catalogueOwner(data: Data): string | undefined {
  return memberWhoMay(data, 'catalogue.manage', 'Only an owner may manage the catalogue.')
}

/**
 * READ (anyone): `{plans, coffees, extras}`, the active plans, the available coffees and the extras
 * on offer. With `{all: true}` the platform (the Accounts) and owners read everything: retired plans
 * with their price history, every coffee and extra, and for owners the sort-order clashes and the
 * languages each plan lacks.
 */
export async function getCatalogue(data: Data<{ all?: boolean }>): Promise<Data> {
  const shop = shopOf(data)
  const catalogue = catalogueOf(shop)
  const all = !!(data.request.body && data.request.body.all)
  if (all && isPlatformCall(data.context)) return respond(data, catalogue)
  if (all) {
    if (!catalogueOwner(data)) return data
    const missing: { [planId: string]: string[] } = {}
    for (const plan of catalogue.plans) missing[plan.id] = missingTranslations(plan, PLAN_LOCALES)
    return respond(data, { plans: catalogue.plans, coffees: catalogue.coffees, extras: extrasOf(catalogue), sortOrderClashes: sortOrderClashes(catalogue.plans), missingTranslations: missing, priceNoticeDays: priceNoticeDays(), locales: PLAN_LOCALES })
  }
  return respond(data, {
    plans: plansOnOffer(catalogue), coffees: catalogue.coffees.filter(function (c) { return c.available }),
    extras: extrasOf(catalogue).filter(function (e) { return e.available }),
  })
}

/** WRITE (owners) {plan, create?}: creates a plan (`create`: refused when the id is taken) or edits one. */
export async function savePlan(data: Data<{ plan: unknown; create?: boolean }>): Promise<Data> {
  const shop = shopOf(data)
  const owner = catalogueOwner(data)
  if (!owner) return data
  const catalogue = catalogueOf(shop)
  const body = data.request.body || ({} as { plan: unknown; create?: boolean })
  const checked = checkPlan(body.plan, PLAN_LOCALES, catalogue.coffees)
  if (!checked.ok) return refuse(data, 400, checked.code, checked.message, { field: checked.field })
  const given = checked.value
  const index = catalogue.plans.map(function (p) { return p.id }).indexOf(given.id)
  const before = index >= 0 ? catalogue.plans[index] as CataloguePlan : undefined
  if (before && body.create) return refuse(data, 409, 'PLAN_EXISTS', 'A plan with the id "' + given.id + '" exists already; choose another id.', { field: 'plan.id' })
  if (before && before.amount !== given.amount) {
    return refuse(data, 409, 'PRICE_NEEDS_NOTICE', 'A plan’s price changes with changePrice, so its subscribers get notice; the price here stays ' + before.amount + ' cents.', { field: 'plan.amount' })
  }
  const now = new Date().toISOString()
  const plan: CataloguePlan = Object.assign({}, given, { prices: before ? before.prices : [{ amount: given.amount, at: now }] })
  if (before && before.retiredAt) plan.retiredAt = before.retiredAt
  // At most one plan is recommended: recommending this one takes it from the others.
  if (plan.recommended) for (const other of catalogue.plans) if (other.id !== plan.id) other.recommended = false
  if (before) catalogue.plans[index] = plan
  else catalogue.plans.push(plan)
  record(shop.audit, { at: now, by: owner, action: before ? 'plan.changed' : 'plan.created', target: plan.id, before: before ? summary(before) : '', after: summary(plan) })
  return respond(data, { plan: plan, sortOrderClashes: sortOrderClashes(catalogue.plans), missingTranslations: missingTranslations(plan, PLAN_LOCALES) })
}

function summary(plan: CataloguePlan): string {
  return [plan.name, plan.delivery, plan.bags + 'x' + plan.bagGrams + 'g', priceText(plan.amount), 'sort ' + plan.sortOrder, plan.recommended ? 'recommended' : '', plan.description].filter(Boolean).join(' | ').slice(0, 500)
}

/** WRITE (owners) {planId}: retires a plan; its subscribers keep it, nobody new may choose it. */
export async function retirePlan(data: Data<{ planId: string }>): Promise<Data> {
  const shop = shopOf(data)
  const owner = catalogueOwner(data)
  if (!owner) return data
  const catalogue = catalogueOf(shop)
  const planId = data.request.body ? data.request.body.planId : undefined
  const plan = catalogue.plans.filter(function (p) { return p.id === planId })[0]
  if (!plan) return refuse(data, 404, 'UNKNOWN_PLAN', 'There is no plan "' + String(planId) + '".', { field: 'planId' })
  if (plan.retiredAt) return refuse(data, 409, 'PLAN_RETIRED', 'The plan "' + plan.id + '" was retired already.', { field: 'planId' })
  plan.retiredAt = new Date().toISOString()
  plan.recommended = false
  record(shop.audit, { at: plan.retiredAt, by: owner, action: 'plan.retired', target: plan.id, before: 'on offer', after: 'retired' })
  return respond(data, { planId: plan.id, retiredAt: plan.retiredAt })
}

/** WRITE (owners) {coffee}: adds a coffee or changes one (whether it is available included). */
export async function saveCoffee(data: Data<{ coffee: unknown }>): Promise<Data> {
  const shop = shopOf(data)
  const owner = catalogueOwner(data)
  if (!owner) return data
  const catalogue = catalogueOf(shop)
  const checked = checkCoffee(data.request.body ? data.request.body.coffee : undefined)
  if (!checked.ok) return refuse(data, 400, checked.code, checked.message, { field: checked.field })
  const coffee = checked.value
  const before = findCoffee(catalogue, coffee.id)
  catalogue.coffees = catalogue.coffees.filter(function (c) { return c.id !== coffee.id }).concat([coffee])
  const words = function (c: Coffee) { return [c.name, c.origin, c.process, c.roast, c.notes, c.available ? 'available' : 'not available'].join(' | ') }
  record(shop.audit, { at: new Date().toISOString(), by: owner, action: before ? 'coffee.changed' : 'coffee.added', target: coffee.id, before: before ? words(before) : '', after: words(coffee) })
  return respond(data, { coffee: coffee })
}

/**
 * WRITE (owners) {extra, create?}: adds an extra (`create`: refused when the id is taken) or changes
 * one (its price, its words, whether it is offered). Customers who added it to a delivery keep the
 * price and words they saw (their Account's lines).
 */
export async function saveExtra(data: Data<{ extra: unknown; create?: boolean }>): Promise<Data> {
  const shop = shopOf(data)
  const owner = catalogueOwner(data)
  if (!owner) return data
  const catalogue = catalogueOf(shop)
  const checked = checkExtra(data.request.body ? data.request.body.extra : undefined, PLAN_LOCALES)
  if (!checked.ok) return refuse(data, 400, checked.code, checked.message, { field: checked.field })
  const extra = checked.value
  const before = findExtra(extrasOf(catalogue), extra.id)
  if (before && data.request.body && data.request.body.create) {
    return refuse(data, 409, 'EXTRA_EXISTS', 'An extra with the id "' + extra.id + '" exists already; choose another id.', { field: 'extra.id' })
  }
  catalogue.extras = extrasOf(catalogue).filter(function (e) { return e.id !== extra.id }).concat([extra])
  const words = function (e: Extra) { return [e.name, priceText(e.amountCents), e.vat + ' VAT', e.available ? 'available' : 'not available'].join(' | ') }
  record(shop.audit, { at: new Date().toISOString(), by: owner, action: before ? 'extra.changed' : 'extra.added', target: extra.id, before: before ? words(before) : '', after: words(extra) })
  return respond(data, { extra: extra })
}

/**
 * WRITE (owners) {planId, amountCents}: the plan's new price, for new subscriptions at once and for
 * its existing subscribers from their first delivery whose final moment is PRICE_NOTICE_DAYS away.
 * Each subscriber's Account is told (a task each), e-mails them and charges by the rule. The
 * subscribers are found in the customer directory first: when a shard does not answer, nothing is
 * changed (503), since a price could otherwise reach a customer nobody told.
 * Answers `{planId, amountCents, from}`: `from` is the first day existing subscribers pay it.
 */
export async function changePrice(data: Data<{ planId: string; amountCents: number }>): Promise<Data> {
  const shop = shopOf(data)
  const owner = catalogueOwner(data)
  if (!owner) return data
  const catalogue = catalogueOf(shop)
  const body = data.request.body || ({} as { planId: string; amountCents: number })
  const plan = catalogue.plans.filter(function (p) { return p.id === body.planId })[0]
  if (!plan) return refuse(data, 404, 'UNKNOWN_PLAN', 'There is no plan "' + String(body.planId) + '".', { field: 'planId' })
  if (plan.retiredAt) return refuse(data, 409, 'PLAN_RETIRED', 'The plan "' + plan.id + '" is retired; nobody new can choose it, and its subscribers keep their price.', { field: 'planId' })
  const amount = checkAmount(body.amountCents, 'amountCents')
  if (!amount.ok) return refuse(data, 400, amount.code, amount.message, { field: 'amountCents' })
  if (amount.value === plan.amount) return refuse(data, 409, 'SAME_PRICE', 'The plan "' + plan.id + '" costs ' + plan.amount + ' cents already.', { field: 'amountCents' })
  // The change's moment comes before the directory is asked: a customer who chooses the plan while
  // it answers chose it before the change, and their Account tells them (catalogue-source.ts).
  const nowMs = Date.now()
  const at = new Date(nowMs).toISOString()
  const listed = await subscribersOfPlan(plan.id)
  if (!listed) return refuse(data, 503, 'SUBSCRIBERS_UNAVAILABLE', 'Part of the customer directory did not answer, so the plan’s subscribers could not all be found; the price was not changed. Try again in a moment.')
  const before = plan.amount
  plan.prices.push({ amount: amount.value, at: at })
  plan.amount = amount.value
  const from = firstDayAtNewPrice(nowMs, priceNoticeDays())
  record(shop.audit, { at: at, by: owner, action: 'price.changed', target: plan.id, before: priceText(before), after: priceText(amount.value) + ' (existing subscribers from ' + from.slice(0, 10) + ')' })
  // An Account in both lists is told once; one told of a plan it left says nothing (priceNotice checks).
  const told: { [accountId: string]: boolean } = {}
  const legacy = shop.subscribers || {}
  const unmoved = Object.keys(legacy).filter(function (accountId) { return (legacy[accountId] || []).indexOf(plan.id) >= 0 })
  for (const accountId of listed.concat(unmoved)) {
    if (told[accountId]) continue
    told[accountId] = true
    callLater(data, { classId: 'Account', instanceId: accountId, method: PRICE_NOTICE_METHOD }, { planId: plan.id, at: at })
  }
  return respond(data, { planId: plan.id, amountCents: amount.value, from: from })
}

/**
 * WRITE (platform) {accountId, plans}: the plans an Account's subscription is on (none: forgotten),
 * in the list the Shop kept before the directory named them. Accounts now only send none, once their
 * directory entry names their plans; the list goes from state once it is empty.
 */
export async function noteSubscriber(data: Data<{ accountId: string; plans: string[] }>): Promise<Data> {
  const shop = shopOf(data)
  const body = data.request.body || ({} as { accountId: string; plans: string[] })
  const subscribers = shop.subscribers || {}
  const plans = Array.isArray(body.plans) ? body.plans.filter(function (p) { return typeof p === 'string' }) : []
  if (plans.length > 0) subscribers[body.accountId] = plans
  else delete subscribers[body.accountId]
  if (Object.keys(subscribers).length > 0) shop.subscribers = subscribers
  else delete shop.subscribers
  return respond(data, { noted: true })
}
