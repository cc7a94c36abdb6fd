/**
 * The Firebase Auth REST calls the Firebase JS SDK makes after
 * `connectAuthEmulator(auth, 'http://127.0.0.1:4000')`, answered by the local backend:
 *
 *   POST /identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken   {token, returnSecureToken}
 *   POST /identitytoolkit.googleapis.com/v1/accounts:lookup                  {idToken}
 *   POST /securetoken.googleapis.com/v1/token                                grant_type=refresh_token&refresh_token=…
 *
 * Custom tokens are the HS256 JWTs the backend puts in TokenData.firebase.customToken. The ID
 * tokens issued here are unsigned (like the Firebase Auth emulator's), which the Cloud Firestore
 * emulator accepts; refresh tokens are HS256 JWTs so nobody can mint a session from thin air.
 * Errors use Firebase's shape `{error: {code, message: 'CODE : detail', status}}`, which the
 * SDK turns into `auth/<code>` errors with the detail as message.
 */
import type { BackendRequest, BackendResponse, RouteHandler } from '../runtime/wire-types'
import { signJwt, verifyJwt, type JwtPayload } from '../auth/jwt'
import { createIdToken, readIdToken } from './id-token'
import { parseTarget } from '../runtime/http/request'
import { isRecord } from '../is-record'

const IDENTITY_TOOLKIT = '/identitytoolkit.googleapis.com/'
const SECURE_TOKEN = '/securetoken.googleapis.com/'
const SIGN_IN_PATH = '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken'
const LOOKUP_PATH = '/identitytoolkit.googleapis.com/v1/accounts:lookup'
const TOKEN_PATH = '/securetoken.googleapis.com/v1/token'

/** Audience of the Firebase custom tokens this runtime signs; only its own sign-in route accepts them. */
export const CUSTOM_TOKEN_AUDIENCE = 'local-firebase-custom'
/** Audience of the refresh tokens issued here; keeps them apart from every other token of ours. */
export const REFRESH_TOKEN_AUDIENCE = 'local-firebase-refresh'

const MAX_UID_LENGTH = 128

export interface FirebaseAuthRoutesOptions {
  /** The backend's JWT secret (custom tokens are signed with it). */
  secret: string | Buffer
  /** Firebase project id, e.g. `demo-coffee-local` (RIO_FIREBASE_PROJECT_ID). */
  firebaseProjectId: string
  /** When set, requests must carry `?key=` equal to it, as Firebase requires (RIO_FIREBASE_API_KEY). */
  apiKey?: string
  /** Clock in epoch milliseconds (tests). */
  now?: () => number
  /** Lifetime of ID tokens (default 3600 s, Firebase's). */
  idTokenTtlSeconds?: number
  /** Lifetime of refresh tokens (default 30 days). */
  refreshTokenTtlSeconds?: number
  /**
   * Whether the Retter session a custom token was minted for has ended (sign-out, refresh-token
   * reuse). Its Firebase sign-in and refresh tokens are then refused, as revoked ones are by Firebase.
   */
  isSessionRevoked?: (sid: string) => boolean
}

interface CustomTokenClaims extends JwtPayload {
  uid?: unknown
  claims?: unknown
  aud?: unknown
  sid?: unknown
}

interface RefreshTokenClaims extends JwtPayload {
  aud: typeof REFRESH_TOKEN_AUDIENCE
  kind: 'firebase-refresh'
  uid: string
  claims: Record<string, unknown>
  auth_time: number
  /** The Retter session (see isSessionRevoked). */
  sid?: string
}

function header(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value
  return undefined
}

function corsHeaders(req: BackendRequest): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': header(req.headers, 'origin') ?? '*',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    // The SDK adds X-Client-Version, X-Firebase-gmpid, X-Firebase-Locale…; echo what the browser asks for.
    'Access-Control-Allow-Headers':
      header(req.headers, 'access-control-request-headers') ??
      'Content-Type, X-Client-Version, X-Firebase-gmpid, X-Firebase-Client, X-Firebase-Locale, X-Firebase-AppCheck',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin, Access-Control-Request-Headers',
  }
}

class AuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail?: string,
  ) {
    super(detail ? `${code} : ${detail}` : code)
  }
}

const STATUS_TEXT: Record<number, string> = { 400: 'INVALID_ARGUMENT', 404: 'NOT_FOUND', 405: 'INVALID_ARGUMENT' }

/** Parses the body as JSON, or as a form for the token endpoint (the SDK sends a form there). */
function parseBody(req: BackendRequest): Record<string, unknown> {
  const text = req.body ?? ''
  const type = header(req.headers, 'content-type') ?? ''
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text))
  }
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new AuthFailure(400, 'INVALID_JSON', 'Invalid JSON payload received')
  }
  if (!isRecord(parsed)) throw new AuthFailure(400, 'INVALID_JSON', 'The request body must be a JSON object')
  return parsed
}

/** What the three routes share: the secret, the Firebase project, lifetimes, clock and revocation. */
interface AuthSettings {
  secret: string | Buffer
  firebaseProjectId: string
  idTtl: number
  refreshTtl: number
  nowSec: () => number
  /** Whether the Retter session `sid` names has ended (a non-string names none). */
  sessionEnded: (sid: unknown) => boolean
}

/** The settings of `options`, with Firebase's defaults; refuses a missing project id or secret. */
function settingsOf(options: FirebaseAuthRoutesOptions): AuthSettings {
  const { secret, firebaseProjectId } = options
  if (!firebaseProjectId) throw new Error('createFirebaseAuthRoutes: firebaseProjectId is required')
  if (!secret || secret.length === 0) throw new Error('createFirebaseAuthRoutes: secret is required')
  const now = options.now ?? Date.now
  return {
    secret,
    firebaseProjectId,
    idTtl: options.idTokenTtlSeconds ?? 3600,
    refreshTtl: options.refreshTokenTtlSeconds ?? 30 * 24 * 3600,
    nowSec: () => Math.floor(now() / 1000),
    sessionEnded: (sid) => typeof sid === 'string' && options.isSessionRevoked !== undefined && options.isSessionRevoked(sid),
  }
}

/** ID token + refresh token for a user, the shared part of sign-in and refresh. */
async function issue(s: AuthSettings, uid: string, claims: Record<string, unknown>, authTime: number, sid: string | undefined): Promise<{ idToken: string; refreshToken: string }> {
  const iat = s.nowSec()
  const { token: idToken } = createIdToken(s.firebaseProjectId, uid, claims, { iat, exp: iat + s.idTtl, authTime })
  const refresh: RefreshTokenClaims = {
    aud: REFRESH_TOKEN_AUDIENCE,
    kind: 'firebase-refresh',
    uid,
    claims,
    auth_time: authTime,
    ...(sid === undefined ? {} : { sid }),
    iat,
    exp: iat + s.refreshTtl,
  }
  return { idToken, refreshToken: await signJwt(refresh, s.secret) }
}

/** `accounts:signInWithCustomToken`: a custom token of ours for an ID token and a refresh token. */
async function signInWithCustomToken(s: AuthSettings, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const token = body.token
  if (typeof token !== 'string' || token === '') throw new AuthFailure(400, 'MISSING_CUSTOM_TOKEN')
  const verified = await verifyJwt<CustomTokenClaims>(token, s.secret, { now: s.nowSec() })
  if (!verified.ok) throw new AuthFailure(400, 'INVALID_CUSTOM_TOKEN', verified.message)
  const { uid, claims, aud, sid } = verified.payload
  if (aud !== CUSTOM_TOKEN_AUDIENCE) {
    throw new AuthFailure(400, 'INVALID_CUSTOM_TOKEN', `Token audience must be ${CUSTOM_TOKEN_AUDIENCE}`)
  }
  if (typeof uid !== 'string' || uid === '' || uid.length > MAX_UID_LENGTH) {
    throw new AuthFailure(400, 'INVALID_CUSTOM_TOKEN', `Token uid must be a string of 1 to ${MAX_UID_LENGTH} characters`)
  }
  if (claims !== undefined && !isRecord(claims)) throw new AuthFailure(400, 'INVALID_CUSTOM_TOKEN', 'Token claims must be an object')
  if (s.sessionEnded(sid)) throw new AuthFailure(400, 'INVALID_CUSTOM_TOKEN', 'The session this token was issued for has ended')
  const { idToken, refreshToken } = await issue(s, uid, claims ?? {}, s.nowSec(), typeof sid === 'string' ? sid : undefined)
  return {
    kind: 'identitytoolkit#VerifyCustomTokenResponse',
    idToken,
    refreshToken,
    expiresIn: String(s.idTtl),
    localId: uid,
    isNewUser: false,
  }
}

/** `accounts:lookup`: the user an ID token names, as Firebase describes a custom-auth user. */
function lookup(s: AuthSettings, body: Record<string, unknown>): Record<string, unknown> {
  const checked = readIdToken(body.idToken, s.firebaseProjectId, s.nowSec())
  if (!checked.ok) throw new AuthFailure(400, checked.code, checked.message)
  const { claims } = checked
  const custom: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(claims)) {
    if (!['iss', 'aud', 'auth_time', 'user_id', 'sub', 'iat', 'exp', 'firebase'].includes(name)) custom[name] = value
  }
  const signedInMs = String(claims.auth_time * 1000)
  return {
    kind: 'identitytoolkit#GetAccountInfoResponse',
    users: [
      {
        localId: claims.user_id,
        emailVerified: false,
        disabled: false,
        providerUserInfo: [],
        customAuth: true,
        customAttributes: JSON.stringify(custom),
        validSince: String(claims.auth_time),
        createdAt: signedInMs,
        lastLoginAt: signedInMs,
        lastRefreshAt: new Date(claims.iat * 1000).toISOString(),
      },
    ],
  }
}

/** `securetoken …/token`: a refresh token for a new ID token and refresh token, unless its session ended. */
async function refresh(s: AuthSettings, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const grantType = body.grant_type ?? body.grantType
  const token = body.refresh_token ?? body.refreshToken
  if (grantType !== 'refresh_token') throw new AuthFailure(400, 'INVALID_GRANT_TYPE')
  if (typeof token !== 'string' || token === '') throw new AuthFailure(400, 'MISSING_REFRESH_TOKEN')
  const verified = await verifyJwt<RefreshTokenClaims>(token, s.secret, { now: s.nowSec() })
  if (!verified.ok) {
    throw new AuthFailure(400, verified.reason === 'EXPIRED' ? 'TOKEN_EXPIRED' : 'INVALID_REFRESH_TOKEN', verified.message)
  }
  const claims = verified.payload
  if (claims.aud !== REFRESH_TOKEN_AUDIENCE || claims.kind !== 'firebase-refresh' || typeof claims.uid !== 'string') {
    throw new AuthFailure(400, 'INVALID_REFRESH_TOKEN', 'Not a refresh token of this emulator')
  }
  // Firebase answers TOKEN_EXPIRED for a revoked refresh token; the SDK then signs the user out.
  if (s.sessionEnded(claims.sid)) throw new AuthFailure(400, 'TOKEN_EXPIRED', 'The session was signed out')
  const authTime = typeof claims.auth_time === 'number' ? claims.auth_time : claims.iat
  const sid = typeof claims.sid === 'string' ? claims.sid : undefined
  const { idToken, refreshToken } = await issue(s, claims.uid, isRecord(claims.claims) ? claims.claims : {}, authTime, sid)
  return {
    access_token: idToken,
    expires_in: String(s.idTtl),
    token_type: 'Bearer',
    refresh_token: refreshToken,
    id_token: idToken,
    user_id: claims.uid,
    project_id: s.firebaseProjectId,
  }
}

/**
 * Creates the RouteHandler for the Firebase Auth emulation; it answers only paths under
 * `/identitytoolkit.googleapis.com/` and `/securetoken.googleapis.com/` (null for the rest).
 */
export function createFirebaseAuthRoutes(options: FirebaseAuthRoutesOptions): RouteHandler {
  const settings = settingsOf(options)
  const routes = new Map<string, (body: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>>([
    [SIGN_IN_PATH, (body) => signInWithCustomToken(settings, body)],
    [LOOKUP_PATH, (body) => lookup(settings, body)],
    [TOKEN_PATH, (body) => refresh(settings, body)],
  ])

  return async (req: BackendRequest): Promise<BackendResponse | null> => {
    const url = parseTarget(req.url)
    const path = url.pathname
    if (!path.startsWith(IDENTITY_TOOLKIT) && !path.startsWith(SECURE_TOKEN)) return null
    const cors = corsHeaders(req)
    const method = req.method.toUpperCase()
    if (method === 'OPTIONS') return { status: 204, headers: cors, body: '' }

    const json = (status: number, payload: unknown): BackendResponse => ({
      status,
      headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      body: JSON.stringify(payload),
    })
    try {
      const handler = routes.get(path)
      if (!handler) throw new AuthFailure(404, 'NOT_FOUND', `${path} is not emulated by the local backend`)
      if (method !== 'POST') throw new AuthFailure(405, 'METHOD_NOT_ALLOWED', `${method} ${path}: use POST`)
      if (options.apiKey !== undefined && url.searchParams.get('key') !== options.apiKey) {
        // Firebase's own wording; the SDK reports it as auth/api-key-not-valid.-please-pass-a-valid-api-key.
        throw new AuthFailure(400, 'API key not valid. Please pass a valid API key.')
      }
      return json(200, await handler(parseBody(req)))
    } catch (err) {
      if (!(err instanceof AuthFailure)) throw err
      return json(err.status, {
        error: {
          code: err.status,
          message: err.message,
          status: STATUS_TEXT[err.status] ?? 'INVALID_ARGUMENT',
          errors: [{ message: err.message, domain: 'global', reason: 'invalid' }],
        },
      })
    }
  }
}
