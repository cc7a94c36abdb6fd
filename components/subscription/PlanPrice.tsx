import type { Translate } from '@/lib/i18n/types'
import type { SubscriptionPlan } from '@/lib/contract'
import { formatInterval, formatPrice, perBagAmount } from '@/lib/format/price'

/** "€20.00 per delivery (€10.00 a bag)", or "€12.00 per delivery" for a one-bag plan. */
export function planPriceText(t: Translate, plan: SubscriptionPlan, locale?: string): string {
  const price = `${formatPrice(plan.amount, plan.currency, locale)} ${formatInterval(t, plan.interval)}`
  if (plan.bags <= 1) return price
  return t('subscription.price.withBag', { price, perBag: t('plans.card.perBag', { price: formatPrice(perBagAmount(plan), plan.currency, locale) }) })
}
