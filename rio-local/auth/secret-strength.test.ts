/** The JWT secret rule: random secrets pass, short, repeated, consecutive or low-entropy ones do not. */
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { estimatedSecretBits, MIN_SECRET_BITS, secretWeakness } from './secret-strength'

test('what the README and the refusals suggest passes: openssl rand -base64 48, 32+ random hex or base64url characters', () => {
  fc.assert(
    fc.property(fc.constantFrom('base64', 'hex', 'base64url' as const), fc.integer({ min: 16, max: 64 }), (encoding, bytes) => {
      const secret = randomBytes(bytes).toString(encoding as BufferEncoding)
      return secret.length < 32 || secretWeakness(secret) === null
    }),
    { numRuns: 500 },
  )
})

test('anything shorter than 32 characters is refused, whatever it holds', () => {
  fc.assert(fc.property(fc.string({ maxLength: 31 }), (secret) => secretWeakness(secret)?.includes('at least 32 are required') === true))
})

test('a unit repeated to 32 characters or more is refused, however random the unit', () => {
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 16 }), fc.integer({ min: 32, max: 100 }), (unit, length) => {
      const secret = unit.repeat(Math.ceil(length / unit.length) + 1).slice(0, Math.max(length, unit.length * 2))
      return secretWeakness(secret) !== null
    }),
  )
})

test('a secret over an alphabet of three characters is refused unless it is long enough to carry 96 bits', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom('x', 'y', 'z'), { minLength: 32, maxLength: 60 }), (chars) => secretWeakness(chars.join('')) !== null),
  )
})

test('runs of the alphabet or of the keyboard are refused; the estimate is the empirical entropy', () => {
  expect(secretWeakness('abcdefghijklmnopqrstuvwxyzABCDEF')).toMatch(/consecutive/)
  expect(secretWeakness('zyxwvutsrqponmlkjihgfedcba987654')).toMatch(/consecutive/)
  expect(secretWeakness('a'.repeat(32))).toBe('repeats the same character over and over, so it is easy to guess')
  expect(estimatedSecretBits('a'.repeat(32))).toBe(0)
  expect(estimatedSecretBits('ab'.repeat(32))).toBe(64)
  expect(estimatedSecretBits('0123456789abcdef'.repeat(2))).toBe(128)
  expect(MIN_SECRET_BITS).toBe(96)
})
