/**
 * Firebase ID tokens as the Firebase Auth emulator issues them: unsigned JWTs (`alg: none`),
 * which the Cloud Firestore emulator accepts as `request.auth` and the Auth SDK only decodes.
 */
import { Buffer } from 'node:buffer'

/** Claims a custom token may not override (Firebase reserves them). */
const RESERVED_CLAIMS = new Set([
  'acr', 'amr', 'at_hash', 'aud', 'auth_time', 'azp', 'cnf', 'c_hash', 'exp', 'firebase',
  'iat', 'iss', 'jti', 'nbf', 'nonce', 'sub', 'user_id',
])

export interface IdTokenClaims {
  iss: string
  aud: string
  auth_time: number
  user_id: string
  sub: string
  iat: number
  exp: number
  firebase: { identities: Record<string, unknown>; sign_in_provider: string }
  [custom: string]: unknown
}

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')

/** Issuer of ID tokens for a Firebase project (what the emulator and rules expect). */
export function idTokenIssuer(firebaseProjectId: string): string {
  return `https://securetoken.google.com/${firebaseProjectId}`
}

/**
 * Builds an unsigned ID token for `uid` carrying `customClaims` at the top level (as Firebase
 * does, so rules read them as `request.auth.token.<claim>`); reserved names are dropped.
 * @param times epoch seconds: `iat`, `exp` and the original sign-in time `authTime`
 */
export function createIdToken(
  firebaseProjectId: string,
  uid: string,
  customClaims: Record<string, unknown>,
  times: { iat: number; exp: number; authTime: number },
): { token: string; claims: IdTokenClaims } {
  const custom: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(customClaims)) if (!RESERVED_CLAIMS.has(name)) custom[name] = value
  const claims: IdTokenClaims = {
    ...custom,
    iss: idTokenIssuer(firebaseProjectId),
    aud: firebaseProjectId,
    auth_time: times.authTime,
    user_id: uid,
    sub: uid,
    iat: times.iat,
    exp: times.exp,
    firebase: { identities: {}, sign_in_provider: 'custom' },
  }
  return { token: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`, claims }
}

export type IdTokenCheck =
  | { ok: true; claims: IdTokenClaims }
  | { ok: false; code: 'INVALID_ID_TOKEN' | 'TOKEN_EXPIRED'; message: string }

/**
 * Decodes an ID token of ours and checks its issuer, audience and expiry. There is no signature
 * to check (like the Firebase Auth emulator's tokens), so this is a sanity check, not a proof.
 * @param nowSec current time in epoch seconds
 */
export function readIdToken(token: unknown, firebaseProjectId: string, nowSec: number): IdTokenCheck {
  const invalid = (message: string): IdTokenCheck => ({ ok: false, code: 'INVALID_ID_TOKEN', message })
  if (typeof token !== 'string' || token === '') return invalid('idToken is missing')
  const parts = token.split('.')
  if (parts.length !== 3) return invalid('idToken is not a JWT')
  let claims: Partial<IdTokenClaims>
  try {
    claims = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8')) as Partial<IdTokenClaims>
  } catch {
    return invalid('idToken payload is not JSON')
  }
  if (typeof claims !== 'object' || claims === null) return invalid('idToken payload is not an object')
  if (claims.iss !== idTokenIssuer(firebaseProjectId) || claims.aud !== firebaseProjectId) {
    return invalid(`idToken was not issued for project ${firebaseProjectId}`)
  }
  if (typeof claims.user_id !== 'string' || claims.user_id === '') return invalid('idToken has no user_id')
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return invalid('idToken has no iat or exp')
  if (claims.exp <= nowSec) return { ok: false, code: 'TOKEN_EXPIRED', message: 'idToken has expired' }
  return { ok: true, claims: claims as IdTokenClaims }
}
