/**
 * The client's address when the runtime sits behind the local TLS front (`npm run start:local`, the
 * e2e run), where every request arrives from 127.0.0.1. The front writes the address it saw into
 * `X-Rio-Client-Address` with an HMAC of it under a secret only the front and the runtime share
 * (RIO_LOCAL_FRONT_SECRET, made per stack); any other writer (a client, a page) cannot sign, so its
 * header is ignored and the TCP peer stays the source. `X-Forwarded-For` is never read: anyone can
 * write it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const CLIENT_ADDRESS_HEADER = 'x-rio-client-address'
export const CLIENT_ADDRESS_SIGNATURE_HEADER = 'x-rio-client-address-signature'

function signature(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`rio-local client address\u0000${address}`).digest('hex')
}

/**
 * The two headers the front adds to a request it forwards for a client at `address`.
 * @param secret the secret shared with the runtime
 */
export function clientAddressHeaders(secret: string, address: string): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address, [CLIENT_ADDRESS_SIGNATURE_HEADER]: signature(secret, address) }
}

/**
 * The address the front signed into `headers`, or undefined when there is no secret, no header,
 * or a signature that does not verify.
 * @param headers request headers, names in lower case (as node:http gives them)
 */
export function trustedClientAddress(headers: Record<string, string | string[] | undefined>, secret: string | undefined): string | undefined {
  if (!secret) return undefined
  const address = headers[CLIENT_ADDRESS_HEADER]
  const given = headers[CLIENT_ADDRESS_SIGNATURE_HEADER]
  if (typeof address !== 'string' || typeof given !== 'string' || address === '' || address.length > 64) return undefined
  const expected = Buffer.from(signature(secret, address), 'hex')
  const actual = Buffer.from(given, 'hex')
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? address : undefined
}
