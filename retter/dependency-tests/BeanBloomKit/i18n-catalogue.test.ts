/**
 * A catalogue (BeanBloomKit/i18n/catalogue): a text in the reader's language, English where a
 * language lacks it, and the checks every catalogue of the shop is held to.
 */
import { Catalogue, catalogueProblems, translate } from '@retter-shared/BeanBloomKit/i18n/catalogue'

const GOOD: Catalogue = {
  en: { bags: '{n, plural, one {# bag} other {# bags}} of {coffee}', brand: 'Bean & Bloom', hello: 'Hello {name}' },
  de: { bags: '{n, plural, one {# Beutel} other {# Beutel}} {coffee}', brand: 'Bean & Bloom', hello: 'Hallo {name}' },
  fr: { bags: '{n, plural, one {# sachet} other {# sachets}} de {coffee}', brand: 'Bean & Bloom', hello: 'Bonjour {name}' },
  nl: { bags: '{n, plural, one {# zak} other {# zakken}} {coffee}', brand: 'Bean & Bloom', hello: 'Hallo {name}' },
  it: { bags: '{n, plural, one {# sacchetto} other {# sacchetti}} di {coffee}', brand: 'Bean & Bloom', hello: 'Ciao {name}' },
  es: { bags: '{n, plural, one {# bolsa} other {# bolsas}} de {coffee}', brand: 'Bean & Bloom', hello: 'Hola {name}' },
}

test('a text is written in the reader’s language, with its values and its plural rules', () => {
  expect(translate(GOOD, 'de', 'hello', { name: 'Jonas' })).toBe('Hallo Jonas')
  expect(translate(GOOD, 'fr', 'bags', { n: 2, coffee: 'Kenya' })).toBe('2 sachets de Kenya')
  expect(translate(GOOD, 'en', 'bags', { n: 1, coffee: 'Kenya' })).toBe('1 bag of Kenya')
})

test('a key a language lacks is written in English; a key English lacks is an error that names it', () => {
  const partial: Catalogue = { ...GOOD, nl: { brand: 'Bean & Bloom' } }
  expect(translate(partial, 'nl', 'hello', { name: 'Daan' })).toBe('Hello Daan')
  expect(() => translate(GOOD, 'it', 'goodbye')).toThrow('No message "goodbye" in the catalogue')
})

test('a well-kept catalogue has no problems', () => {
  expect(catalogueProblems(GOOD, ['brand'])).toEqual([])
})

test('each kind of problem is named with its language and key', () => {
  const bad: Catalogue = {
    ...GOOD,
    de: { bags: '{n, plural, one {# Beutel}}', brand: 'Bean & Bloom', hello: 'Hallo {nom}', extra: 'Zusatz' },
    fr: { bags: GOOD.fr.bags as string, brand: 'Bean & Bloom' },
    es: { ...GOOD.es, hello: 'Hello {name}' },
  }
  expect(catalogueProblems(bad, ['brand'])).toEqual([
    'de extra: not an English key',
    expect.stringMatching(/^de bags: Message .* no "other" branch$/),
    'de hello: values {nom} where English has {name}',
    'fr hello: missing',
    'es hello: still the English text',
  ])
  // Without the exception, a text the same in every language is reported in each.
  expect(catalogueProblems(GOOD).filter((p) => p.endsWith('still the English text'))).toHaveLength(5)
})
