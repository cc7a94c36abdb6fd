import { PlanLine } from './PlanLine'
import type { SubscriptionFields, SubscriptionPlan } from '@/lib/contract'
import { currentPlanText } from '@/lib/subscription/summary-text'
import { useLocale, useT } from '@/contexts/I18nContext'

/**
 * The line above the plans for a signed-in customer: "You're on Daily Grind · next delivery
 * Thu 3 Dec" (or paused until, or cancelled), with a way to manage it.
 */
export function CurrentPlanLine({ subscription, plans }: { subscription: SubscriptionFields | null; plans: SubscriptionPlan[] }) {
  const t = useT()
  const locale = useLocale()
  const text = currentPlanText(subscription, plans, t, locale)
  return text ? <PlanLine text={text} /> : null
}
