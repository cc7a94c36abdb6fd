/**
 * The message format of the catalogues (BeanBloomKit/i18n/message): plurals follow each language's
 * own rules, an exact `=n` wins, `#` is the number in the language's digits, quoted text comes back
 * as written, and a message outside the subset or a missing value is refused with where and why.
 */
import fc from 'fast-check'
import { LOCALES } from '@retter-shared/BeanBloomKit/i18n/locales'
import { checkMessage, formatMessage, messageArguments, MessageSyntaxError } from '@retter-shared/BeanBloomKit/i18n/message'

const EVERY_CATEGORY = '{n, plural, zero {zero} one {one} two {two} few {few} many {many} other {other}}'
const locale = fc.constantFrom(...LOCALES)
const count = fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.double({ min: 0, max: 1000, noNaN: true }))

/** `text` written so the format reads it back as it is (ICU quoting; `#` is syntax only in a plural). */
function quoted(text: string, inPlural = false): string {
  return text.replace(/'/g, "''").replace(inPlural ? /[{}#]/g : /[{}]/g, (c) => `'${c}'`)
}

test('a plural takes the branch of the language’s own category for the number, in every language', () => {
  fc.assert(fc.property(locale, count, (lang, n) => {
    expect(formatMessage(EVERY_CATEGORY, lang, { n })).toBe(new Intl.PluralRules(lang).select(n))
  }))
})

test('an exact branch wins over the category; a category without a branch falls back to other', () => {
  fc.assert(fc.property(locale, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (lang, n, exact) => {
    const text = formatMessage(`{n, plural, =${exact} {exact} other {other}}`, lang, { n })
    expect(text).toBe(n === exact ? 'exact' : 'other')
  }))
  // French: 1,000,000 is "many", which the message leaves to "other".
  expect(formatMessage('{n, plural, one {# sac} other {# sacs}}', 'fr', { n: 1_000_000 })).toBe(`${new Intl.NumberFormat('fr').format(1_000_000)} sacs`)
})

test('# is the plural’s number in the language’s digits, also inside a select inside the plural', () => {
  fc.assert(fc.property(locale, fc.integer({ min: 0, max: 10_000_000 }), (lang, n) => {
    const digits = new Intl.NumberFormat(lang).format(n)
    expect(formatMessage('{n, plural, other {# x}}', lang, { n })).toBe(`${digits} x`)
    expect(formatMessage('{n, plural, other {{kind, select, bag {# bags} other {#}}}}', lang, { n, kind: 'bag' })).toBe(`${digits} bags`)
  }))
})

test('any text, quoted, comes back as written, and a plain {name} is its value as given', () => {
  fc.assert(fc.property(fc.string(), fc.string(), (text, value) => {
    expect(formatMessage(quoted(text), 'en')).toBe(text)
    expect(formatMessage(`${quoted(text)}{v}${quoted(text)}`, 'en', { v: value })).toBe(text + value + text)
    expect(formatMessage(`{n, plural, other {${quoted(text, true)}}}`, 'en', { n: 2 })).toBe(text)
  }))
  // A lone apostrophe before a letter is text, as the catalogues' French and Italian need it.
  expect(formatMessage("l'abonnement de {name}", 'fr', { name: 'Zoé' })).toBe("l'abonnement de Zoé")
})

test('a select takes the branch of its value, or other', () => {
  const message = '{method, select, card {by card} sepa {by direct debit} other {another way}}'
  expect(formatMessage(message, 'en', { method: 'card' })).toBe('by card')
  expect(formatMessage(message, 'en', { method: 'sepa' })).toBe('by direct debit')
  expect(formatMessage(message, 'en', { method: 'cash' })).toBe('another way')
  // Names that an object inherits are values like any other.
  expect(formatMessage(message, 'en', { method: 'toString' })).toBe('another way')
  expect(() => formatMessage('{constructor}', 'en', {})).toThrow('No value "constructor"')
})

test('the values a message needs are listed once each, nested ones included', () => {
  expect(messageArguments('{name}: {n, plural, one {# bag of {coffee}} other {# bags of {coffee}}} {name}')).toEqual(['name', 'n', 'coffee'])
  expect(messageArguments('No values')).toEqual([])
})

test.each([
  ['{n, plural, one {#}}', 'no "other" branch'],
  ['{n, plural, lots {#} other {#}}', '"lots" is not a plural category'],
  ['{n, number}', '"number" is not plural or select'],
  ['Hello {name', 'expected'],
  ['Hello }', 'a "}" that closes nothing'],
  ["'{unclosed", 'a quote that is never closed'],
  ['{1x}', '"1x" is not an argument name'],
  ['{k, select, a {1} a {2} other {3}}', 'branch "a" twice'],
])('%s is refused: %s', (message, why) => {
  expect(() => checkMessage(message)).toThrow(MessageSyntaxError)
  expect(() => checkMessage(message)).toThrow(why)
})

test('a missing value or a plural of something not a number is refused by name', () => {
  expect(() => formatMessage('Hello {name}', 'en', {})).toThrow('No value "name"')
  expect(() => formatMessage('{n, plural, other {#}}', 'en', { n: 'many' })).toThrow('Not a number "n"')
  expect(() => formatMessage('{n, plural, other {#}}', 'en', { n: '' })).toThrow('Not a number "n"')
})
