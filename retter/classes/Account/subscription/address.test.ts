/**
 * What an address may hold to be printed on a parcel label: no emoji or pictographs, no control,
 * invisible, private-use or unassigned characters, and each field within its character and UTF-8
 * byte bounds, each refusal saying why. The class and the form share checkAddress.
 */
import fc from 'fast-check'
import { ADDRESS_BYTE_LIMITS, ADDRESS_LIMITS, checkAddress, utf8Length, type AddressField } from '@retter-shared/BeanBloomSubscription/address'

const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
const TEXT_FIELDS: AddressField[] = ['name', 'line1', 'line2', 'city']
const LABELS: Record<string, string> = { name: 'The name', line1: 'The street address', line2: 'The second address line', city: 'The town or city' }

test.each([
  ['🙂', 'Sam 🙂 Rivera'],
  ['❤', 'Sam ❤️ Rivera'],
  ['👍🏽', 'Sam 👍🏽'],
  ['🇩🇪', 'Sam 🇩🇪'],
  ['☕', '☕ Café Rivera'],
  ['©', 'Rivera© GmbH'],
])('an emoji or pictograph (%s) is refused with the reason, naming it', (shown, name) => {
  const checked = checkAddress({ ...HOME, name })
  expect(checked).toEqual({
    ok: false, code: 'INVALID_ADDRESS', field: 'name',
    message: expect.stringMatching(/^The name contains "(.+)": emoji and pictographic symbols cannot be printed on a parcel label\. Use letters, digits and punctuation only\.$/),
  })
  // Shown whole: a flag, a skin tone, a heart with its variation selector.
  if (!checked.ok) expect(checked.message).toContain(`"${shown}`)
})

test('private-use and unassigned code points are refused as characters no font can show', () => {
  for (const odd of ['\uE000', '\u{F0000}', '\u0378']) {
    expect(checkAddress({ ...HOME, city: `Ber${odd}lin` })).toEqual({
      ok: false, code: 'INVALID_ADDRESS', field: 'city',
      message: 'The town or city contains a character no font can show (a private-use or unassigned code point), so it cannot be printed on a parcel label. Type it again.',
    })
  }
})

test('letters of any script, digits, punctuation and printable symbols such as °, № and € pass', () => {
  for (const line1 of ['Via Roma 1, 2° piano', 'ул. Тверская, № 7', 'Rue de la Paix 5 – €-Büro', '東京都千代田区丸の内1-1', 'Ελευθερίου Βενιζέλου 10']) {
    expect(checkAddress({ ...HOME, line1 })).toMatchObject({ ok: true, address: { line1 } })
  }
})

test('utf8Length counts bytes as UTF-8 encodes them, surrogate pairs as 4 bytes', () => {
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (value) => {
    expect(utf8Length(value)).toBe(Buffer.byteLength(value, 'utf8'))
  }))
})

test('a CJK name is bounded in bytes: 66 characters fit, 67 are refused with the byte bound and why', () => {
  const han = (n: number) => '山'.repeat(n)
  expect(checkAddress({ ...HOME, name: han(66) })).toMatchObject({ ok: true })
  expect(checkAddress({ ...HOME, name: han(67) })).toEqual({
    ok: false, code: 'INVALID_ADDRESS', field: 'name',
    message: 'The name is too long for a parcel label: at most 200 bytes, which is 66 characters in Chinese, Japanese or Korean script. Shorten it.',
  })
})

test('any text of 1- and 2-byte letters within the character limit also fits the byte limit', () => {
  // Latin, Latin-1, Greek and Cyrillic letters: at most 2 bytes each.
  const letter = fc.constantFrom(...'abcXYZéüßøłŁαβΩжЖщ'.split(''))
  fc.assert(fc.property(fc.constantFrom(...TEXT_FIELDS), fc.integer({ min: 1, max: 100 }), letter, (field, n, char) => {
    const value = char.repeat(Math.min(n, ADDRESS_LIMITS[field]))
    expect(utf8Length(value)).toBeLessThanOrEqual(ADDRESS_BYTE_LIMITS[field])
    expect(checkAddress({ ...HOME, [field]: value })).toMatchObject({ ok: true })
  }))
})

test('any field with an emoji anywhere in it is refused for that field, whatever surrounds it', () => {
  const emoji = fc.constantFrom('😀', '🚚', '☕', '⭐', '✈', '🎉', '🏠')
  const plain = fc.string({ unit: fc.constantFrom(...'abc XYZ-.,'.split('')), maxLength: 20 })
  fc.assert(fc.property(fc.constantFrom(...TEXT_FIELDS), plain, emoji, plain, (field, before, pictograph, after) => {
    const checked = checkAddress({ ...HOME, [field]: `${before}${pictograph}${after}` })
    expect(checked).toMatchObject({ ok: false, code: 'INVALID_ADDRESS', field })
    if (!checked.ok) expect(checked.message).toBe(`${LABELS[field]} contains "${pictograph}": emoji and pictographic symbols cannot be printed on a parcel label. Use letters, digits and punctuation only.`)
  }))
})

test('control characters keep their own message', () => {
  expect(checkAddress({ ...HOME, name: 'Sam\u0007Rivera' })).toMatchObject({
    ok: false, field: 'name', message: 'The name contains invisible or control characters (often from copy and paste). Type it again.',
  })
})
