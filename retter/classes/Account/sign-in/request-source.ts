/**
 * Where a request comes from, as the sign-in limits count it: one IPv4 address; all of 127.0.0.0/8
 * and ::1 as one (the same machine); an IPv6 address by its /64 (the smallest network one
 * subscriber gets, so another address in it is the same source); an IPv4-mapped IPv6 address as
 * its IPv4 address. Pure and ES5-safe.
 */

/** The four numbers of a dotted IPv4 address, or null. */
function parseIPv4(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4) return null
  const out: number[] = []
  for (let i = 0; i < 4; i++) {
    const part = parts[i] as string
    if (!/^\d{1,3}$/.test(part)) return null
    const n = Number(part)
    if (n > 255) return null
    out.push(n)
  }
  return out
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing IPv4 part), or null. */
function parseIPv6(text: string): number[] | null {
  if (text.indexOf(':') < 0) return null
  const halves = text.split('::')
  if (halves.length > 2) return null
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return []
    const out: number[] = []
    const pieces = part.split(':')
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string
      if (i === pieces.length - 1 && piece.indexOf('.') >= 0) {
        const v4 = parseIPv4(piece)
        if (!v4) return null
        out.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number))
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return null
        out.push(parseInt(piece, 16))
      }
    }
    return out
  }
  const head = groupsOf(halves[0] as string)
  const tail = halves.length === 2 ? groupsOf(halves[1] as string) : []
  if (!head || !tail) return null
  if (halves.length === 1) return head.length === 8 ? head : null
  const missing = 8 - head.length - tail.length
  if (missing < 1) return null
  const zeros: number[] = []
  for (let i = 0; i < missing; i++) zeros.push(0)
  return head.concat(zeros, tail)
}

const LOOPBACK = '127.0.0.0/8'

function ofIPv4(v4: number[]): string {
  return v4[0] === 127 ? LOOPBACK : v4.join('.')
}

/**
 * The network a source address counts as (see above); `unknown` for an empty address and the
 * lower-cased text for one that is neither IPv4 nor IPv6.
 * @param address `context.sourceIP`, e.g. `2001:db8::1`, `::ffff:203.0.113.7`, `[fe80::1%eth0]`
 */
export function networkOf(address: string): string {
  let text = (address || '').trim().toLowerCase()
  if (text.charAt(0) === '[' && text.indexOf(']') > 0) text = text.slice(1, text.indexOf(']'))
  const zone = text.indexOf('%')
  if (zone >= 0) text = text.slice(0, zone)
  if (text === '') return 'unknown'
  const v4 = parseIPv4(text)
  if (v4) return ofIPv4(v4)
  const v6 = parseIPv6(text)
  if (!v6) return text
  const [a, b, c, d, e, f, g, h] = v6 as [number, number, number, number, number, number, number, number]
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) return ofIPv4([g >> 8, g & 255, h >> 8, h & 255])
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && g === 0 && h === 1) return LOOPBACK
  return [a, b, c, d].map((n) => n.toString(16)).join(':') + '::/64'
}
