import type { PlanInterval, SubscriptionPlan } from '@/lib/contract'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { moneyText } from '@retter-shared/BeanBloomKit/money'

/**
 * A price given in minor units (cents) of an ISO 4217 currency, for the user's locale, by the one
 * money rule the classes' e-mails and receipts follow too (BeanBloomKit/money): always to the cent,
 * "€20.00", so a page never reads "€20" where the e-mail reads "€20.00". The rule itself, not a
 * wrapper: `formatPrice(amountMinor, currency, locale?)`, locale undefined meaning the browser's.
 */
export const formatPrice: (amountMinor: number, currency: string, locale?: string) => string = moneyText

const INTERVAL_LABELS: Record<PlanInterval, MessageKey> = { delivery: 'plans.card.perDelivery' }

/**
 * What a price is for: "per delivery". Unknown intervals (a backend newer than this app) are shown
 * as themselves rather than hidden.
 */
export function formatInterval(t: Translate, interval: PlanInterval | string): string {
  const key = INTERVAL_LABELS[interval as PlanInterval] as MessageKey | undefined
  return key ? t(key) : interval
}

/** The price of one bag of a plan in minor units (rounded to the cent). */
export function perBagAmount(plan: Pick<SubscriptionPlan, 'amount' | 'bags'>): number {
  return Math.round(plan.amount / Math.max(1, plan.bags))
}

/** A plan's prices as written: per delivery and per bag. */
export interface PlanPriceTexts {
  price: string
  perBag: string
}

/**
 * Prices as the server wrote them into a page, per plan. Keyed by what the price depends on, so a
 * plan whose price changed since is formatted anew.
 */
export type PriceTexts = Readonly<Record<string, PlanPriceTexts>>

type Priced = Pick<SubscriptionPlan, 'id' | 'amount' | 'currency' | 'bags'>

const priceKey = (plan: Priced): string => `${plan.id}:${plan.amount}:${plan.currency}:${plan.bags}`

/** A plan's prices, per delivery and per bag, formatted for `locale`. */
export function planPrices(plan: Pick<SubscriptionPlan, 'amount' | 'currency' | 'bags'>, locale?: string): PlanPriceTexts {
  return {
    price: formatPrice(plan.amount, plan.currency, locale),
    perBag: formatPrice(perBagAmount(plan), plan.currency, locale),
  }
}

/** The prices of `plans` as written (server side, for the prerendered page). */
export function priceTextsOf(plans: readonly Priced[], locale?: string): PriceTexts {
  return Object.fromEntries(plans.map((plan) => [priceKey(plan), planPrices(plan, locale)]))
}

/**
 * A plan's prices: as the page was prerendered with them when they still apply, else formatted
 * here. Hydration then repeats the server's words without formatting anything: the first currency
 * formatter of a page costs about 14 ms of main thread in Chromium (its locale data), and a browser
 * whose locale differs from the server's would otherwise write other words than the HTML holds.
 */
export function planPriceTexts(plan: Priced, prerendered: PriceTexts | null | undefined, locale?: string): PlanPriceTexts {
  return prerendered?.[priceKey(plan)] ?? planPrices(plan, locale)
}
