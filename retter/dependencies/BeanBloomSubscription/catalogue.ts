/**
 * The shop's catalogue: its plans (each with its words in every language, its price history and
 * whether it is retired) and its coffees. The Shop class keeps it; the Account reads it at each
 * request and puts it in use here, so every rule that looks a plan up (`findPlan`) sees the
 * catalogue of that moment. Pure: validation, the price in force for a delivery, and the lookups.
 */
import { PlanTexts, SubscriptionPlan, PLANS } from './plans'
import { positiveIntSetting } from 'BeanBloomKit/env'
import { DAY_MS, DeliveryCadence, gridDates, LEAD_DAYS, ScheduleSegment, segmentOn, startOfUtcDay, isoDay } from './schedule'
import { finalMomentMs } from './payments'
import { ALL_GRINDS, ALL_ROASTS, Grind, Roast } from './preferences'
import type { Extra } from './extras'

/** One price of a plan: `amount` cents from `at` (ISO instant it was set). */
export interface PriceStep {
  amount: number
  at: string
}

/** A plan as the catalogue keeps it. `amount` is always the newest step's. */
export interface CataloguePlan extends Omit<SubscriptionPlan, 'translations' | 'coffee'> {
  /** Words by language (not English, which the plan's own fields carry). */
  translations: { [locale: string]: PlanTexts }
  /** Oldest first; never empty. */
  prices: PriceStep[]
  /** For a plan whose roast is the roaster's choice: the coffee of the moment. */
  coffeeId?: string
  /** Set once retired: no new subscriptions; its subscribers keep it until they change. */
  retiredAt?: string
}

export type CoffeeRoast = 'light' | 'medium' | 'dark'
export const COFFEE_ROASTS: ReadonlyArray<CoffeeRoast> = ['light', 'medium', 'dark']

/** A coffee the roastery sells. */
export interface Coffee {
  id: string
  name: string
  /** Where it grows ("Guji, Ethiopia"). */
  origin: string
  /** How it was processed ("washed", "natural"). */
  process: string
  /** Tasting notes, comma-separated ("peach, jasmine"). */
  notes: string
  roast: CoffeeRoast
  /** Roasted and shipped now. */
  available: boolean
}

export interface Catalogue {
  plans: CataloguePlan[]
  coffees: Coffee[]
  /** What a customer may add to one delivery (absent in a catalogue stored before extras: the seed's). */
  extras?: Extra[]
}

/** Days of notice an existing subscriber gets before a new price reaches them (PRICE_NOTICE_DAYS). */
export const DEFAULT_PRICE_NOTICE_DAYS = 30
/** The least notice a setting may give: every delivery is announced (reminded) within it. */
export const MIN_PRICE_NOTICE_DAYS = 14
/** A delivery's price bounds, in cents: above nothing, and at most this (a typing slip guard). */
export const MAX_PLAN_CENTS = 50000
export const MAX_FEATURES = 8
export const CADENCES: ReadonlyArray<DeliveryCadence> = ['weekly', 'fortnightly', 'fourWeekly']

const EPOCH = new Date(0).toISOString()

/** The seed plans as a catalogue (English only: the Shop adds the seed's translations). */
export function seedPlans(): CataloguePlan[] {
  return PLANS.map(function (plan) {
    const copy = JSON.parse(JSON.stringify(plan)) as CataloguePlan
    copy.translations = {}
    copy.prices = [{ amount: plan.amount, at: EPOCH }]
    return copy
  })
}

let inUse: Catalogue | undefined

/** Puts `catalogue` in use for the lookups below (the request's catalogue). */
export function putInUse(catalogue: Catalogue): void {
  inUse = catalogue
}

/** The catalogue in use: the last one put in use, else the seed a fresh shop starts with. */
export function catalogueInUse(): Catalogue {
  if (!inUse) inUse = { plans: seedPlans(), coffees: [] }
  return inUse
}

/** The plan of this id, retired or not (its subscribers keep it); undefined for a plan never offered. */
export function findPlan(planId: string): CataloguePlan | undefined {
  const plans = catalogueInUse().plans
  for (let i = 0; i < plans.length; i++) if ((plans[i] as CataloguePlan).id === planId) return plans[i]
  return undefined
}

/** The plan of this id when it is on offer (not retired): what a new choice may name. */
export function offeredPlan(planId: string): CataloguePlan | undefined {
  const plan = findPlan(planId)
  return plan && !plan.retiredAt ? plan : undefined
}

/** The delivery cadence of a plan id, for the schedule (undefined for a plan never offered). */
export function cadenceOf(planId: string): DeliveryCadence | undefined {
  const plan = findPlan(planId)
  return plan ? plan.delivery : undefined
}

/** The coffee of this id, or undefined. */
export function findCoffee(catalogue: Catalogue, coffeeId: string | undefined): Coffee | undefined {
  if (!coffeeId) return undefined
  for (const coffee of catalogue.coffees) if (coffee.id === coffeeId) return coffee
  return undefined
}

/**
 * The coffee a delivery of `plan` roasted `roast` gets: for the roaster's choice, the plan's coffee
 * of the moment (none named: the roaster decides on the day); for a roast, the first available
 * coffee of that roast (none: the roaster decides).
 */
export function coffeeFor(catalogue: Catalogue, plan: Pick<CataloguePlan, 'coffeeId'>, roast: Roast): Coffee | undefined {
  if (roast === 'roastersChoice') {
    const chosen = findCoffee(catalogue, plan.coffeeId)
    return chosen && chosen.available ? chosen : undefined
  }
  for (const coffee of catalogue.coffees) if (coffee.available && coffee.roast === roast) return coffee
  return undefined
}

/** One plan as everyone reads it: no price history, the coffee of the moment named. */
export function planOffer(catalogue: Catalogue, plan: CataloguePlan): SubscriptionPlan {
  const out: SubscriptionPlan = {
    id: plan.id, name: plan.name, description: plan.description, amount: plan.amount, currency: plan.currency, interval: plan.interval,
    delivery: plan.delivery, bags: plan.bags, bagGrams: plan.bagGrams, grinds: plan.grinds.slice(), roasts: plan.roasts.slice(),
    features: plan.features.slice(), sortOrder: plan.sortOrder, recommended: plan.recommended,
    translations: JSON.parse(JSON.stringify(plan.translations || {})),
  }
  const coffee = plan.roasts.indexOf('roastersChoice') >= 0 ? coffeeFor(catalogue, plan, 'roastersChoice') : undefined
  if (coffee) out.coffee = { name: coffee.name, origin: coffee.origin, process: coffee.process, notes: coffee.notes }
  return out
}

/** The active plans as everyone reads them (`getSubscriptionPlans`, `getCatalogue`). */
export function plansOnOffer(catalogue: Catalogue): SubscriptionPlan[] {
  return catalogue.plans.filter(function (plan) { return !plan.retiredAt }).map(function (plan) { return planOffer(catalogue, plan) })
}

/**
 * Which of `plan`'s prices (its index in `prices`) the delivery on `date` is charged, for a customer
 * who chose the plan at `chosenAtMs` (-Infinity: before any price change, as every choice stored
 * before prices changed). A price set at or before the choice applies (the customer saw it); a later
 * one applies only when it was set at least `noticeDays` before the delivery's final moment. The
 * applicable prices are a prefix of the history, so the newest applicable one is the price.
 */
export function priceStepFor(plan: Pick<CataloguePlan, 'prices'>, chosenAtMs: number, date: string, noticeDays: number): number {
  const finalMs = finalMomentMs(date)
  let found = 0
  for (let i = 1; i < plan.prices.length; i++) {
    const atMs = Date.parse((plan.prices[i] as PriceStep).at)
    if (atMs <= chosenAtMs || finalMs >= atMs + noticeDays * DAY_MS) found = i
    else break
  }
  return found
}

/** The price (cents) of the delivery on `date` (priceStepFor's price); a plan without history costs its `amount`. */
export function priceFor(plan: Pick<CataloguePlan, 'prices' | 'amount'>, chosenAtMs: number, date: string, noticeDays: number): number {
  if (!plan.prices || plan.prices.length === 0) return plan.amount
  return (plan.prices[priceStepFor(plan, chosenAtMs, date, noticeDays)] as PriceStep).amount
}

/** When the customer chose the plan of `segment` (epoch ms); -Infinity for a segment stored before prices could change. */
export function chosenAtOf(segment: Pick<ScheduleSegment, 'chosenAt'>): number {
  return segment.chosenAt ? Date.parse(segment.chosenAt) : -Infinity
}

/** The notice the project environment gives (PRICE_NOTICE_DAYS), never less than MIN_PRICE_NOTICE_DAYS. */
export function priceNoticeDays(): number {
  return Math.max(MIN_PRICE_NOTICE_DAYS, positiveIntSetting('PRICE_NOTICE_DAYS', DEFAULT_PRICE_NOTICE_DAYS))
}

/**
 * The price (cents) of the grid's delivery on `date` in the catalogue in use: its segment's plan at
 * the price in force for it. Undefined when the day has no segment or its plan is unknown.
 */
export function deliveryPrice(segments: ReadonlyArray<ScheduleSegment>, date: string, noticeDays: number): number | undefined {
  const segment = segmentOn(segments, date)
  const plan = segment ? findPlan(segment.plan) : undefined
  if (!segment || !plan) return undefined
  return priceFor(plan, chosenAtOf(segment), date, noticeDays)
}

/** The first delivery day an existing subscriber pays a price set at `atMs`: its final moment is `noticeDays` later. */
export function firstDayAtNewPrice(atMs: number, noticeDays: number): string {
  const earliestFinal = atMs + noticeDays * DAY_MS
  let day = startOfUtcDay(earliestFinal) + (LEAD_DAYS - 1) * DAY_MS
  if (finalMomentMs(isoDay(day)) < earliestFinal) day += DAY_MS
  return isoDay(day)
}

/** A refusal of catalogue input: the field it is about, a code and the words. */
export interface CatalogueRefusal {
  ok: false
  field: string
  code: string
  message: string
}

/** A checked value, or the refusal of its first problem. */
export type Checked<T> = { ok: true; value: T } | CatalogueRefusal

export function refusal(field: string, code: string, message: string): CatalogueRefusal {
  return { ok: false, field: field, code: code, message: message }
}

/** An id of the catalogue (a plan's, a coffee's, an extra's): 1 to 40 lower-case letters, digits and dashes, a letter or digit at each end. */
export const ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/

/** Text of at most `max` characters, trimmed (`required`: not empty), or the refusal naming `field`. */
export function text(value: unknown, field: string, max: number, required: boolean): Checked<string> {
  if (value === undefined && !required) return { ok: true, value: '' }
  if (typeof value !== 'string' || (required && value.trim() === '')) return refusal(field, 'INVALID_TEXT', 'Give the ' + field + ' as text.')
  const trimmed = value.trim()
  if (trimmed.length > max) return refusal(field, 'TOO_LONG', 'The ' + field + ' is ' + trimmed.length + ' characters long; at most ' + max + ' fit.')
  return { ok: true, value: trimmed }
}

function whole(value: unknown, field: string, min: number, max: number): Checked<number> {
  if (typeof value !== 'number' || !isFinite(value) || Math.floor(value) !== value || value < min || value > max) {
    return refusal(field, 'INVALID_NUMBER', 'The ' + field + ' is a whole number from ' + min + ' to ' + max + '.')
  }
  return { ok: true, value: value }
}

/** A price in cents as the catalogue takes it: a whole number above nothing and at most MAX_PLAN_CENTS. */
export function checkAmount(value: unknown, field: string): Checked<number> {
  if (typeof value !== 'number' || !isFinite(value) || Math.floor(value) !== value || value < 1 || value > MAX_PLAN_CENTS) {
    return refusal(field, 'INVALID_PRICE', 'The price is a whole number of cents from 1 to ' + MAX_PLAN_CENTS + ' (' + (MAX_PLAN_CENTS / 100) + ' EUR).')
  }
  return { ok: true, value: value }
}

function list<T extends string>(value: unknown, field: string, allowed: ReadonlyArray<T>): Checked<T[]> {
  const ok = Array.isArray(value) && value.length > 0 && value.every(function (item, i) {
    return allowed.indexOf(item as T) >= 0 && value.indexOf(item) === i
  })
  if (!ok) return refusal(field, 'INVALID_CHOICES', 'Give the ' + field + ' as a list of ' + allowed.join(', ') + ' (at least one, each once).')
  return { ok: true, value: (value as T[]).slice() }
}

function features(value: unknown, field: string, count?: number): Checked<string[]> {
  if (!Array.isArray(value) || value.length > MAX_FEATURES || (count !== undefined && value.length !== count)) {
    const how = count !== undefined ? 'exactly ' + count + ', as in English' : 'at most ' + MAX_FEATURES
    return refusal(field, 'INVALID_FEATURES', 'Give the ' + field + ' as a list of short texts (' + how + ').')
  }
  const out: string[] = []
  for (let i = 0; i < value.length; i++) {
    const one = text(value[i], field, 80, true)
    if (!one.ok) return one
    out.push(one.value)
  }
  return { ok: true, value: out }
}

/**
 * A plan as an owner gives it (`savePlan`), checked field by field; the first problem is refused
 * naming its field (`plan.amount`, `plan.translations.de.name`). Prices and retirement are not
 * taken from here: they have their own methods.
 * @param locales the languages besides English a plan may carry words in
 * @param coffees the catalogue's coffees (a plan's coffee of the moment is one of them)
 */
export function checkPlan(input: unknown, locales: ReadonlyArray<string>, coffees: ReadonlyArray<Coffee>): Checked<Omit<CataloguePlan, 'prices' | 'retiredAt'>> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return refusal('plan', 'INVALID_PLAN', 'Give the plan as an object.')
  const given = input as { [field: string]: unknown }
  if (typeof given.id !== 'string' || !ID_PATTERN.test(given.id)) {
    return refusal('plan.id', 'INVALID_PLAN_ID', 'A plan id is 1 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit.')
  }
  const name = text(given.name, 'plan.name', 60, true)
  if (!name.ok) return name
  const description = text(given.description, 'plan.description', 300, true)
  if (!description.ok) return description
  const listed = features(given.features === undefined ? [] : given.features, 'plan.features')
  if (!listed.ok) return listed
  const amount = checkAmount(given.amount, 'plan.amount')
  if (!amount.ok) return amount
  if (given.currency !== undefined && given.currency !== 'EUR') return refusal('plan.currency', 'INVALID_CURRENCY', 'The shop charges in EUR only.')
  if (CADENCES.indexOf(given.delivery as DeliveryCadence) < 0) {
    return refusal('plan.delivery', 'UNKNOWN_CADENCE', 'The schedule knows the cadences ' + CADENCES.join(', ') + '.')
  }
  const bags = whole(given.bags, 'plan.bags', 1, 10)
  if (!bags.ok) return bags
  const grams = whole(given.bagGrams, 'plan.bagGrams', 50, 2000)
  if (!grams.ok) return grams
  const grinds = list<Grind>(given.grinds, 'plan.grinds', ALL_GRINDS)
  if (!grinds.ok) return grinds
  const roasts = list<Roast>(given.roasts, 'plan.roasts', ALL_ROASTS)
  if (!roasts.ok) return roasts
  const sortOrder = whole(given.sortOrder === undefined ? 0 : given.sortOrder, 'plan.sortOrder', -1000, 1000)
  if (!sortOrder.ok) return sortOrder
  if (given.recommended !== undefined && typeof given.recommended !== 'boolean') return refusal('plan.recommended', 'INVALID_FLAG', 'Say true or false for plan.recommended.')
  let coffeeId: string | undefined
  if (given.coffeeId !== undefined && given.coffeeId !== null && given.coffeeId !== '') {
    if (typeof given.coffeeId !== 'string' || !coffees.some(function (c) { return c.id === given.coffeeId })) {
      return refusal('plan.coffeeId', 'UNKNOWN_COFFEE', 'The coffee of the moment is one of the catalogue’s coffees.')
    }
    coffeeId = given.coffeeId
  }
  const translations: { [locale: string]: PlanTexts } = {}
  const givenTranslations = given.translations === undefined ? {} : given.translations
  if (!givenTranslations || typeof givenTranslations !== 'object' || Array.isArray(givenTranslations)) {
    return refusal('plan.translations', 'INVALID_TRANSLATIONS', 'Give the translations as an object by language.')
  }
  for (const locale of Object.keys(givenTranslations)) {
    const field = 'plan.translations.' + locale
    if (locales.indexOf(locale) < 0) return refusal(field, 'UNKNOWN_LANGUAGE', 'The shop speaks ' + locales.join(', ') + ' besides English.')
    const words = (givenTranslations as { [locale: string]: unknown })[locale]
    if (!words || typeof words !== 'object') return refusal(field, 'INVALID_TRANSLATIONS', 'Give the ' + field + ' as {name, description, features}.')
    const w = words as { [field: string]: unknown }
    const out: PlanTexts = {}
    if (w.name !== undefined && w.name !== '') {
      const n = text(w.name, field + '.name', 60, true)
      if (!n.ok) return n
      out.name = n.value
    }
    if (w.description !== undefined && w.description !== '') {
      const d = text(w.description, field + '.description', 300, true)
      if (!d.ok) return d
      out.description = d.value
    }
    if (w.features !== undefined) {
      const f = features(w.features, field + '.features', listed.value.length)
      if (!f.ok) return f
      out.features = f.value
    }
    translations[locale] = out
  }
  const plan: Omit<CataloguePlan, 'prices' | 'retiredAt'> = {
    id: given.id, name: name.value, description: description.value, amount: amount.value, currency: 'EUR', interval: 'delivery',
    delivery: given.delivery as DeliveryCadence, bags: bags.value, bagGrams: grams.value, grinds: grinds.value, roasts: roasts.value,
    features: listed.value, sortOrder: sortOrder.value, recommended: given.recommended === true, translations: translations,
  }
  if (coffeeId) plan.coffeeId = coffeeId
  return { ok: true, value: plan }
}

/** A coffee as an owner gives it (`saveCoffee`), checked field by field. */
export function checkCoffee(input: unknown): Checked<Coffee> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return refusal('coffee', 'INVALID_COFFEE', 'Give the coffee as an object.')
  const given = input as { [field: string]: unknown }
  if (typeof given.id !== 'string' || !ID_PATTERN.test(given.id)) {
    return refusal('coffee.id', 'INVALID_COFFEE_ID', 'A coffee id is 1 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit.')
  }
  const name = text(given.name, 'coffee.name', 60, true)
  if (!name.ok) return name
  const origin = text(given.origin, 'coffee.origin', 80, true)
  if (!origin.ok) return origin
  const process = text(given.process, 'coffee.process', 40, false)
  if (!process.ok) return process
  const notes = text(given.notes, 'coffee.notes', 200, false)
  if (!notes.ok) return notes
  if (COFFEE_ROASTS.indexOf(given.roast as CoffeeRoast) < 0) return refusal('coffee.roast', 'INVALID_ROAST', 'A coffee’s roast is light, medium or dark.')
  if (typeof given.available !== 'boolean') return refusal('coffee.available', 'INVALID_FLAG', 'Say true or false for coffee.available.')
  return { ok: true, value: { id: given.id, name: name.value, origin: origin.value, process: process.value, notes: notes.value, roast: given.roast as CoffeeRoast, available: given.available } }
}

/** The ids of active plans that share a `sortOrder` with another active plan (allowed, but shown to owners). */
export function sortOrderClashes(plans: ReadonlyArray<CataloguePlan>): string[] {
  const active = plans.filter(function (p) { return !p.retiredAt })
  return active.filter(function (p) { return active.some(function (q) { return q !== p && q.sortOrder === p.sortOrder }) }).map(function (p) { return p.id })
}

/** The languages (of `locales`) where the plan lacks a name or a description: shown in English, flagged to owners. */
export function missingTranslations(plan: Pick<CataloguePlan, 'translations' | 'features'>, locales: ReadonlyArray<string>): string[] {
  return locales.filter(function (locale) {
    const words = plan.translations ? plan.translations[locale] : undefined
    return !words || !words.name || !words.description || (plan.features.length > 0 && (!words.features || words.features.length !== plan.features.length))
  })
}

/**
 * The customer's own plan as they pay it (the customer's `yourPlan`): the plan as offered, retired
 * or not, with `amount` the price of their next delivery on it, and `nextPrice` the first later
 * delivery on it charged another price (a change announced with notice), within YOUR_PLAN_HORIZON
 * deliveries.
 */
export interface YourPlan extends SubscriptionPlan {
  /** Set when nobody new can choose the plan any more; its subscribers keep it. */
  retired?: true
  /** The price (cents) from `from` (an ISO delivery day) on, when it differs from `amount`. */
  nextPrice?: { amount: number; from: string }
}

/** How many deliveries ahead `yourPlanOf` looks for a price change: more than any notice period holds. */
const YOUR_PLAN_HORIZON = 60

/**
 * `YourPlan` for a subscription's segments at `nowMs` with the catalogue in use, or undefined when
 * no delivery ahead is on a plan the catalogue knows.
 */
export function yourPlanOf(segments: ReadonlyArray<ScheduleSegment>, nowMs: number, noticeDays: number): YourPlan | undefined {
  const deliveries = gridDates(segments, startOfUtcDay(nowMs), YOUR_PLAN_HORIZON)
  const first = deliveries[0]
  const plan = first ? findPlan(first.plan) : undefined
  if (!first || !plan) return undefined
  const out: YourPlan = planOffer(catalogueInUse(), plan)
  if (plan.retiredAt) out.retired = true
  // One pass: the first delivery's price is theirs now, the first that differs is the change ahead.
  let now: number | undefined
  for (const delivery of deliveries) {
    if (delivery.plan !== plan.id) break
    const cents = deliveryPrice(segments, delivery.date, noticeDays)
    if (cents === undefined) continue
    if (now === undefined) now = cents
    else if (cents !== now) {
      out.nextPrice = { amount: cents, from: delivery.date }
      break
    }
  }
  out.amount = now === undefined ? plan.amount : now
  return out
}
