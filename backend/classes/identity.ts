/**
 * Identity rules shared by our classes: e-mail normalisation, the deterministic instance ids and
 * the userId of a customer, and the ownership checks of the authorizers.
 */
import { createHash } from 'node:crypto'
import { HttpError } from '../runtime/http'
import type { Context, Data, GetInstanceId, HandlerResponse } from '../runtime/types'

/** The identity of customers (custom tokens minted by Account.verifyOtp). */
export const CUSTOMER_IDENTITY = 'enduser'

// Deliberately permissive (RFC 5321 local parts are wild); it only has to reject obvious garbage.
const EMAIL_PATTERN = /^[^\s@!#%/\\]+@[^\s@!#%/\\]+\.[^\s@!#%/\\]+$/

/** Trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * The normalised e-mail in `value`, or HttpError 400 INVALID_EMAIL.
 * @param value anything a request carried
 */
export function requireEmail(value: unknown): string {
  if (typeof value !== 'string') throw new HttpError(400, 'INVALID_EMAIL', 'An "email" string is required')
  const email = normaliseEmail(value)
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    throw new HttpError(400, 'INVALID_EMAIL', `"${value.slice(0, 100)}" is not a valid e-mail address`)
  }
  return email
}

function emailHash(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex').slice(0, 24)
}

/** `acct_` + first 24 hex chars of sha256(normalised e-mail). */
export const accountIdFor = (email: string) => `acct_${emailHash(email)}`
/** `aws_` + the same 24 hex chars. */
export const awsIdFor = (email: string) => `aws_${emailHash(email)}`
/** The stable userId of the customer with this e-mail. */
export const userIdFor = (email: string) => `usr_${emailHash(email)}`

/** The normalised e-mail of a signed-in customer, or undefined for anyone else. */
export function customerEmail(context: Context): string | undefined {
  if (context.identity !== CUSTOMER_IDENTITY || context.isAnonymous) return undefined
  const email = context.claims.email
  return typeof email === 'string' ? normaliseEmail(email) : undefined
}

export const ALLOW: HandlerResponse = { statusCode: 200 }

/** 401 without a session, 403 with one that is not allowed. */
export function deny(context: Context, message: string): HandlerResponse {
  if (context.identity === 'none') {
    return { statusCode: 401, body: { code: 'UNAUTHORIZED', message: 'A session token is required' } }
  }
  return { statusCode: 403, body: { code: 'FORBIDDEN', message } }
}

/** Allows the customer whose e-mail derives `instanceId` through `idFor`. */
export function allowOwner(context: Context, idFor: (email: string) => string): HandlerResponse {
  const email = customerEmail(context)
  if (email && context.instanceId === idFor(email)) return ALLOW
  return deny(context, `Only the owner of this ${context.classId} may do this`)
}

/** `getInstanceId` of a class with one instance per e-mail: derived from body `{email}` through `idFor`. */
export function instanceIdFromEmail(idFor: (email: string) => string): GetInstanceId {
  return async ({ request }) => idFor(requireEmail((request.body as { email?: unknown } | undefined)?.email))
}

/**
 * The e-mail an INIT body carries, checked against the instance id it must derive; otherwise sets a
 * 400 INSTANCE_ID_MISMATCH response on `data` and returns undefined (the caller returns `data`).
 */
export function emailForInit(data: Data, idFor: (email: string) => string): string | undefined {
  const email = requireEmail((data.request.body as { email?: unknown } | undefined)?.email)
  if (data.context.instanceId === idFor(email)) return email
  data.response = {
    statusCode: 400,
    body: { code: 'INSTANCE_ID_MISMATCH', message: `An ${data.context.classId} instance id must be derived from its e-mail` },
  }
  return undefined
}
