import type { PlanInterval, SubscriptionPlan } from '@/lib/contract'

/**
 * Formats a price given in minor units (cents) of an ISO 4217 currency for the user's locale.
 * The number of minor digits comes from Intl itself (JPY has none, EUR two), so no currency is
 * special-cased here; whole amounts drop their ",00" the way price tags usually do.
 * @param amountMinor integer amount in minor units, e.g. 1250 for 12.50
 * @param currency ISO 4217 code such as "EUR"
 * @param locale BCP 47 locale; undefined means the runtime's (the browser's) locale
 */
export function formatPrice(amountMinor: number, currency: string, locale?: string): string {
  const probe = new Intl.NumberFormat(locale, { style: 'currency', currency })
  const digits = probe.resolvedOptions().maximumFractionDigits ?? 2
  const major = amountMinor / 10 ** digits
  const whole = Number.isInteger(major)
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(major)
}

const INTERVAL_LABELS: Record<PlanInterval, string> = { delivery: 'per delivery' }

/**
 * What a price is for: "per delivery". Unknown intervals (a backend newer than this app) are shown
 * as "per <interval>" rather than hidden.
 */
export function formatInterval(interval: PlanInterval | string): string {
  return INTERVAL_LABELS[interval as PlanInterval] ?? `per ${interval}`
}

/** The price of one bag of a plan in minor units (rounded to the cent). */
export function perBagAmount(plan: Pick<SubscriptionPlan, 'amount' | 'bags'>): number {
  return Math.round(plan.amount / Math.max(1, plan.bags))
}
