/**
 * The Firebase Auth REST emulation: first as raw HTTP answers (what a caller sees), then through
 * the real Firebase JS Auth SDK pointed at it with connectAuthEmulator.
 */
import { signInWithCustomToken, getIdTokenResult, signOut } from 'firebase/auth'
import { signJwt } from '../auth/jwt'
import { createFirebaseAuthRoutes } from './routes'
import type { BackendRequest, BackendResponse } from '../runtime/wire-types'
import { emulatorHost, firebaseClient, firebaseCustomToken, serveRoutes } from '../firestore/test-support'

// The emulator is a JVM that starts cold, and CI machines are shared: allow it time.
jest.setTimeout(30_000)

const SECRET = 'routes-test-secret-0123456789abcdef'
const FB_PROJECT = 'demo-auth-routes'
const API_KEY = 'test-api-key'
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0)

let clock = T0
const routes = createFirebaseAuthRoutes({ secret: SECRET, firebaseProjectId: FB_PROJECT, apiKey: API_KEY, now: () => clock })

const SIGN_IN = `/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=${API_KEY}`
const LOOKUP = `/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${API_KEY}`
const TOKEN = `/securetoken.googleapis.com/v1/token?key=${API_KEY}`

async function post(url: string, body: unknown, contentType = 'application/json'): Promise<BackendResponse & { json: Record<string, unknown> }> {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const req: BackendRequest = { method: 'POST', url, headers: { 'content-type': contentType, origin: 'https://localhost:3000' }, body: text }
  const res = await routes(req)
  if (!res) throw new Error(`no answer for ${url}`)
  return { ...res, json: JSON.parse(res.body) as Record<string, unknown> }
}

function decode(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h, p] = token.split('.')
  return {
    header: JSON.parse(Buffer.from(h as string, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(p as string, 'base64url').toString()) as Record<string, unknown>,
  }
}

const customToken = (uid: string, claims: Record<string, unknown> = { identity: 'enduser', anonymous: false }, opts = {}) =>
  firebaseCustomToken(SECRET, uid, claims, { iat: Math.floor(clock / 1000), ...opts })

function errorMessage(res: { json: Record<string, unknown> }): string {
  return (res.json.error as { message: string }).message
}

beforeEach(() => {
  clock = T0
})

describe('accounts:signInWithCustomToken', () => {
  it('exchanges a backend custom token for an unsigned ID token the Firestore emulator understands', async () => {
    const res = await post(SIGN_IN, { token: customToken('user_1'), returnSecureToken: true })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ localId: 'user_1', expiresIn: '3600' })
    const { header, payload } = decode(res.json.idToken as string)
    expect(header.alg).toBe('none')
    expect(payload).toMatchObject({
      iss: `https://securetoken.google.com/${FB_PROJECT}`,
      aud: FB_PROJECT,
      sub: 'user_1',
      user_id: 'user_1',
      identity: 'enduser',
      anonymous: false,
      iat: T0 / 1000,
      exp: T0 / 1000 + 3600,
      auth_time: T0 / 1000,
      firebase: { sign_in_provider: 'custom', identities: {} },
    })
    expect(typeof res.json.refreshToken).toBe('string')
  })

  it('rejects an expired custom token in Firebase error shape', async () => {
    const token = customToken('user_1', {}, { ttlSeconds: 60 })
    clock = T0 + 61_000
    const res = await post(SIGN_IN, { token })
    expect(res.status).toBe(400)
    expect(res.json.error).toMatchObject({ code: 400 })
    expect(errorMessage(res)).toMatch(/^INVALID_CUSTOM_TOKEN : .*expired/)
  })

  it('rejects a token signed with another secret, one with another audience, and a non-JWT', async () => {
    const forged = firebaseCustomToken('another-secret', 'user_1', {}, { iat: T0 / 1000 })
    const retterAccessToken = await signJwt({ userId: 'user_1', identity: 'enduser', iat: T0 / 1000, exp: T0 / 1000 + 900 }, SECRET)
    for (const token of [forged, retterAccessToken, 'not-a-jwt']) {
      const res = await post(SIGN_IN, { token })
      expect(res.status).toBe(400)
      expect(errorMessage(res)).toMatch(/^INVALID_CUSTOM_TOKEN/)
    }
  })

  it('does not let a custom token override reserved claims such as sub', async () => {
    const res = await post(SIGN_IN, { token: customToken('user_1', { sub: 'someone_else', identity: 'enduser' }) })
    expect(decode(res.json.idToken as string).payload).toMatchObject({ sub: 'user_1', identity: 'enduser' })
  })

  it('answers a missing token, bad JSON and a wrong API key with 400 and a specific message', async () => {
    expect(errorMessage(await post(SIGN_IN, {}))).toBe('MISSING_CUSTOM_TOKEN')
    expect(errorMessage(await post(SIGN_IN, '{"token":'))).toMatch(/^INVALID_JSON/)
    const wrongKey = await post(SIGN_IN.replace(API_KEY, 'other'), { token: customToken('user_1') })
    expect(wrongKey.status).toBe(400)
    expect(errorMessage(wrongKey)).toBe('API key not valid. Please pass a valid API key.')
  })
})

describe('accounts:lookup', () => {
  it('describes the signed-in user of an ID token', async () => {
    const { json } = await post(SIGN_IN, { token: customToken('user_2') })
    const res = await post(LOOKUP, { idToken: json.idToken })
    expect(res.status).toBe(200)
    expect(res.json.users).toEqual([expect.objectContaining({ localId: 'user_2', providerUserInfo: [] })])
  })

  it('rejects an expired ID token and one issued for another project', async () => {
    const { json } = await post(SIGN_IN, { token: customToken('user_2') })
    clock = T0 + 3601_000
    expect(errorMessage(await post(LOOKUP, { idToken: json.idToken }))).toMatch(/^TOKEN_EXPIRED/)
    const otherRoutes = createFirebaseAuthRoutes({ secret: SECRET, firebaseProjectId: 'demo-other', now: () => clock })
    const other = await otherRoutes({ method: 'POST', url: SIGN_IN, headers: {}, body: JSON.stringify({ token: customToken('user_2') }) })
    const otherIdToken = (JSON.parse(other?.body ?? '{}') as { idToken: string }).idToken
    expect(errorMessage(await post(LOOKUP, { idToken: otherIdToken }))).toMatch(/^INVALID_ID_TOKEN/)
  })
})

describe('securetoken v1/token', () => {
  it('refreshes with the form body the SDK sends and keeps uid, claims and auth_time', async () => {
    const { json } = await post(SIGN_IN, { token: customToken('user_3') })
    clock = T0 + 1800_000
    const res = await post(TOKEN, `grant_type=refresh_token&refresh_token=${json.refreshToken as string}`, 'application/x-www-form-urlencoded')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ user_id: 'user_3', expires_in: '3600', token_type: 'Bearer', project_id: FB_PROJECT })
    expect(decode(res.json.access_token as string).payload).toMatchObject({
      sub: 'user_3',
      identity: 'enduser',
      iat: (T0 + 1800_000) / 1000,
      auth_time: T0 / 1000,
    })
  })

  it('refuses a custom token or garbage as refresh token, and other grant types', async () => {
    const form = (body: string) => post(TOKEN, body, 'application/x-www-form-urlencoded')
    expect(errorMessage(await form(`grant_type=refresh_token&refresh_token=${customToken('user_3')}`))).toMatch(/^INVALID_REFRESH_TOKEN/)
    expect(errorMessage(await form('grant_type=refresh_token&refresh_token=abc'))).toMatch(/^INVALID_REFRESH_TOKEN/)
    expect(errorMessage(await form('grant_type=refresh_token'))).toBe('MISSING_REFRESH_TOKEN')
    expect(errorMessage(await form('grant_type=password&refresh_token=abc'))).toBe('INVALID_GRANT_TYPE')
  })
})

describe('routing and CORS', () => {
  it('answers pre-flights with the origin and the headers the browser asked for', async () => {
    const res = await routes({
      method: 'OPTIONS',
      url: SIGN_IN,
      headers: { origin: 'https://localhost:3000', 'access-control-request-headers': 'content-type,x-client-version' },
    })
    expect(res).toMatchObject({
      status: 204,
      headers: expect.objectContaining({
        'Access-Control-Allow-Origin': 'https://localhost:3000',
        'Access-Control-Allow-Headers': 'content-type,x-client-version',
      }),
    })
  })

  it('leaves other paths to the backend and refuses non-POST or unknown Firebase calls', async () => {
    expect(await routes({ method: 'GET', url: '/coffee-local/INSTANCE/Account', headers: {} })).toBeNull()
    expect((await routes({ method: 'GET', url: SIGN_IN, headers: {} }))?.status).toBe(405)
    expect((await post(`/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`, {})).status).toBe(404)
  })

  it('refuses to start without a secret or project', () => {
    expect(() => createFirebaseAuthRoutes({ secret: '', firebaseProjectId: FB_PROJECT })).toThrow(/secret/)
    expect(() => createFirebaseAuthRoutes({ secret: SECRET, firebaseProjectId: '' })).toThrow(/firebaseProjectId/)
  })
})

describe('with the Firebase JS Auth SDK (connectAuthEmulator)', () => {
  const liveRoutes = createFirebaseAuthRoutes({ secret: SECRET, firebaseProjectId: FB_PROJECT, apiKey: API_KEY })
  let server: Awaited<ReturnType<typeof serveRoutes>>

  beforeAll(async () => {
    server = await serveRoutes(liveRoutes)
  })
  afterAll(async () => {
    await server.close()
  })

  it('signs in with a custom token, exposes the custom claims and refreshes on demand', async () => {
    const client = firebaseClient({ authOrigin: server.origin, firestoreHost: emulatorHost(), projectId: FB_PROJECT, apiKey: API_KEY })
    try {
      const token = firebaseCustomToken(SECRET, 'sdk_user', { identity: 'enduser', anonymous: false })
      const credential = await signInWithCustomToken(client.auth, token)
      expect(credential.user.uid).toBe('sdk_user')
      expect(client.auth.currentUser?.uid).toBe('sdk_user')
      const first = await getIdTokenResult(credential.user)
      expect(first.claims).toMatchObject({ identity: 'enduser', anonymous: false })
      expect(first.signInProvider).toBe('custom')
      // A forced refresh goes through securetoken .../v1/token and must yield a fresh, valid token.
      const refreshed = await credential.user.getIdToken(true)
      expect(decode(refreshed).payload).toMatchObject({ sub: 'sdk_user', identity: 'enduser' })
      await signOut(client.auth)
      expect(client.auth.currentUser).toBeNull()
    } finally {
      await client.close()
    }
  })

  it('rejects a forged custom token with auth/invalid-custom-token', async () => {
    const client = firebaseClient({ authOrigin: server.origin, firestoreHost: emulatorHost(), projectId: FB_PROJECT, apiKey: API_KEY })
    try {
      const forged = firebaseCustomToken('not-the-backend-secret', 'sdk_user', {})
      await expect(signInWithCustomToken(client.auth, forged)).rejects.toMatchObject({ code: 'auth/invalid-custom-token' })
      expect(client.auth.currentUser).toBeNull()
    } finally {
      await client.close()
    }
  })
})
