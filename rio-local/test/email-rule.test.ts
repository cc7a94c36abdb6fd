/**
 * The browser and the Account class apply one e-mail rule: a corpus of addresses, each with the
 * customer it must be (or a refusal), through the app's validateEmail/normaliseEmail and through
 * the running class (INSTANCE by body `{email}` and by lookup key), which must agree.
 */
import { normaliseEmail, validateEmail } from '../../lib/format/email'
import { createBackend, type Backend } from '../app'
import { call, sessions } from './in-process'
import { accountIdFor } from './ids'

const P = 'email-rule-tests'
const INVISIBLE = 'The e-mail address contains invisible or control characters (often from copy and paste). Type it again.'

/** [as typed, the customer's normalised address, or null when it must be refused] */
const CORPUS: Array<[string, string | null]> = [
  ['ann@example.com', 'ann@example.com'],
  ['  Ann@Example.COM ', 'ann@example.com'],
  ['jane.doe+coffee@example.co.uk', 'jane.doe+coffee@example.co.uk'],
  ["o'brien@example.com", "o'brien@example.com"],
  ["a!b#c$d%e&f'g*h+i/j=k?l^m_n`o{p|q}r~s-t@example.com", "a!b#c$d%e&f'g*h+i/j=k?l^m_n`o{p|q}r~s-t@example.com"],
  // NFC, NFD and full-width spellings are one customer.
  ['jos\u00e9@example.com', 'jos\u00e9@example.com'],
  ['jose\u0301@example.com', 'jos\u00e9@example.com'],
  ['ali\u00e9ce@example.com', 'ali\u00e9ce@example.com'],
  ['alie\u0301ce@example.com', 'ali\u00e9ce@example.com'],
  ['\uff41\uff4e\uff4e@example.com', 'ann@example.com'],
  ['\uff41\uff4e\uff4e\uff20\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45\uff0e\uff43\uff4f\uff4d', 'ann@example.com'],
  // Letters, marks and digits of any script.
  ['\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a', '\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a'],
  ['\u043f\u043e\u043b\u044c\u0437\u043e\u0432\u0430\u0442\u0435\u043b\u044c@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444', '\u043f\u043e\u043b\u044c\u0437\u043e\u0432\u0430\u0442\u0435\u043b\u044c@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444'],
  ['\u0909\u092a\u092f\u094b\u0917@\u0909\u0926\u093e\u0939\u0930\u0923.\u0915\u0949\u092e', '\u0909\u092a\u092f\u094b\u0917@\u0909\u0926\u093e\u0939\u0930\u0923.\u0915\u0949\u092e'],
  ['\u0661\u0662\u0663@example.com', '\u0661\u0662\u0663@example.com'],
  ['user@xn--80ak6aa92e.com', 'user@xn--80ak6aa92e.com'],
  // Several spellings of one mailbox would each get codes: quoted, commented and bracketed forms.
  ['x<y>@example.com', null],
  ['ann(c)@example.com', null],
  ['ann,bob@example.com', null],
  ['"ann"@example.com', null],
  ['a"b@example.com', null],
  ['ann@example.com,bob@example.com', null],
  ['a\\b@example.com', null],
  ['a:b@example.com', null],
  ['[ann]@example.com', null],
  // Invisible code points.
  ['ann\u061c@example.com', null],
  ['ann\u{E0041}@example.com', null],
  ['ann\ufe0f@example.com', null],
  ['an\u034fn@example.com', null],
  ['ann\u3164@example.com', null],
  ['ann\u2800@example.com', null],
  ['ann\u17b4@example.com', null],
  ['ann\u200b@example.com', null],
  ['ann@exam\u200cple.com', null],
  ['an\ufeffn@example.com', null],
  ['ann\u0000@example.com', null],
  ['ann\u0007@example.com', null],
  ['ann\t@example.com', null],
  ['ann\u0085@example.com', null],
  ['ann\u00ad@example.com', null],
  ['ann\u202e@example.com', null],
  ['ann\u2066@example.com', null],
  // Symbols and punctuation outside WHATWG's set, and broken shapes.
  ['o\u2019brien@example.com', null],
  ['ann\u{1F600}@example.com', null],
  ['', null],
  ['   ', null],
  ['no-at-sign', null],
  ['a@b', null],
  ['a b@example.com', null],
  ['a@@example.com', null],
  ['a@-example.com', null],
  ['a@example-.com', null],
  ['a@exa_mple.com', null],
  ['a@example..com', null],
  ['a@.example.com', null],
  ['a@example.com.', null],
  [`a@${'b'.repeat(64)}.com`, null],
  [`${'a'.repeat(250)}@example.com`, null],
]

let backend: Backend
let anon: string
beforeAll(async () => {
  backend = await createBackend({ projectId: P, storage: 'memory' })
  anon = await sessions(backend).anonymous()
})
afterAll(() => backend.close())

test.each(CORPUS.map(([email, customer]) => [JSON.stringify(email), email, customer] as const))(
  '%s: the browser and the class give the same verdict and the same customer',
  async (_label, email, customer) => {
    const browserProblem = validateEmail(email)
    const byBody = await call<{ instanceId?: string; code?: string; message?: string }>(backend, 'POST', `/${P}/INSTANCE/Account?_token=${anon}`, { email })
    const byKey = await call<{ instanceId?: string; code?: string }>(backend, 'POST', `/${P}/INSTANCE/Account/email!${encodeURIComponent(email)}?_token=${anon}`)
    if (customer === null) {
      expect(browserProblem).not.toBeNull()
      expect(byBody.status).toBe(400)
      // No at sign at all: the InitBody model's 400 VALIDATION; anything else: the class's rule.
      if (/[@\uff20\ufe6b]/.test(email)) expect(byBody.body.code).toBe('INVALID_EMAIL')
      else expect(byBody.body.code).toBe('VALIDATION')
      if (browserProblem === INVISIBLE) expect(byBody.body.message).toBe(INVISIBLE)
      // An empty value cannot even be a lookup key (400 BAD_LOOKUP_KEY); any other finds no Account (404).
      expect(byKey.status).toBe(email === '' ? 400 : 404)
    } else {
      expect(browserProblem).toBeNull()
      expect(normaliseEmail(email)).toBe(customer)
      expect(byBody.status).toBe(200)
      expect(byBody.body.instanceId).toBe(accountIdFor(customer))
      // The lookup key holds the normalised address: that spelling finds the Account, others do not.
      expect(byKey.status).toBe(email === customer ? 200 : 404)
      const byNormalKey = await call<{ instanceId?: string }>(backend, 'POST', `/${P}/INSTANCE/Account/email!${encodeURIComponent(customer)}?_token=${anon}`)
      expect(byNormalKey.body.instanceId).toBe(accountIdFor(customer))
    }
  },
)

test('each invisible code point gets the message that says so', () => {
  for (const [email] of CORPUS.slice(CORPUS.findIndex(([e]) => e === 'ann\u061c@example.com'), CORPUS.findIndex(([e]) => e === 'o\u2019brien@example.com'))) {
    expect([JSON.stringify(email), validateEmail(email)]).toEqual([JSON.stringify(email), INVISIBLE])
  }
})
