/**
 * The plans in the HTML of a page carry their words in the page's language only, and read exactly
 * as the whole plans would on that page.
 */
import fc from 'fast-check'
import { plansInLanguage } from '@/lib/plans/in-language'
import { planDescription, planFeatures, planTitle } from '@/lib/format/plan'
import { pageMessages } from '@/lib/i18n/page-messages'
import { translatorOf } from '@/lib/i18n/translator'
import { LOCALES } from '@retter-shared/BeanBloomKit/i18n/locales'
import { plansOnOffer } from '@retter-shared/BeanBloomSubscription/catalogue'
import { seedCatalogue } from '@retter-shared/BeanBloomSubscription/catalogue-seed'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import type { SubscriptionPlan } from '@/lib/contract'

function reading(plan: SubscriptionPlan, locale: string) {
  const t = translatorOf(pageMessages(locale, ['plans']))
  return { name: planTitle(t, plan), description: planDescription(t, plan), features: planFeatures(t, plan) }
}

test('every plan of the shop reads the same in every language, from less than half the bytes', () => {
  const plans = plansOnOffer(seedCatalogue())
  expect(plans.length).toBeGreaterThan(0)
  for (const locale of LOCALES) {
    const sent = plansInLanguage(plans, locale)
    sent.forEach((plan, i) => expect(reading(plan, locale)).toEqual(reading(plans[i] as SubscriptionPlan, locale)))
    expect(JSON.stringify(sent).length).toBeLessThan(JSON.stringify(plans).length / 2)
    for (const plan of sent) expect(Object.keys(plan.translations ?? {})).toEqual(locale === 'en' ? [] : [locale])
  }
})

test('a plan without words of its own stays as it is: its words come from the message catalogue', () => {
  for (const locale of LOCALES) {
    const sent = plansInLanguage(PLANS, locale)
    expect(sent).toEqual(PLANS)
    sent.forEach((plan, i) => expect(reading(plan, locale)).toEqual(reading(PLANS[i] as SubscriptionPlan, locale)))
  }
})

const texts = fc.record({
  name: fc.string({ minLength: 1, maxLength: 12 }),
  description: fc.string({ maxLength: 20 }),
  features: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 3 }),
}, { requiredKeys: ['name', 'description'] })

test('whatever words a plan has in whichever languages, it reads the same in the page\'s language, and carries no other', () => {
  fc.assert(fc.property(
    fc.dictionary(fc.constantFrom(...LOCALES.filter((locale) => locale !== 'en')), texts),
    fc.constantFrom(...LOCALES),
    (translations, locale) => {
      const plan: SubscriptionPlan = { ...(PLANS[0] as SubscriptionPlan), translations }
      const [sent] = plansInLanguage([plan], locale) as [SubscriptionPlan]
      expect(reading(sent, locale)).toEqual(reading(plan, locale))
      expect(Object.keys(sent.translations ?? {}).every((key) => key === locale)).toBe(true)
      // The plan given is not changed.
      expect(plan.translations).toBe(translations)
    },
  ))
})
