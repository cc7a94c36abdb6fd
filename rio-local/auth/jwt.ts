/**
 * Minimal HS256 JSON Web Tokens on node:crypto.
 *
 * Only HS256 is accepted on verification: a token naming any other `alg` (notably `none`) is
 * rejected, so a forged header can never downgrade the check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { Buffer } from 'node:buffer'

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

const HEADER = base64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })))

function base64url(buf: Buffer): string {
  return buf.toString('base64url')
}

function sign(input: string, secret: string | Buffer): Buffer {
  return createHmac('sha256', secret).update(input).digest()
}

/**
 * Signs `payload` as a compact HS256 JWT.
 * @param payload claims; must include numeric `iat` and `exp` (epoch seconds)
 * @param secret the HMAC key
 */
export function signJwt(payload: JwtPayload, secret: string | Buffer): string {
  const body = base64url(Buffer.from(JSON.stringify(payload)))
  const input = `${HEADER}.${body}`
  return `${input}.${base64url(sign(input, secret))}`
}

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Verifies an HS256 JWT: structure, algorithm, signature (constant-time) and expiry.
 * Never throws; returns a typed failure instead.
 * @param token compact JWT
 * @param secret the HMAC key it must have been signed with
 * @param options `now` in epoch seconds; `ignoreExpiry` to accept expired tokens
 */
export function verifyJwt<T extends JwtPayload = JwtPayload>(
  token: string,
  secret: string | Buffer,
  options: VerifyJwtOptions = {},
): JwtVerification<T> {
  if (typeof token !== 'string' || token.length > 8192) {
    return { ok: false, reason: 'MALFORMED', message: 'Token is not a JWT' }
  }
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) {
    return { ok: false, reason: 'MALFORMED', message: 'Token is not a JWT' }
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = parseJson(headerPart)
  if (!isRecord(header)) return { ok: false, reason: 'MALFORMED', message: 'Token header is not JSON' }
  if (header.alg !== 'HS256') {
    return { ok: false, reason: 'UNSUPPORTED_ALG', message: `Unsupported token algorithm ${String(header.alg)}` }
  }
  const expected = sign(`${headerPart}.${payloadPart}`, secret)
  const given = Buffer.from(signaturePart, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'BAD_SIGNATURE', message: 'Token signature is invalid' }
  }
  const payload = parseJson(payloadPart)
  if (!isRecord(payload) || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
    return { ok: false, reason: 'MALFORMED', message: 'Token claims are missing iat or exp' }
  }
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (!options.ignoreExpiry && payload.exp <= now) {
    return { ok: false, reason: 'EXPIRED', message: 'Token has expired' }
  }
  return { ok: true, payload: payload as T }
}
