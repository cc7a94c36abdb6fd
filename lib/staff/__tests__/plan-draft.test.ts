/** The staff page's plan form: its fields from a plan, and the plan the Shop takes from them. */
import fc from 'fast-check'
import { seedCatalogue } from '@retter-shared/BeanBloomSubscription/catalogue-seed'
import { checkPlan } from '@retter-shared/BeanBloomSubscription/catalogue'
import { draftOf, eurosToCents, planInputOf } from '../plan-draft'

const LOCALES = ['de', 'fr', 'nl', 'it', 'es']

test('euros as staff type them become cents; anything else is NaN (the Shop refuses it, naming the field)', () => {
  expect(eurosToCents('22')).toBe(2200)
  expect(eurosToCents('22,5')).toBe(2250)
  expect(eurosToCents(' € 22.05 ')).toBe(2205)
  for (const bad of ['', 'twenty', '22.555', '-3', '1e3']) expect(eurosToCents(bad)).toBeNaN()
  fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
    expect(eurosToCents((cents / 100).toFixed(2))).toBe(cents)
    expect(eurosToCents((cents / 100).toFixed(2).replace('.', ','))).toBe(cents)
  }))
})

test('every seed plan survives the form unchanged: its fields, and its words in every language', () => {
  const { plans, coffees } = seedCatalogue()
  for (const plan of plans) {
    const input = planInputOf(draftOf(plan, LOCALES), plan.amount)
    const checked = checkPlan(input, LOCALES, coffees)
    expect(checked.ok).toBe(true)
    const { prices: _prices, currency: _currency, interval: _interval, ...comparable } = plan
    expect(checked.ok && checked.value).toEqual({ ...comparable, currency: 'EUR', interval: 'delivery' })
  }
})

test('a new plan: lines become features, empty languages send no words, numbers are numbers', () => {
  const draft = { ...draftOf(undefined, LOCALES), id: ' espresso-box ', name: 'Espresso Box', description: 'Dark and ready.', features: 'Free delivery\n\n  Pause any time  \n', price: '18,50' }
  draft.translations.de = { name: 'Espressobox', description: '', features: '' }
  const input = planInputOf(draft, eurosToCents(draft.price))
  expect(input).toMatchObject({ id: 'espresso-box', amount: 1850, features: ['Free delivery', 'Pause any time'], bags: 1, bagGrams: 250, translations: { de: { name: 'Espressobox' } } })
  expect(Object.keys(input.translations)).toEqual(['de'])
  // A coffee of the moment goes only with the roaster's choice.
  expect(planInputOf({ ...draft, coffeeId: 'guji', roasts: ['dark'] }, 1850).coffeeId).toBeUndefined()
  expect(planInputOf({ ...draft, coffeeId: 'guji', roasts: ['roastersChoice'] }, 1850).coffeeId).toBe('guji')
})
