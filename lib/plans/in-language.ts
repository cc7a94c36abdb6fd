import type { SubscriptionPlan } from '@/lib/contract'

/**
 * The plans as the HTML of a page in `locale` carries them: each with its own words in that
 * language only. A plan's words in the five other languages were two thirds of its bytes, and the
 * page shows one language. `translations` stays (empty when the language has none, as English
 * never has), since a plan without it reads its words from the message catalogue instead
 * (lib/format/plan.ts planWord).
 */
export function plansInLanguage(plans: readonly SubscriptionPlan[], locale: string | undefined): SubscriptionPlan[] {
  return plans.map((plan) => {
    if (!plan.translations) return plan
    const own = locale ? plan.translations[locale] : undefined
    return { ...plan, translations: locale && own ? { [locale]: own } : {} }
  })
}
