/**
 * FIRESTORE_EMULATOR_HOST (`host:port`, the address of the Cloud Firestore emulator) read in ONE
 * place, for the runtime (rio-local/config.ts, the tests' Firebase clients) and the dev tooling
 * (scripts/lib/config.ts): the same value is never split two ways.
 */

/** An emulator address as its parts. */
export interface EmulatorHost {
  /** As written: a name, an IPv4 address, or an IPv6 address in brackets (`[::1]`), so `host:port` is a URL authority. */
  host: string
  /** The host without IPv6 brackets: what a socket listens on or connects to (`::1`). */
  hostname: string
  port: number
}

/** Thrown for a value that is not `host:port`; the message names the variable and what is wrong. */
export class EmulatorHostError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    reason: string,
  ) {
    super(`${variable} must be host:port (e.g. 127.0.0.1:8080, or [::1]:8080 for IPv6): ${reason}, got "${value}"`)
    this.name = 'EmulatorHostError'
  }
}

/** A host name or IPv4 address: letters, digits, dots and dashes. */
const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/
/** The inside of `[…]`: hex groups and colons, an IPv4 tail allowed (`::ffff:127.0.0.1`). */
const IPV6 = /^[0-9A-Fa-f:.]+$/

/** Why `value` is not `host:port`, or the parts; the one rule, kept apart so the two entry points agree. */
function partsOf(value: string): EmulatorHost | string {
  if (value === '') return 'it is empty'
  if (value.includes('://')) return 'no scheme (http://) belongs in it'
  if (/\s/.test(value)) return 'it contains spaces'
  let host: string
  let hostname: string
  let rest: string
  if (value.startsWith('[')) {
    const close = value.indexOf(']')
    if (close < 0) return 'the IPv6 address has no closing bracket'
    host = value.slice(0, close + 1)
    hostname = value.slice(1, close)
    rest = value.slice(close + 1)
    if (!IPV6.test(hostname) || !hostname.includes(':')) return `"${host}" is not an IPv6 address`
  } else {
    const colon = value.lastIndexOf(':')
    if (colon < 0) return 'the port is missing'
    host = value.slice(0, colon)
    hostname = host
    rest = value.slice(colon)
    if (host.includes(':')) return 'an IPv6 address must be in brackets'
    if (!NAME.test(host)) return host === '' ? 'the host is missing' : `"${host}" is not a host name or address`
  }
  if (!rest.startsWith(':') || rest.length === 1) return 'the port is missing'
  const digits = rest.slice(1)
  const port = Number(digits)
  if (!/^\d+$/.test(digits) || port < 1 || port > 65535) return `the port must be a number from 1 to 65535, not "${digits}"`
  return { host, hostname, port }
}

/**
 * Splits a FIRESTORE_EMULATOR_HOST value (surrounding spaces ignored) into its parts.
 * @param value e.g. `127.0.0.1:8080`, `localhost:9090`, `[::1]:8080`
 * @param variable the name the error message gives the value (default FIRESTORE_EMULATOR_HOST)
 * @throws EmulatorHostError saying what is wrong (no port, an IPv6 address without brackets, a scheme…)
 */
export function parseEmulatorHost(value: string, variable = 'FIRESTORE_EMULATOR_HOST'): EmulatorHost {
  const parts = partsOf(value.trim())
  if (typeof parts === 'string') throw new EmulatorHostError(variable, value, parts)
  return parts
}

/** What is wrong with `value` as FIRESTORE_EMULATOR_HOST (the full message), or undefined when it is fine. */
export function emulatorHostProblem(value: string, variable = 'FIRESTORE_EMULATOR_HOST'): string | undefined {
  const parts = partsOf(value.trim())
  return typeof parts === 'string' ? new EmulatorHostError(variable, value, parts).message : undefined
}

/**
 * The `host:port` value for FIRESTORE_EMULATOR_HOST (and a URL authority): an IPv6 host gets its brackets.
 * @param address a host as written or bare (`::1`), and the port
 */
export function formatEmulatorHost(address: { host: string; port: number }): string {
  const host = address.host.includes(':') && !address.host.startsWith('[') ? `[${address.host}]` : address.host
  return `${host}:${address.port}`
}
