/** The shop's own catalogue holds to what every catalogue must: complete, well formed, translated. */
import { catalogueProblems, translate } from '@retter-shared/BeanBloomKit/i18n/catalogue'
import { LOCALES } from '@retter-shared/BeanBloomKit/i18n/locales'
import { CATALOGUE, NAMESPACES, SAME_AS_ENGLISH } from '@retter-shared/BeanBloomKit/i18n/messages'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'

test('every language has every key English has, with the same values, in the message format, and translated', () => {
  expect(catalogueProblems(CATALOGUE, SAME_AS_ENGLISH)).toEqual([])
})

test('a key may read as English elsewhere only when it is listed, and every listed key exists', () => {
  for (const key of SAME_AS_ENGLISH) expect(Object.keys(CATALOGUE.en)).toContain(key)
})

test('a key lives in the namespace it is named after', () => {
  for (const [name, namespace] of Object.entries(NAMESPACES)) {
    for (const key of Object.keys(namespace.en)) expect(key.startsWith(`${name}.`)).toBe(true)
  }
})

test('every plan on offer has its name and description in every language', () => {
  for (const locale of LOCALES) {
    for (const plan of PLANS) {
      expect(CATALOGUE[locale][`plans.name.${plan.id}`]).toBeTruthy()
      expect(CATALOGUE[locale][`plans.description.${plan.id}`]).toBeTruthy()
    }
  }
  // English says exactly what the backend says, so an English page reads as it always did.
  for (const plan of PLANS) {
    expect(translate(CATALOGUE, 'en', `plans.name.${plan.id}`)).toBe(plan.name)
    expect(translate(CATALOGUE, 'en', `plans.description.${plan.id}`)).toBe(plan.description)
  }
})
