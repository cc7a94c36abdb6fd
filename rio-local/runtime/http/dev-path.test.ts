/**
 * `isDevPath`: the one test for "this request is for the dev endpoints", which the backend routes
 * on and the CORS layer and the local TLS front refuse on. Any letter case or percent-encoding of
 * `__dev` as the first segment (after dot segments are resolved) is a dev path; nothing else is.
 */
import fc from 'fast-check'
import { createBackend, type Backend } from '../../app'
import { isDevPath } from './dev-path'
import { normaliseTarget } from './request'

/** A path segment as a client may write it, and what it is to a URL parser. */
interface Segment {
  text: string
  kind: 'dev' | 'dot' | 'dotdot' | 'empty' | 'other'
}

/** Characters a path segment may carry as they are (RFC 3986 pchar without `%`). */
const LITERAL_OK = /^[A-Za-z0-9._~!$&'()*+,;=:@-]$/

/** `%XX` for one ASCII character, the hex digits in either case. */
function percent(char: string): fc.Arbitrary<string> {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0')
  return fc.constantFrom(`%${hex.toLowerCase()}`, `%${hex.toUpperCase()}`)
}

/** One ASCII character as a client may write it: itself (a letter in either case) or percent-encoded. */
function spelling(char: string): fc.Arbitrary<string> {
  const forms: fc.Arbitrary<string>[] = [percent(char)]
  if (LITERAL_OK.test(char)) forms.push(fc.constant(char))
  if (/^[a-z]$/i.test(char)) forms.push(fc.constant(char.toUpperCase()), fc.constant(char.toLowerCase()), percent(char.toUpperCase()), percent(char.toLowerCase()))
  return fc.oneof(...forms)
}

/** Every spelling of a word, character by character. */
function spelt(word: string): fc.Arbitrary<string> {
  return fc.tuple(...[...word].map(spelling)).map((parts) => parts.join(''))
}

const devSegment = spelt('__dev').map((text): Segment => ({ text, kind: 'dev' }))
const dotSegment = spelt('.').map((text): Segment => ({ text, kind: 'dot' }))
const dotDotSegment = spelt('..').map((text): Segment => ({ text, kind: 'dotdot' }))
const emptySegment = fc.constant<Segment>({ text: '', kind: 'empty' })

/** Words that are almost `__dev`: what a sloppy filter would also match, or a strict one miss. */
const NEAR_MISSES = ['_dev', '___dev', '__de', '__dv', '__devs', 'x__dev', '__dev_', '__dev.', '.__dev', '__dev ', '__d ev',
  '/__dev', '__dev/', '__dev?', '__dev#', '__dev%', ' __dev', '__dev\\', 'dev', '__', '__deva', '__dev__dev', '_-dev', '__dev\u0130']
const nearMissSegment = fc.constantFrom(...NEAR_MISSES).chain((word) =>
  // Non-ASCII (the dotted capital I, which lower-cases to two characters) as its UTF-8 bytes.
  fc.tuple(...[...word].map((char) => (char.charCodeAt(0) > 0x7f ? fc.constant(encodeURIComponent(char)) : spelling(char))))
    .map((parts): Segment => ({ text: parts.join(''), kind: 'other' })))
const wordSegment = fc.stringMatching(/^[A-Za-z0-9_~-]{1,10}$/)
  .filter((word) => !/^__dev$/i.test(word))
  .map((text): Segment => ({ text, kind: 'other' }))
// A segment that starts with a dot is no dot segment, and must not stop the ones after it resolving.
const dotWordSegment = fc.stringMatching(/^\.[A-Za-z0-9_.]{1,4}$/)
  .filter((word) => word !== '..')
  .map((text): Segment => ({ text, kind: 'other' }))
const unicodeSegment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 })
  .filter((word) => !/^__dev$/i.test(word) && word !== '.' && word !== '..')
  .map((word): Segment => ({ text: encodeURIComponent(word), kind: 'other' }))

const segment = fc.oneof(
  { arbitrary: devSegment, weight: 3 },
  { arbitrary: dotSegment, weight: 1 },
  { arbitrary: dotDotSegment, weight: 1 },
  { arbitrary: emptySegment, weight: 1 },
  { arbitrary: nearMissSegment, weight: 3 },
  { arbitrary: wordSegment, weight: 2 },
  { arbitrary: dotWordSegment, weight: 1 },
  { arbitrary: unicodeSegment, weight: 1 },
)
/** Few kinds, many dot segments: paths where resolving them decides what comes first. */
const denseSegment = fc.constantFrom<Segment>(
  { text: 'a', kind: 'other' }, { text: '.b', kind: 'other' }, { text: '..', kind: 'dotdot' }, { text: '__dev', kind: 'dev' },
)
const query = fc.option(fc.stringMatching(/^[A-Za-z0-9_=&/%.-]{0,20}$/).map((q) => `?${q}`), { nil: '' })

/** A request target built from segments, and whether it is a dev path, worked out independently. */
const segments = fc.oneof(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.array(denseSegment, { minLength: 1, maxLength: 8 }))
const target = fc.tuple(segments, query).map(([segments, search]) => {
  // Dot segments resolved the way RFC 3986 section 5.2.4 and the URL parser do it.
  const resolved: Segment[] = []
  for (const s of segments) {
    if (s.kind === 'dot') continue
    if (s.kind === 'dotdot') resolved.pop()
    else resolved.push(s)
  }
  const first = resolved.find((s) => s.kind !== 'empty')
  return { target: `/${segments.map((s) => s.text).join('/')}${search}`, dev: first?.kind === 'dev' }
})

test('the dev endpoints as written, and as a client may disguise them', () => {
  for (const path of ['/__dev', '/__dev/', '/__dev/outbox?to=a%40example.com', '/__DEV/tasks', '/%5F%5Fdev/outbox', '/%5f_D%45V',
    '//__dev/outbox', '/./__dev', '/x/../__dev/outbox', '/x/%2E%2E/__dev', '/a/b/.%2e/../__dev', '/\\__dev', '/__d\tev/outbox',
    '/a/.b/../../__dev/outbox']) {
    expect([path, isDevPath(path)]).toEqual([path, true])
  }
})

test('nothing else: __dev deeper down, in the query, behind an encoded slash, or with more around it', () => {
  for (const path of ['/', '', '/coffee-local/CALL/Account/x/static', '/x/__dev', '/?__dev', '/x?p=/__dev/outbox', '/%2F__dev/outbox',
    '/__dev%2Foutbox', '/__dev_/x', '/__dev%20', '/_dev', '/__health', '/%E0%A4%A/__dev', '/..%2F__dev']) {
    expect([path, isDevPath(path)]).toEqual([path, false])
  }
})

test('property: a target is a dev path exactly when its first segment, dot segments resolved, spells __dev', () => {
  fc.assert(fc.property(target, ({ target: t, dev }) => isDevPath(t) === dev), { numRuns: 2000 })
})

test('property: the normalised form is stable, so what a front decides on is what the backend reads', () => {
  const anyTarget = fc.oneof(target.map((t) => t.target), fc.string().map((s) => `/${s}`))
  fc.assert(fc.property(anyTarget, (t) => {
    const once = normaliseTarget(t)
    return normaliseTarget(once) === once && isDevPath(once) === isDevPath(t)
  }), { numRuns: 1000 })
})

describe('the backend', () => {
  let backend: Backend
  beforeAll(async () => {
    backend = await createBackend({ projectId: 'dev-path-test', storage: 'memory', dev: true })
  })
  afterAll(async () => {
    await backend.close()
  })

  /** What the backend makes of a GET without the dev header: a dev endpoint asks for it (or for the inbox key). */
  async function servedAsDev(t: string): Promise<boolean> {
    const res = await backend.handle({ method: 'GET', url: t, headers: {}, remoteAddress: '127.0.0.1' })
    const code = (JSON.parse(res.body) as { code?: string }).code
    return code === 'DEV_HEADER_REQUIRED' || code === 'INBOX_KEY_REQUIRED'
  }

  test('serves as dev endpoints exactly the targets isDevPath names (what the front and CORS refuse)', async () => {
    await fc.assert(fc.asyncProperty(target, async ({ target: t }) => (await servedAsDev(t)) === isDevPath(t)), { numRuns: 300 })
  })

  test('refuses a dev request that came through a proxy, in any spelling', async () => {
    await fc.assert(fc.asyncProperty(devSegment, async ({ text }) => {
      const res = await backend.handle({
        method: 'GET', url: `/${text}/outbox`, headers: { 'x-rio-dev': '1', 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1',
      })
      return res.status === 404 && (JSON.parse(res.body) as { message?: string }).message === 'Dev endpoints are not served through a proxy'
    }), { numRuns: 50 })
  })
})
