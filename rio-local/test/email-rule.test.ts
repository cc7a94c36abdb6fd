/**
 * The browser and the Account class apply one e-mail rule: the same corpus through the app's
 * validateEmail/normaliseEmail and through the running class (INSTANCE by body `{email}`) gives
 * the same verdicts and the same customer.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { normaliseEmail, validateEmail } from '../../lib/format/email'
import { createBackend, type Backend } from '../app'
import { call, sessions } from './in-process'
import { accountIdFor } from './ids'

const P = 'email-rule-tests'
const CORPUS = [
  'ann@example.com',
  '  Ann@Example.COM ',
  'jos\u00e9@example.com',
  'jose\u0301@example.com',
  '\uff41\uff4e\uff4e@example.com',
  'ann\u200b@example.com',
  'ann@exam\u200cple.com',
  'an\ufeffn@example.com',
  'ann\u0000@example.com',
  'ann\u0007@example.com',
  'ann\t@example.com',
  'ann\u0085@example.com',
  'ann\u00ad@example.com',
  'ann\u202e@example.com',
  'ann\u2066@example.com',
  '',
  '   ',
  'no-at-sign',
  'a@b',
  'a b@example.com',
  'a@@example.com',
  'a#b@example.com',
  `${'a'.repeat(250)}@example.com`,
  'o\u2019brien@example.com',
]

let backend: Backend
let anon: string
beforeAll(async () => {
  backend = await createBackend({ projectId: P, storage: 'memory' })
  anon = await sessions(backend).anonymous()
})
afterAll(() => backend.close())

test.each(CORPUS.map((email) => [JSON.stringify(email), email]))('%s: the browser and the class agree', async (_label, email) => {
  const browserProblem = validateEmail(email)
  const res = await call<{ instanceId?: string; code?: string }>(backend, 'POST', `/${P}/INSTANCE/Account?_token=${anon}`, { email })
  if (browserProblem === null) {
    expect(res.status).toBe(200)
    expect(res.body.instanceId).toBe(accountIdFor(normaliseEmail(email)))
  } else {
    expect(res.status).toBe(400)
  }
})

test('NFC, NFD and full-width spellings normalise to one address in the browser', () => {
  expect(normaliseEmail('jose\u0301@example.com')).toBe(normaliseEmail('jos\u00e9@example.com'))
  expect(normaliseEmail('\uff21\uff4e\uff4e@example.com')).toBe('ann@example.com')
})

test('each class folder deploys the same copy of the rule and of the identity code', () => {
  const classes = join(__dirname, '../../retter/classes')
  for (const file of ['email.ts', 'identity.ts']) {
    for (const copy of ['AWS', 'Roastery']) {
      expect(readFileSync(join(classes, copy, file), 'utf8')).toBe(readFileSync(join(classes, 'Account', file), 'utf8'))
    }
  }
})
