/**
 * The customer view kept for the next load's first paint: what is read back, what is refused (a
 * malformed entry, another version, another project, texts or flags it does not know), and that it
 * never holds a secret.
 */
import fc from 'fast-check'
import {
  CUSTOMER_VIEW_VERSION, MAX_TEXT_LENGTH, clearCustomerView, customerViewKey, parseCustomerView, readCustomerView, writeCustomerView,
  type CustomerView,
} from '@/lib/first-paint/customer-view'

const PROJECT = 'coffee-local'

function view(overrides: Partial<CustomerView> = {}): CustomerView {
  return {
    v: CUSTOMER_VIEW_VERSION,
    project: PROJECT,
    uid: 'usr_1',
    savedAt: '2026-11-21T10:00:00.000Z',
    flags: ['customer', 'switch', 'current', 'next-live'],
    texts: { 'plan-line': 'You’re on Barista · next delivery Thu 3 Dec', email: 'ana@example.com', 'next-to': 'Mina Roast, Prinsengracht 263' },
    plan: 'barista',
    ...overrides,
  }
}

test('a written view reads back as written, under its project’s own key', () => {
  expect(writeCustomerView(window.localStorage, view())).toBe(true)
  expect(window.localStorage.getItem(customerViewKey(PROJECT))).not.toBeNull()
  expect(readCustomerView(window.localStorage, PROJECT)).toEqual(view())
})

test('another project’s view is never read, whether under its own key or copied under this one', () => {
  writeCustomerView(window.localStorage, view({ project: 'other-project' }))
  expect(readCustomerView(window.localStorage, PROJECT)).toBeNull()
  window.localStorage.setItem(customerViewKey(PROJECT), JSON.stringify(view({ project: 'other-project' })))
  expect(readCustomerView(window.localStorage, PROJECT)).toBeNull()
})

test.each([
  ['not JSON', '{"v":1,'],
  ['JSON but not an object', '[1,2]'],
  ['another version', JSON.stringify({ ...view(), v: 2 })],
  ['no uid', JSON.stringify({ ...view(), uid: '' })],
  ['an unknown flag', JSON.stringify({ ...view(), flags: ['customer', 'admin'] })],
  ['a flag that is not a string', JSON.stringify({ ...view(), flags: [1] })],
  ['an unknown text', JSON.stringify({ ...view(), texts: { script: 'x' } })],
  ['a text that is not a string', JSON.stringify({ ...view(), texts: { email: 42 } })],
  ['a text over the limit', JSON.stringify({ ...view(), texts: { email: 'x'.repeat(MAX_TEXT_LENGTH + 1) } })],
  ['a plan that is not a string', JSON.stringify({ ...view(), plan: 7 })],
  ['a plan id that is not a word', JSON.stringify({ ...view(), plan: 'x"]' })],
])('a malformed entry (%s) is ignored', (_case, raw) => {
  window.localStorage.setItem(customerViewKey(PROJECT), raw)
  expect(readCustomerView(window.localStorage, PROJECT)).toBeNull()
})

test('no entry, no storage, and a storage that throws all read as no view', () => {
  expect(readCustomerView(window.localStorage, PROJECT)).toBeNull()
  expect(readCustomerView(null, PROJECT)).toBeNull()
  const blocked = { getItem: () => { throw new Error('SecurityError') } } as unknown as Storage
  expect(readCustomerView(blocked, PROJECT)).toBeNull()
})

test('a text over the limit is refused by name and nothing is written', () => {
  expect(() => writeCustomerView(window.localStorage, view({ texts: { 'next-to': 'x'.repeat(MAX_TEXT_LENGTH + 1) } })))
    .toThrow(new RangeError(`The first-paint text "next-to" is ${MAX_TEXT_LENGTH + 1} characters, over ${MAX_TEXT_LENGTH}.`))
  expect(window.localStorage.getItem(customerViewKey(PROJECT))).toBeNull()
})

test('a full or blocked storage costs only the next first paint: write says false, nothing throws', () => {
  const full = { setItem: () => { throw new DOMException('QuotaExceededError') } } as unknown as Storage
  expect(writeCustomerView(full, view())).toBe(false)
  expect(writeCustomerView(null, view())).toBe(false)
})

test('clearing forgets the project’s view only', () => {
  writeCustomerView(window.localStorage, view())
  writeCustomerView(window.localStorage, view({ project: 'other-project' }))
  clearCustomerView(window.localStorage, PROJECT)
  expect(readCustomerView(window.localStorage, PROJECT)).toBeNull()
  expect(readCustomerView(window.localStorage, 'other-project')).not.toBeNull()
  expect(() => clearCustomerView(null, PROJECT)).not.toThrow()
})

test('any view read back equals the one written (property)', () => {
  const texts = fc.dictionary(fc.constantFrom('plan-line', 'email', 'next-heading', 'next-to'), fc.string({ unit: 'binary', maxLength: 80 }))
  fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 30 }), texts, fc.option(fc.stringMatching(/^[\w-]{1,20}$/)), (uid, someTexts, plan) => {
    const written = view({ uid, texts: someTexts, plan })
    writeCustomerView(window.localStorage, written)
    expect(parseCustomerView(window.localStorage.getItem(customerViewKey(PROJECT)), PROJECT)).toEqual(written)
  }))
})
