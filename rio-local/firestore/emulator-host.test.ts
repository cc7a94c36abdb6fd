/** FIRESTORE_EMULATOR_HOST: one parser for the runtime and the tooling, round trips and clear refusals. */
import fc from 'fast-check'
import { emulatorHostProblem, formatEmulatorHost, parseEmulatorHost } from './emulator-host'

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
const hostName = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'))
const ipv4 = fc.ipV4()
/** fast-check's IPv6 addresses, bare (`::1`, `fe80::…`, `::ffff:1.2.3.4`). */
const ipv6 = fc.ipV6()
const port = fc.integer({ min: 1, max: 65535 })

describe('parseEmulatorHost', () => {
  test('a host name or IPv4 address and a port come back as written (round trip)', () => {
    fc.assert(
      fc.property(fc.oneof(hostName, ipv4), port, (host, p) => {
        const parsed = parseEmulatorHost(`${host}:${p}`)
        expect(parsed).toEqual({ host, hostname: host, port: p })
        expect(formatEmulatorHost(parsed)).toBe(`${host}:${p}`)
      }),
    )
  })

  test('an IPv6 address in brackets keeps them in host and drops them in hostname (round trip)', () => {
    fc.assert(
      fc.property(ipv6, port, (address, p) => {
        const parsed = parseEmulatorHost(`[${address}]:${p}`)
        expect(parsed).toEqual({ host: `[${address}]`, hostname: address, port: p })
        expect(formatEmulatorHost(parsed)).toBe(`[${address}]:${p}`)
        // A bare IPv6 host (as a socket reports it) gets its brackets back.
        expect(formatEmulatorHost({ host: address, port: p })).toBe(`[${address}]:${p}`)
      }),
    )
  })

  test('surrounding spaces (a .env line) are ignored', () => {
    expect(parseEmulatorHost('  localhost:9090 ')).toEqual({ host: 'localhost', hostname: 'localhost', port: 9090 })
  })

  test('an IPv6 address without brackets is refused, saying to bracket it', () => {
    fc.assert(
      fc.property(ipv6.filter((a) => !a.includes('.')), port, (address, p) => {
        expect(() => parseEmulatorHost(`${address}:${p}`)).toThrow('an IPv6 address must be in brackets')
      }),
    )
  })

  test('a port outside 1 to 65535, or not a number, is refused, naming it', () => {
    fc.assert(
      fc.property(hostName, fc.oneof(fc.constant(0), fc.integer({ min: 65536, max: 10_000_000 })), (host, p) => {
        expect(() => parseEmulatorHost(`${host}:${p}`)).toThrow(`the port must be a number from 1 to 65535, not "${p}"`)
      }),
    )
    expect(() => parseEmulatorHost('localhost:80a')).toThrow('the port must be a number from 1 to 65535, not "80a"')
  })

  test.each([
    ['', 'it is empty'],
    ['localhost', 'the port is missing'],
    ['localhost:', 'the port is missing'],
    [':8080', 'the host is missing'],
    ['http://127.0.0.1:8080', 'no scheme (http://) belongs in it'],
    ['local host:8080', 'it contains spaces'],
    ['[::1:8080', 'the IPv6 address has no closing bracket'],
    ['[::1]8080', 'the port is missing'],
    ['[nope]:8080', '"[nope]" is not an IPv6 address'],
    ['ex_ample.com:8080', '"ex_ample.com" is not a host name or address'],
  ])('"%s" is refused: %s', (value, reason) => {
    expect(() => parseEmulatorHost(value)).toThrow(`FIRESTORE_EMULATOR_HOST must be host:port (e.g. 127.0.0.1:8080, or [::1]:8080 for IPv6): ${reason}, got "${value}"`)
    expect(emulatorHostProblem(value)).toContain(reason)
  })

  test('the message names the variable the value came from', () => {
    expect(() => parseEmulatorHost('nope', 'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST')).toThrow(/^NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST must be host:port/)
  })

  test('emulatorHostProblem agrees with parseEmulatorHost on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.tuple(fc.oneof(hostName, ipv4), port).map(([h, p]) => `${h}:${p}`)), (value) => {
        let thrown: string | undefined
        try {
          parseEmulatorHost(value)
        } catch (error) {
          thrown = (error as Error).message
        }
        expect(emulatorHostProblem(value)).toBe(thrown)
      }),
    )
  })
})
