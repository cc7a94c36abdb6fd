/**
 * Test fixtures: an HS256 token signed synchronously, for helpers that hand a token to a template
 * string in the middle of a test (`?_token=${sessions(backend).platform()}`) and so cannot await.
 * The backend signs and verifies with `jose` (rio-local/auth/jwt.ts); jwt.test.ts proves a token
 * signed here is one jose accepts, so the two cannot drift apart.
 */
import { createHmac } from 'node:crypto'
import type { JwtPayload } from '../auth/jwt'

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * Signs `payload` as a compact HS256 JWT, byte for byte what `signJwt` answers.
 * @param payload claims with numeric `iat` and `exp` (epoch seconds)
 * @param secret the HMAC key
 */
export function signTestToken(payload: JwtPayload, secret: string | Uint8Array): string {
  const input = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`
}
