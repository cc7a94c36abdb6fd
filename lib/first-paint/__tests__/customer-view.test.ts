/**
 * The customer view kept for the next load's first paint: what is read back, what is refused (a
 * malformed entry, another version, another project, texts or flags it does not know), and that it
 * never holds a secret.
 */
import fc from 'fast-check'
import {
  CUSTOMER_VIEW_VERSION, MAX_PERIODS, MAX_TEXT_LENGTH, clearCustomerView, customerViewKey, parseCustomerView, readCustomerView, writeCustomerView,
  type CustomerView, type ViewPeriod,
} from '@/lib/first-paint/customer-view'

const PROJECT = 'coffee-local'

const DAY = 86_400_000

function period(overrides: Partial<ViewPeriod> = {}): ViewPeriod {
  return {
    from: 0,
    flags: ['customer', 'switch', 'current', 'next-live'],
    texts: { 'plan-line': 'You’re on Barista · next delivery Thu 3 Dec', email: 'ana@example.com', 'next-to': 'Mina Roast, Prinsengracht 263' },
    plan: 'barista',
    ...overrides,
  }
}

function view(overrides: Partial<CustomerView> = {}, periodOverrides: Partial<ViewPeriod> = {}): CustomerView {
  return {
    v: CUSTOMER_VIEW_VERSION,
    project: PROJECT,
    uid: 'usr_1',
    savedAt: '2026-11-21T10:00:00.000Z',
    periods: [period(periodOverrides), period({ from: Date.parse('2026-11-23T00:00:00.000Z'), texts: { 'plan-line': 'You’re on Barista · next delivery Thu 10 Dec' } })],
    until: Date.parse('2026-12-05T00:00:00.000Z'),
    ...overrides,
  }
}
const withPeriod = (changes: Record<string, unknown>) => JSON.stringify({ ...view(), periods: [{ ...period(), ...changes }] })

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
  ['no end', JSON.stringify({ ...view(), until: 'soon' })],
  ['no period', JSON.stringify({ ...view(), periods: [] })],
  ['more periods than days', JSON.stringify({ ...view(), periods: Array.from({ length: MAX_PERIODS + 1 }, (_, day) => period({ from: day * DAY })) })],
  ['a first period that does not start at 0', JSON.stringify({ ...view(), periods: [period({ from: DAY })] })],
  ['periods out of order', JSON.stringify({ ...view(), periods: [period(), period({ from: 2 * DAY }), period({ from: DAY })] })],
  ['an unknown flag', withPeriod({ flags: ['customer', 'admin'] })],
  ['a flag that is not a string', withPeriod({ flags: [1] })],
  ['an unknown text', withPeriod({ texts: { script: 'x' } })],
  ['a text that is not a string', withPeriod({ texts: { email: 42 } })],
  ['a text over the limit', withPeriod({ texts: { email: 'x'.repeat(MAX_TEXT_LENGTH + 1) } })],
  ['a plan that is not a string', withPeriod({ plan: 7 })],
  ['a plan id that is not a word', withPeriod({ plan: 'x"]' })],
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
  expect(() => writeCustomerView(window.localStorage, view({}, { texts: { 'next-to': 'x'.repeat(MAX_TEXT_LENGTH + 1) } })))
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
    const written = view({ uid }, { texts: someTexts, plan })
    writeCustomerView(window.localStorage, written)
    expect(parseCustomerView(window.localStorage.getItem(customerViewKey(PROJECT)), PROJECT)).toEqual(written)
  }))
})
