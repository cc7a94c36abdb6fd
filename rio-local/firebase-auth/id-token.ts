/**
 * Firebase ID tokens as the Firebase Auth emulator issues them: unsigned JWTs (`alg: none`),
 * which the Cloud Firestore emulator accepts as `request.auth` and the Auth SDK only decodes.
 * `jose` writes and reads them (its UnsecuredJWT), checking issuer, audience and times.
 */
import { UnsecuredJWT, errors } from 'jose'

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
  return { token: new UnsecuredJWT(claims).encode(), claims }
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
  let claims: Partial<IdTokenClaims>
  try {
    claims = UnsecuredJWT.decode(token, {
      issuer: idTokenIssuer(firebaseProjectId),
      audience: firebaseProjectId,
      requiredClaims: ['iat', 'exp', 'user_id'],
      currentDate: new Date(nowSec * 1000),
    }).payload as Partial<IdTokenClaims>
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, code: 'TOKEN_EXPIRED', message: 'idToken has expired' }
    if (err instanceof errors.JWTClaimValidationFailed && (err.claim === 'iss' || err.claim === 'aud')) {
      return invalid(`idToken was not issued for project ${firebaseProjectId}`)
    }
    if (err instanceof errors.JOSEError) return invalid(`idToken is not an ID token of this emulator: ${err.message}`)
    throw err
  }
  if (typeof claims.user_id !== 'string' || claims.user_id === '') return invalid('idToken has no user_id')
  return { ok: true, claims: claims as IdTokenClaims }
}
