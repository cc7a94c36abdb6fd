/**
 * HS256 JSON Web Tokens, signed and verified by `jose`.
 *
 * Only HS256 is accepted on verification: a token naming any other `alg` (notably `none`) is
 * rejected, so a forged header can never downgrade the check. What a token of ours means (its
 * kinds, lifetimes, revocation) is decided in tokens.ts; this module only proves who signed it.
 */
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose'

/** Claims every token of ours carries; further claims are free-form. */
export interface JwtPayload {
  iat: number
  exp: number
  [claim: string]: unknown
}

export type JwtFailureReason = 'MALFORMED' | 'UNSUPPORTED_ALG' | 'BAD_SIGNATURE' | 'EXPIRED'

export type JwtVerification<T extends JwtPayload = JwtPayload> =
  | { ok: true; payload: T }
  | { ok: false; reason: JwtFailureReason; message: string }

export interface VerifyJwtOptions {
  /** Current time in epoch SECONDS (defaults to the wall clock). */
  now?: number
  /** Accept a token past its `exp` (sign-out must still identify the session of an expired token). */
  ignoreExpiry?: boolean
}

const ALGORITHM = 'HS256'
/** Longer tokens are refused before any parsing: none of ours comes near it. */
const MAX_TOKEN_LENGTH = 8192

const keyOf = (secret: string | Uint8Array): Uint8Array => (typeof secret === 'string' ? new TextEncoder().encode(secret) : secret)

/**
 * Signs `payload` as a compact HS256 JWT. The same claims and secret give the same bytes (HMAC
 * is deterministic), which tokens.ts relies on to answer one refresh pair however often it is asked.
 * @param payload claims; must include numeric `iat` and `exp` (epoch seconds)
 * @param secret the HMAC key
 */
export async function signJwt(payload: JwtPayload, secret: string | Uint8Array): Promise<string> {
  return new SignJWT(payload as JWTPayload).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(keyOf(secret))
}

function failure(reason: JwtFailureReason, message: string): { ok: false; reason: JwtFailureReason; message: string } {
  return { ok: false, reason, message }
}

/**
 * Verifies an HS256 JWT: structure, algorithm, signature (constant-time), `iat` and `exp`.
 * Never rejects; resolves to a typed failure instead.
 * @param token compact JWT
 * @param secret the HMAC key it must have been signed with
 * @param options `now` in epoch seconds; `ignoreExpiry` to accept expired tokens
 */
export async function verifyJwt<T extends JwtPayload = JwtPayload>(
  token: string,
  secret: string | Uint8Array,
  options: VerifyJwtOptions = {},
): Promise<JwtVerification<T>> {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return failure('MALFORMED', 'Token is not a JWT')
  const currentDate = options.now === undefined ? undefined : new Date(options.now * 1000)
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM], requiredClaims: ['iat', 'exp'], currentDate })
    return { ok: true, payload: payload as T }
  } catch (err) {
    // jose checks the signature before the claims, so an expired token's payload is a proven one.
    if (err instanceof errors.JWTExpired) {
      return options.ignoreExpiry ? { ok: true, payload: err.payload as T } : failure('EXPIRED', 'Token has expired')
    }
    if (err instanceof errors.JOSEAlgNotAllowed) return failure('UNSUPPORTED_ALG', 'Unsupported token algorithm (only HS256 is accepted)')
    if (err instanceof errors.JWSSignatureVerificationFailed) return failure('BAD_SIGNATURE', 'Token signature is invalid')
    if (err instanceof errors.JWTClaimValidationFailed) return failure('MALFORMED', `Token claims are not valid: ${err.message}`)
    if (err instanceof errors.JOSEError) return failure('MALFORMED', 'Token is not a JWT')
    throw err
  }
}
