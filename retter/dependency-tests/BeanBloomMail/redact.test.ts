/**
 * The recipient's address never survives in an SMTP text kept with a dead letter (redact.ts): in any
 * case, with each character spelt as itself, percent-encoded, quoted-printable, xtext or as an HTML
 * character reference, nor its local part standing alone; and a text that names neither keeps every
 * character.
 */
import fc from 'fast-check'
import { REDACTED_RECIPIENT, redactRecipient } from '@retter-shared/BeanBloomMail/redact'

/** How a server may spell one character (`upper`: hex digits in capitals). */
type Spelling = 'plain' | 'percent' | 'qp' | 'xtext' | 'decimal' | 'hex'

function spell(ch: string, how: Spelling, upper: boolean, flipCase: boolean): string {
  const bytes = [...Buffer.from(ch, 'utf8')].map((b) => b.toString(16).padStart(2, '0'))
  const hex = (lead: string) => bytes.map((b) => lead + (upper ? b.toUpperCase() : b)).join('')
  const cp = ch.codePointAt(0) as number
  switch (how) {
    case 'plain': return flipCase ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) : ch
    case 'percent': return hex('%')
    case 'qp': return hex('=')
    case 'xtext': return hex('+')
    case 'decimal': return `&#${cp};`
    case 'hex': return `&#x${upper ? cp.toString(16).toUpperCase() : cp.toString(16)};`
  }
}

/** Undoes every spelling above at once, then lower-cases: what a reader could recover. */
function decodeAll(text: string): string {
  const bytes: number[] = []
  const re = /%([0-9a-f]{2})|=([0-9a-f]{2})|\+([0-9a-f]{2})|&#x0*([0-9a-f]+);|&#0*(\d+);/giy
  let i = 0
  while (i < text.length) {
    re.lastIndex = i
    const m = re.exec(text)
    if (m) {
      const byte = m[1] ?? m[2] ?? m[3]
      if (byte !== undefined) bytes.push(parseInt(byte, 16))
      else bytes.push(...Buffer.from(String.fromCodePoint(m[4] !== undefined ? parseInt(m[4], 16) : Number(m[5])), 'utf8'))
      i = re.lastIndex
    } else {
      const ch = String.fromCodePoint(text.codePointAt(i) as number)
      bytes.push(...Buffer.from(ch, 'utf8'))
      i += ch.length
    }
  }
  return Buffer.from(bytes).toString('utf8').toLowerCase()
}

const SMTP_TEXTS = [
  'Can\'t send mail - all recipients were rejected: 550 5.1.1 <{}>: Recipient address rejected: User unknown in virtual mailbox table',
  '553 5.3.0 {}... User unknown',
  'Reporting-MTA: dns; mx.example.net Final-Recipient: rfc822;{} Action: failed',
  'Mailbox unavailable ({}) 550 5.7.1',
  '452 4.2.2 The email account that you tried to reach is over quota. {} https://support.example/mail/?p=422',
  'Message rejected: Email address is not verified. The following identities failed the check in region EU-WEST-1: {}',
]
const spelling = fc.constantFrom<Spelling>('plain', 'percent', 'qp', 'xtext', 'decimal', 'hex')

test('no spelling of the recipient’s address, in any case, survives in what is kept', () => {
  fc.assert(fc.property(
    fc.emailAddress(),
    fc.constantFrom(...SMTP_TEXTS),
    fc.array(fc.tuple(spelling, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 100 }),
    (address, template, choices) => {
      const chars = Array.from(address)
      const spelt = chars.map((ch, i) => {
        const [how, upper, flip] = choices[i % choices.length] as [Spelling, boolean, boolean]
        return spell(ch, how, upper, flip)
      }).join('')
      const out = redactRecipient(template.split('{}').join(spelt), address)
      expect(decodeAll(out)).not.toContain(address.toLowerCase())
      expect(out).toContain(REDACTED_RECIPIENT)
    },
  ), { numRuns: 200 })
})

test('the local part standing alone is taken out too, as sendmail echoes it', () => {
  fc.assert(fc.property(fc.emailAddress(), fc.boolean(), (address, upper) => {
    const local = address.slice(0, address.lastIndexOf('@'))
    const out = redactRecipient(`553 5.3.0 ${upper ? local.toUpperCase() : local}... User unknown`, address)
    expect(out).toBe(`553 5.3.0 ${REDACTED_RECIPIENT}... User unknown`)
  }), { numRuns: 300 })
})

test('a local part that is also part of a dotted word (a status code such as 5.3.0) leaves that word alone', () => {
  expect(redactRecipient('553 5.3.0 5... User unknown', '5@a.aa')).toBe(`553 5.3.0 ${REDACTED_RECIPIENT}... User unknown`)
  expect(redactRecipient('550 5.1.1 1... no; 1.', '1@example.com')).toBe(`550 5.1.1 ${REDACTED_RECIPIENT}... no; ${REDACTED_RECIPIENT}.`)
  expect(redactRecipient('sam.jones rejected, sam... unknown', 'sam@example.com')).toBe(`sam.jones rejected, ${REDACTED_RECIPIENT}... unknown`)
})

test('a text that names neither the address nor its local part keeps every character', () => {
  fc.assert(fc.property(fc.emailAddress(), fc.constantFrom(...SMTP_TEXTS), (address, template) => {
    const text = template.split('{}').join('')
    fc.pre(!text.toLowerCase().includes(address.slice(0, address.lastIndexOf('@')).toLowerCase()))
    expect(redactRecipient(text, address)).toBe(text)
  }), { numRuns: 300 })
})

test('an internationalised domain is also taken out in its punycode form', () => {
  expect(redactRecipient('550 <anna@xn--mller-kva.de>: no such user', 'anna@müller.de')).toBe(`550 <${REDACTED_RECIPIENT}>: no such user`)
  expect(redactRecipient('550 <ANNA@MÜLLER.DE> unknown', 'anna@müller.de')).toBe(`550 <${REDACTED_RECIPIENT}> unknown`)
})
