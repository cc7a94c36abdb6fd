/** HS256 JWTs: round trip, and every way a token must be refused. */
import { signJwt, verifyJwt } from './jwt'
import { signTestToken } from '../test/sign-token'

const SECRET = 'a-test-secret-of-enough-length'
const now = 1_800_000_000
const claims = { sub: 'u1', iat: now, exp: now + 60 }

test('a signed token verifies and returns its claims', async () => {
  const token = await signJwt(claims, SECRET)
  expect(await verifyJwt(token, SECRET, { now })).toEqual({ ok: true, payload: claims })
})

test('expired tokens fail with EXPIRED unless expiry is ignored', async () => {
  const token = await signJwt(claims, SECRET)
  expect(await verifyJwt(token, SECRET, { now: now + 60 })).toMatchObject({ ok: false, reason: 'EXPIRED' })
  expect(await verifyJwt(token, SECRET, { now: now + 60, ignoreExpiry: true })).toMatchObject({ ok: true })
})

test('another secret, a changed payload or a cut signature fail with BAD_SIGNATURE', async () => {
  const token = await signJwt(claims, SECRET)
  const [h, p, s] = token.split('.') as [string, string, string]
  expect(await verifyJwt(token, 'another-secret-of-enough-length', { now })).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' })
  const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url')
  expect(await verifyJwt(`${h}.${tampered}.${s}`, SECRET, { now })).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' })
  expect(await verifyJwt(`${h}.${p}.${s.slice(0, -2)}`, SECRET, { now })).toMatchObject({ ok: false, reason: 'BAD_SIGNATURE' })
})

test('alg none / RS256 headers fail with UNSUPPORTED_ALG', async () => {
  const [, p] = (await signJwt(claims, SECRET)).split('.')
  for (const alg of ['none', 'RS256', 'HS512']) {
    const header = Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url')
    expect(await verifyJwt(`${header}.${p}.`, SECRET, { now })).toMatchObject({ ok: false, reason: 'UNSUPPORTED_ALG' })
  }
})

test('malformed input fails with MALFORMED, never throws', async () => {
  for (const token of ['', 'abc', 'a.b', 'a.b.c.d', '!!.??.**', 'x'.repeat(10_000)]) {
    expect(await verifyJwt(token, SECRET, { now })).toMatchObject({ ok: false, reason: 'MALFORMED' })
  }
  const noExp = await signJwt({ iat: now } as unknown as typeof claims, SECRET)
  expect(await verifyJwt(noExp, SECRET, { now })).toMatchObject({ ok: false, reason: 'MALFORMED' })
  expect(await verifyJwt(undefined as unknown as string, SECRET)).toMatchObject({ ok: false, reason: 'MALFORMED' })
})

test('the synchronous test-fixture signer makes the very token jose makes, and it verifies', async () => {
  expect(signTestToken(claims, SECRET)).toBe(await signJwt(claims, SECRET))
  expect(await verifyJwt(signTestToken({ ...claims, role: 'staff' }, SECRET), SECRET, { now })).toEqual({ ok: true, payload: { ...claims, role: 'staff' } })
})
