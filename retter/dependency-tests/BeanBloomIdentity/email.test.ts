/**
 * Properties of the e-mail rule (email.ts) over generated addresses: what it accepts has WHATWG's
 * "valid e-mail address" shape with letters, marks and digits of any script, holds no other code
 * point (no default-ignorable one in particular), is already normalised, and every spelling
 * Unicode considers the same (NFC, NFD, full-width) is the same customer.
 */
import fc from 'fast-check'
import { checkEmail, normaliseEmail } from '@retter-shared/BeanBloomIdentity/email'

// Run-time regular expressions (Node has \p{…}; the class code itself compiles to ES5).
const ALNUM = /^[\p{L}\p{M}\p{Nd}]$/u
const DEFAULT_IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u
const LOCAL_SPECIALS = new Set(".!#$%&'*+/=?^_`{|}~-")

const isAlnum = (c: string) => ALNUM.test(c) && !DEFAULT_IGNORABLE.test(c)

/** Whether an accepted address has the shape the rule promises, checked code point by code point. */
function hasPromisedShape(email: string): boolean {
  const at = email.indexOf('@')
  if (at <= 0 || email.indexOf('@', at + 1) !== -1) return false
  const local = Array.from(email.slice(0, at))
  const labels = email.slice(at + 1).split('.')
  if (!local.every((c) => isAlnum(c) || LOCAL_SPECIALS.has(c))) return false
  if (labels.length < 2) return false
  return labels.every((label) => {
    const chars = Array.from(label)
    return chars.length >= 1 && chars.length <= 63 && chars.every((c) => isAlnum(c) || c === '-') && chars[0] !== '-' && chars[chars.length - 1] !== '-'
  })
}

/** Every default-ignorable code point (computed, so the test follows Node's Unicode version). */
const DEFAULT_IGNORABLES: number[] = []
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue
  if (DEFAULT_IGNORABLE.test(String.fromCodePoint(cp))) DEFAULT_IGNORABLES.push(cp)
}

const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789', '\u00e9', '\u00f6', '\u00df', '\u0444', '\u4f8b', '\u0915', '\u0661')
const label = fc.array(letters, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''))
const validAddress = fc
  .tuple(fc.array(fc.oneof(letters, fc.constantFrom('.', '+', '-', '_')), { minLength: 1, maxLength: 20 }), fc.array(label, { minLength: 2, maxLength: 4 }))
  .map(([local, labels]) => `${local.join('')}@${labels.join('.')}`)
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff).map((cp) => String.fromCodePoint(cp))

test('whatever is typed, an accepted address has the promised shape and is already normalised', () => {
  const typed = fc.oneof(
    validAddress,
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.tuple(validAddress, fc.nat(40), fc.string({ unit: 'binary', minLength: 1, maxLength: 3 })).map(([a, i, s]) => a.slice(0, i) + s + a.slice(i)),
  )
  fc.assert(
    fc.property(typed, (raw) => {
      const checked = checkEmail(raw)
      if (!checked.ok) return true
      return hasPromisedShape(checked.email) && normaliseEmail(checked.email) === checked.email && checkEmail(checked.email).ok
    }),
    { numRuns: 3000 },
  )
})

test('a default-ignorable code point anywhere in an address is refused, each of them', () => {
  const base = 'ann.lee@example.com'
  for (const cp of DEFAULT_IGNORABLES) {
    const c = String.fromCodePoint(cp)
    // NFKC drops or maps a few of them; what it keeps must be refused.
    if (normaliseEmail(`a${c}b`) === 'ab') continue
    for (const at of [1, 4, 9, 12]) {
      const result = checkEmail(base.slice(0, at) + c + base.slice(at))
      if (result.ok) throw new Error(`U+${cp.toString(16).toUpperCase()} at ${at} was accepted`)
    }
  }
  expect(DEFAULT_IGNORABLES.length).toBeGreaterThan(4000)
})

test('a code point inserted into a valid address is either refused or normalises into the promised shape', () => {
  fc.assert(
    fc.property(validAddress, fc.nat(40), anyCodePoint, (address, at, c) => {
      const checked = checkEmail(address.slice(0, at) + c + address.slice(at))
      return !checked.ok || hasPromisedShape(checked.email)
    }),
    { numRuns: 5000 },
  )
})

test('the NFC, NFD, NFKD and full-width spellings of an address are one customer', () => {
  const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
  fc.assert(
    fc.property(validAddress, fc.boolean(), (address, upper) => {
      const typed = upper ? address.toUpperCase() : address
      const checked = checkEmail(typed)
      if (!checked.ok) return true
      return [typed.normalize('NFC'), typed.normalize('NFD'), typed.normalize('NFKD'), fullWidth(typed)].every((spelling) => {
        const again = checkEmail(spelling)
        return again.ok && again.email === checked.email
      })
    }),
    { numRuns: 2000 },
  )
})
