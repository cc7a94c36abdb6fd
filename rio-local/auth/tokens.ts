/**
 * Issues and verifies the Retter session tokens (access, refresh, custom) and the Firebase custom
 * token carried in TokenData. All are HS256 JWTs signed with the backend secret.
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { Storage } from '../storage/types'
import { signJwt, verifyJwt, type JwtPayload } from './jwt'
import { DEFAULT_SESSION_EPOCH } from './session-epoch'

export type TokenKind = 'access' | 'refresh' | 'custom'

/** Claims of our Retter tokens (what the SDK decodes, plus bookkeeping ids). */
export interface RioTokenClaims extends JwtPayload {
  projectId: string
  userId: string
  identity: string
  anonymous: boolean
  claims: Record<string, unknown>
  /** Which of our tokens this is; an access token is never accepted as a refresh token and so on. */
  kind: TokenKind
  /** Session id shared by an access/refresh pair; sign-out revokes it. */
  sid?: string
  /** Unique token id (custom tokens: the single-use key). */
  jti?: string
}

/** Claims of the Firebase custom token the Firebase Auth emulation verifies. */
export interface FirebaseCustomTokenClaims extends JwtPayload {
  uid: string
  /**
   * `projectId` lets the Firestore rules tell sessions of this Retter project apart; the session's
   * sign-in moment comes along (`signedInAt`, which the rules compare with the user document's
   * epoch); its other claims (the e-mail) stay out of the Firebase token.
   */
  claims: { projectId: string; identity: string; anonymous: boolean; [claim: string]: unknown }
  aud: 'local-firebase-custom'
  /** The Retter session it belongs to: ending that session ends the Firebase session too. */
  sid?: string
}

/** What the session calls answer (`RetterTokenData` of the SDK minus its client-side fields). */
export interface TokenData {
  accessToken: string
  refreshToken: string
  firebase: { apiKey: string; projectId: string; customToken: string }
}

/** The identity a verified access token carries into a call. */
export interface Caller {
  userId: string
  identity: string
  anonymous: boolean
  claims: Record<string, unknown>
  sid?: string
}

export interface TokenServiceOptions {
  projectId: string
  secret: string
  storage: Storage
  accessTtl: number
  refreshTtl: number
  firebase: { apiKey: string; projectId: string }
  /** Epoch milliseconds. */
  now: () => number
  /**
   * Whether a session may keep its identity, asked on every refresh (rio-local/auth/identity-gate.ts);
   * a session that may not is revoked. Default: every identity lasts as long as its session.
   */
  entitled?: (caller: Caller) => boolean
  /** Told of every session token pair issued (sign-in or refresh), e.g. to keep member records. */
  onIssued?: (caller: Caller) => void
  /** Told of a session revoked because it lost its identity. */
  onIdentityLost?: (caller: Caller) => void
  /**
   * Whether a session has ended because its account's session epoch passed it
   * (rio-local/auth/session-epoch.ts), asked on every refresh; such a session is revoked.
   */
  sessionEnded?: (caller: Caller) => boolean
}

/** Lifetime of a Retter custom token: long enough for the client to exchange it at once, single use. */
export const CUSTOM_TOKEN_TTL_SECONDS = 60
/** Lifetime of the Firebase custom token (Firebase's own limit is one hour). */
export const FIREBASE_CUSTOM_TOKEN_TTL_SECONDS = 3600

/**
 * A refresh token is single use: every refresh answers a new one. Two tabs refreshing with the
 * same token at once both succeed within this interval (Supabase's default) and get the same
 * successor pair, so the session stays one chain; a reuse after it is taken as a stolen token and
 * revokes the whole session.
 */
export const REFRESH_REUSE_INTERVAL_MS = 10_000

export type TokenCheck<T> = { ok: true; value: T } | { ok: false; code: string; message: string }

/** The session's sign-in moment claim (session-epoch.ts), the only claim of its own the Firebase token carries. */
function sessionEpochClaim(caller: Caller): Record<string, unknown> {
  const value = caller.claims[DEFAULT_SESSION_EPOCH.claim]
  return typeof value === 'string' ? { [DEFAULT_SESSION_EPOCH.claim]: value } : {}
}

const randomId = (bytes = 12) => randomBytes(bytes).toString('hex')

type TokenPolicy = Pick<TokenServiceOptions, 'projectId' | 'secret' | 'storage' | 'accessTtl' | 'refreshTtl' | 'firebase'> & { nowSec: () => number }

/** A successor's issue time and token ids (see `successorOf`). */
interface FixedIssue {
  iat: number
  accessJti: string
  refreshJti: string
}

/**
 * Signs the TokenData of a session: access and refresh token, and the Firebase custom token.
 * @param fixed a successor's issue time and token ids: tokens signed from the same claims are the
 *   same bytes (HS256 is deterministic), which is how a refresh answers one pair however often
 *   its token is redeemed within the reuse interval
 */
async function issueTokenData(policy: TokenPolicy, caller: Caller, sid: string = randomId(), fixed?: FixedIssue): Promise<TokenData> {
  const iat = fixed?.iat ?? policy.nowSec()
  const base = {
    projectId: policy.projectId,
    userId: caller.userId,
    identity: caller.identity,
    anonymous: caller.anonymous,
    claims: caller.claims,
    sid,
    iat,
  }
  const firebaseClaims: FirebaseCustomTokenClaims = {
    uid: caller.userId,
    claims: { ...sessionEpochClaim(caller), projectId: policy.projectId, identity: caller.identity, anonymous: caller.anonymous },
    aud: 'local-firebase-custom',
    sid,
    iat,
    exp: iat + FIREBASE_CUSTOM_TOKEN_TTL_SECONDS,
  }
  // A jti per token keeps two tokens issued in the same second distinct.
  const [accessToken, refreshToken, customToken] = await Promise.all([
    signJwt({ ...base, kind: 'access', jti: fixed?.accessJti ?? randomId(), exp: iat + policy.accessTtl } satisfies RioTokenClaims, policy.secret),
    signJwt({ ...base, kind: 'refresh', jti: fixed?.refreshJti ?? randomId(), exp: iat + policy.refreshTtl } satisfies RioTokenClaims, policy.secret),
    signJwt(firebaseClaims, policy.secret),
  ])
  return { accessToken, refreshToken, firebase: { ...policy.firebase, customToken } }
}

/** Verifies one of our tokens as a token of `kind`, of this project, of a session not revoked. */
async function checkToken(policy: TokenPolicy, token: string | undefined, kind: TokenKind, ignoreExpiry = false): Promise<TokenCheck<RioTokenClaims>> {
  if (!token) return { ok: false, code: 'TOKEN_MISSING', message: `The ${kind} token is missing` }
  const result = await verifyJwt<RioTokenClaims>(token, policy.secret, { now: policy.nowSec(), ignoreExpiry })
  if (!result.ok) {
    const code = result.reason === 'EXPIRED' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID'
    return { ok: false, code, message: `The ${kind} token is not valid: ${result.message}` }
  }
  const claims = result.payload
  if (claims.kind !== kind || typeof claims.userId !== 'string' || typeof claims.identity !== 'string') {
    return { ok: false, code: 'TOKEN_INVALID', message: `The token is not a ${kind} token` }
  }
  if (claims.projectId !== policy.projectId) {
    return { ok: false, code: 'TOKEN_WRONG_PROJECT', message: `The ${kind} token belongs to another project` }
  }
  if (claims.sid && kind !== 'custom' && policy.storage.isSessionRevoked(claims.sid)) {
    return { ok: false, code: 'TOKEN_REVOKED', message: 'The session has been signed out' }
  }
  return { ok: true, value: claims }
}

/** `checkToken`, and the token must be the user's the request path names. */
async function checkOwnToken(policy: TokenPolicy, token: string | undefined, kind: TokenKind, pathUserId: string, ignoreExpiry = false): Promise<TokenCheck<RioTokenClaims>> {
  const result = await checkToken(policy, token, kind, ignoreExpiry)
  if (result.ok && result.value.userId !== pathUserId) {
    return { ok: false, code: 'TOKEN_INVALID', message: `The ${kind} token belongs to another user` }
  }
  return result
}

/**
 * The successor of refresh token `jti` first redeemed at `firstUseMs`: ids keyed by the secret
 * and the parent's id (nobody can predict them without the secret), issued at the first use.
 */
function successorOf(secret: string, jti: string, firstUseMs: number): FixedIssue {
  const id = (kind: string) => createHmac('sha256', secret).update(`successor:${kind}:${jti}`).digest('hex').slice(0, 24)
  return { iat: Math.floor(firstUseMs / 1000), accessJti: id('access'), refreshJti: id('refresh') }
}

function toCaller(c: RioTokenClaims): Caller {
  return {
    userId: c.userId,
    identity: c.identity,
    anonymous: c.anonymous === true,
    claims: typeof c.claims === 'object' && c.claims !== null ? c.claims : {},
    sid: c.sid,
  }
}

/** Creates the token service of one backend (one project, one secret). */
export function createTokenService(opts: TokenServiceOptions) {
  const policy: TokenPolicy = { ...opts, nowSec: () => Math.floor(opts.now() / 1000) }
  const nowSec = policy.nowSec
  const issue = (caller: Caller, sid?: string, fixed?: FixedIssue) => issueTokenData(policy, caller, sid, fixed)
  const checkOwn = (token: string | undefined, kind: TokenKind, pathUserId: string, ignoreExpiry = false) => checkOwnToken(policy, token, kind, pathUserId, ignoreExpiry)

  return {
    /** TokenData for a fresh anonymous session, and its userId. */
    async issueAnonymous(): Promise<{ userId: string; tokenData: TokenData }> {
      const userId = `anon_${randomId()}`
      return { userId, tokenData: await issue({ userId, identity: 'anonymous', anonymous: true, claims: {} }) }
    },

    /** A single-use Retter custom token (valid 60 s) for `authWithCustomToken`. */
    async createCustomToken(input: { userId: string; identity: string; claims?: Record<string, unknown> }): Promise<string> {
      const iat = nowSec()
      const claims: RioTokenClaims = {
        projectId: opts.projectId,
        userId: input.userId,
        identity: input.identity,
        anonymous: false,
        claims: input.claims ?? {},
        kind: 'custom',
        jti: randomId(),
        iat,
        exp: iat + CUSTOM_TOKEN_TTL_SECONDS,
      }
      return signJwt(claims, opts.secret)
    },

    /** Exchanges a custom token for session tokens; the token's path userId must match. Consumes it. */
    async signInWithCustomToken(customToken: string | undefined, pathUserId: string): Promise<TokenCheck<TokenData>> {
      const result = await checkOwn(customToken, 'custom', pathUserId)
      if (!result.ok) return result
      const claims = result.value
      if (!claims.jti || !opts.storage.useTokenOnce(claims.jti, claims.exp)) {
        return { ok: false, code: 'TOKEN_USED', message: 'The custom token has already been used' }
      }
      const caller = toCaller(claims)
      opts.onIssued?.(caller)
      return { ok: true, value: await issue(caller) }
    },

    /**
     * New session tokens (a new refresh token too) from a valid refresh token of the same session;
     * within REFRESH_REUSE_INTERVAL_MS of its first use a token answers that same pair again.
     * Reusing it later revokes the session: its access and refresh tokens and its Firebase session
     * stop working.
     */
    async refresh(refreshToken: string | undefined, pathUserId: string): Promise<TokenCheck<TokenData>> {
      const result = await checkOwn(refreshToken, 'refresh', pathUserId)
      if (!result.ok) return result
      const claims = result.value
      const caller = toCaller(claims)
      // The identity is derived again, not copied: a staff member taken off the list stops here.
      if (opts.entitled && !opts.entitled(caller)) {
        if (claims.sid) opts.storage.revokeSession(claims.sid, claims.iat + opts.refreshTtl)
        opts.onIdentityLost?.(caller)
        return { ok: false, code: 'IDENTITY_REVOKED', message: `This session's "${claims.identity}" access was withdrawn; sign in again` }
      }
      // A session older than its account's epoch (deleted, or moved to another address) ends here.
      if (opts.sessionEnded?.(caller)) {
        if (claims.sid) opts.storage.revokeSession(claims.sid, claims.iat + opts.refreshTtl)
        return { ok: false, code: 'SESSION_ENDED', message: 'This session ended when its account was deleted or moved to another e-mail address; sign in again' }
      }
      opts.onIssued?.(caller)
      if (!claims.jti) return { ok: true, value: await issue(caller, claims.sid) }
      const now = opts.now()
      const firstUse = opts.storage.claimRefreshToken(claims.jti, now, claims.exp) ?? now
      if (now - firstUse > REFRESH_REUSE_INTERVAL_MS) {
        if (claims.sid) opts.storage.revokeSession(claims.sid, claims.iat + opts.refreshTtl)
        return { ok: false, code: 'TOKEN_REUSED', message: 'This refresh token was already used; the session has been signed out for safety' }
      }
      // First use or a reuse within the interval: the same successor pair either way.
      return { ok: true, value: await issue(caller, claims.sid, successorOf(opts.secret, claims.jti, firstUse)) }
    },

    /** Revokes the session of an access token (expired access tokens are accepted here). */
    async signOut(accessToken: string | undefined, pathUserId: string): Promise<TokenCheck<null>> {
      const result = await checkOwn(accessToken, 'access', pathUserId, true)
      if (!result.ok) return result
      if (result.value.sid) opts.storage.revokeSession(result.value.sid, result.value.iat + opts.refreshTtl)
      return { ok: true, value: null }
    },

    /** Verifies the `_token` of a cloud-object call. */
    async verifyAccessToken(token: string): Promise<TokenCheck<Caller>> {
      const result = await checkToken(policy, token, 'access')
      return result.ok ? { ok: true, value: toCaller(result.value) } : result
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
