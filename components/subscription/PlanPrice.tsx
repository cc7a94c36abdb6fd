import type { SubscriptionPlan } from '@/lib/contract'
import { formatInterval, formatPrice, perMonthAmount } from '@/lib/format/price'

/** "€39 per month", or for a yearly plan "€390 per year (€32.50 a month)". */
export function planPriceText(plan: SubscriptionPlan, locale?: string): string {
  const price = `${formatPrice(plan.amount, plan.currency, locale)} ${formatInterval(plan.interval)}`
  const monthly = perMonthAmount(plan)
  return monthly === null ? price : `${price} (${formatPrice(monthly, plan.currency, locale)} a month)`
}
