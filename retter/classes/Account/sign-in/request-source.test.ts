/** Which network a source address counts as (sign-in/request-source.ts), over generated IPv4 and IPv6 addresses. */
import fc from 'fast-check'
import { networkOf } from './request-source'

const group = fc.integer({ min: 0, max: 0xffff })
const groups = fc.array(group, { minLength: 8, maxLength: 8 })
const byte = fc.integer({ min: 0, max: 255 })

/** An IPv6 address written any of the legal ways: full, leading zeros dropped, a run of zeros as `::`. */
function write(g: number[], style: { pad: boolean; compressAt: number; upper: boolean }): string {
  const text = g.map((n) => (style.pad ? n.toString(16).padStart(4, '0') : n.toString(16)))
  let out = text.join(':')
  // `::` may replace any run of zero groups (here: the first run at or after compressAt).
  const start = g.findIndex((n, i) => i >= style.compressAt && n === 0)
  if (start >= 0) {
    let end = start
    while (end + 1 < 8 && g[end + 1] === 0) end++
    out = `${text.slice(0, start).join(':')}::${text.slice(end + 1).join(':')}`
  }
  return style.upper ? out.toUpperCase() : out
}
const style = fc.record({ pad: fc.boolean(), compressAt: fc.integer({ min: 0, max: 8 }), upper: fc.boolean() })

test('two IPv6 addresses are one source exactly when their first 64 bits agree, however they are written', () => {
  fc.assert(
    fc.property(groups, groups, style, style, fc.boolean(), (a, b, sa, sb, samePrefix) => {
      const other = samePrefix ? [...a.slice(0, 4), ...b.slice(4)] : b
      // Skip the special forms (loopback, IPv4-mapped) this property is not about.
      const special = (g: number[]) => g.slice(0, 5).every((n) => n === 0) && (g[5] === 0xffff || (g[5] === 0 && g[6] === 0))
      if (special(a) || special(other)) return true
      const same = a.slice(0, 4).every((n, i) => n === other[i])
      return (networkOf(write(a, sa)) === networkOf(write(other, sb))) === same
    }),
    { numRuns: 2000 },
  )
})

test('IPv4 addresses are one source each; 127.0.0.0/8, ::1 and the IPv4-mapped forms are what they map to', () => {
  fc.assert(
    fc.property(byte, byte, byte, byte, (a, b, c, d) => {
      const v4 = `${a}.${b}.${c}.${d}`
      const expected = a === 127 ? '127.0.0.0/8' : v4
      return networkOf(v4) === expected && networkOf(`::ffff:${v4}`) === expected && networkOf(`[::FFFF:${v4}]`) === expected
    }),
  )
  expect(networkOf('::1')).toBe('127.0.0.0/8')
  expect(networkOf('0:0:0:0:0:0:0:1')).toBe('127.0.0.0/8')
  expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  expect(networkOf('2001:db8::')).toBe('2001:db8:0:0::/64')
})

test('what is not an address is counted as the text itself, never as someone else', () => {
  expect(networkOf('')).toBe('unknown')
  expect(networkOf('256.1.1.1')).toBe('256.1.1.1')
  expect(networkOf('1::2::3')).toBe('1::2::3')
  expect(networkOf('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9')
  expect(networkOf('not-an-ip')).toBe('not-an-ip')
})
