/** A plan's words in the page's language: the catalogue plan's own, English where it has none, the message catalogue's for a plan without words. */
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { planDescription, planFeatures, planTitle } from '@/lib/format/plan'
import { translator } from '@/test/i18n'

const barista = PLANS.find((p) => p.id === 'barista')!
const owned = { ...barista, name: 'Barista Box', translations: { de: { name: 'Barista-Box', description: 'Zwei Beutel pro Woche.', features: ['A', 'B', 'C'] }, fr: { name: 'Boîte Barista' } } }

test('a catalogue plan reads in its own words, falling back to its English ones', () => {
  expect(planTitle(translator('de'), owned)).toBe('Barista-Box')
  expect(planDescription(translator('de'), owned)).toBe('Zwei Beutel pro Woche.')
  expect(planFeatures(translator('de'), owned)).toEqual(['A', 'B', 'C'])
  expect(planTitle(translator('fr'), owned)).toBe('Boîte Barista')
  expect(planDescription(translator('fr'), owned)).toBe(barista.description)
  expect(planFeatures(translator('fr'), owned)).toEqual(barista.features)
  expect(planTitle(translator('it'), owned)).toBe('Barista Box')
  expect(planTitle(translator('en'), owned)).toBe('Barista Box')
})

test('a plan without words of its own is named from the message catalogue; its features read as written', () => {
  expect(planTitle(translator('de'), { id: 'roasters-club', name: "Roaster's Club" })).toBe('Röster-Club')
  expect(planFeatures(translator('de'), barista)).toEqual(barista.features)
})
