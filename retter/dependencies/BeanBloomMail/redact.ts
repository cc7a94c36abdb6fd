/**
 * Takes the recipient's address out of an SMTP server's answer before it is kept with a dead letter,
 * shown on the mail desk or logged: servers echo it ("550 5.1.1 <sam@example.com>: Recipient address
 * rejected", "sam... User unknown") and staff need the reason, not the address a second time.
 *
 * Every spelling an SMTP text is likely to use is matched, in any case: each character as itself,
 * percent-encoded (%40), quoted-printable (=40), xtext (+40, delivery status notifications) or as an
 * HTML character reference (&#64; &#x40;), its UTF-8 bytes for a non-ASCII one; the domain also in
 * its ASCII (punycode) form; and the local part standing alone as a word.
 */
import { domainToASCII } from 'url'

/** What stands where the address was. */
export const REDACTED_RECIPIENT = '<recipient>'

/** The characters an unquoted local part is made of (RFC 5322 atext and the dot), as a class body. */
const ADDRESS_CHARS = "A-Za-z0-9!#$%&'*+/=?^_`{|}~@\\-"

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

function hex2(byte: number): string {
  return (byte < 16 ? '0' : '') + byte.toString(16)
}

/** One character as SMTP texts may spell it (the pattern is used case-insensitively). */
function characterPattern(ch: string): string {
  const hex: string[] = []
  const bytes = Buffer.from(ch, 'utf8')
  for (let i = 0; i < bytes.length; i++) hex.push(hex2(bytes[i] as number))
  const codePoint = ch.codePointAt(0) as number
  const forms = [escapeRegExp(ch)]
  for (const lead of ['%', '=', '\\+']) forms.push(lead + hex.join(lead))
  forms.push('&#0*' + codePoint + ';', '&#x0*' + codePoint.toString(16) + ';')
  return '(?:' + forms.join('|') + ')'
}

function spellings(text: string): string {
  return Array.from(text).map(characterPattern).join('')
}

/**
 * `text` with every spelling of `address` (and its local part standing alone) replaced by
 * REDACTED_RECIPIENT; `text` itself when the address is empty.
 */
export function redactRecipient(text: string, address: string): string {
  const at = address.lastIndexOf('@')
  if (address.length === 0 || at < 0) return address.length === 0 ? text : text.replace(new RegExp(spellings(address), 'gi'), REDACTED_RECIPIENT)
  const local = address.slice(0, at)
  const domain = address.slice(at + 1)
  const domains = [spellings(domain)]
  const ascii = domainToASCII(domain)
  if (ascii && ascii.toLowerCase() !== domain.toLowerCase()) domains.push(spellings(ascii))
  const whole = new RegExp(spellings(local) + characterPattern('@') + '(?:' + domains.join('|') + ')', 'gi')
  let out = text.replace(whole, REDACTED_RECIPIENT)
  if (local.length > 0) {
    // The local part as a word of its own ("sam... User unknown"), not inside a longer one: not
    // after a dot, nor before a dot that goes on ("5" of the status code "5.3.0", "sam" of "sam.jones").
    const alone = new RegExp('(^|[^' + ADDRESS_CHARS + '.])' + spellings(local) + '(?![' + ADDRESS_CHARS + ']|\\.[' + ADDRESS_CHARS + '])', 'gi')
    out = out.replace(alone, '$1' + REDACTED_RECIPIENT)
  }
  return out
}
