/**
 * Who a customer is: the instance ids and userId derived from the e-mail, staff, and the ownership
 * checks of the authorizers. Every class lists this dependency, so they all derive the same ids.
 *
 * Ids are an HMAC of the normalised e-mail under CUSTOMER_ID_SECRET (project environment), so
 * nobody can derive a customer's ids, or test whether an e-mail has an account, without it. The
 * userId is a separate HMAC (its own purpose prefix), so the Account id that INSTANCE by e-mail
 * answers tells nothing about it.
 */
import { listSetting, setting } from 'BeanBloomKit/env'
import type { Context, Data, Response } from '@retter/rdk'
import { createHmac } from 'crypto'
import { checkEmail, normaliseEmail } from './email'

/** The identity of customers (custom tokens minted by Account.verifyOtp). */
export const CUSTOMER_IDENTITY = 'enduser'
/**
 * The identity of the coffee chain's staff: Account.verifyOtp mints it for the addresses in
 * STAFF_EMAILS. A staff member signs in once and is also the customer of their own e-mail.
 */
export const STAFF_IDENTITY = 'staff'

/** The normalised e-mail in `value`, or undefined when it is not a plausible address (email.ts). */
export function parseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const checked = checkEmail(value)
  return checked.ok ? checked.email : undefined
}

function idSecret(): string {
  const secret = setting('CUSTOMER_ID_SECRET')
  if (!secret || secret.length < 32) {
    throw new Error('CUSTOMER_ID_SECRET is missing or shorter than 32 characters: set it in the project environment')
  }
  return secret
}

/**
 * 24 hex chars of HMAC-SHA256(CUSTOMER_ID_SECRET, text): a stable name for `text` that nobody
 * without the secret can link back to it (ids, and the sources the sign-in limits count).
 */
export function secretDigest(text: string): string {
  return createHmac('sha256', idSecret()).update(text).digest('hex').slice(0, 24)
}

/**
 * The full HMAC-SHA256 (64 hex chars) of purpose NUL `text` under CUSTOMER_ID_SECRET: a signature
 * only the project can make, separate for each purpose, so one purpose's signature never passes
 * for another's (the e-mails' one-click links sign with it).
 */
export function signatureOf(purpose: string, text: string): string {
  return createHmac('sha256', idSecret()).update(purpose + '\u0000' + text).digest('hex')
}

/** secretDigest of purpose + normalised e-mail; NUL never occurs in an address. */
function emailKey(email: string, purpose: string): string {
  return secretDigest(purpose + normaliseEmail(email))
}

// Instance ids keep the HMAC of the bare e-mail (ids of existing customers stay what they were).
const INSTANCE_ID_PURPOSE = ''
const USER_ID_PURPOSE = 'userId\u0000'

/** `acct_` + 24 hex chars of HMAC-SHA256(CUSTOMER_ID_SECRET, normalised e-mail). */
export function accountIdFor(email: string): string {
  return 'acct_' + emailKey(email, INSTANCE_ID_PURPOSE)
}
/** `aws_` + the same 24 hex chars. */
export function awsIdFor(email: string): string {
  return 'aws_' + emailKey(email, INSTANCE_ID_PURPOSE)
}
/**
 * The stable userId of the customer with this e-mail (their custom token's userId): `usr_` + 24 hex
 * chars of HMAC-SHA256(CUSTOMER_ID_SECRET, "userId" NUL normalised e-mail). An Account created
 * before this derivation keeps the userId in its private state.
 */
export function userIdFor(email: string): string {
  return 'usr_' + emailKey(email, USER_ID_PURPOSE)
}

/**
 * The normalised e-mail of a signed-in customer, or undefined for anyone else. A staff session is
 * the customer of its own e-mail too (one sign-in for both), so it owns that e-mail's objects.
 */
export function customerEmail(context: Context): string | undefined {
  if ((context.identity !== CUSTOMER_IDENTITY && context.identity !== STAFF_IDENTITY) || context.isAnonymous) return undefined
  const email = context.claims ? context.claims.email : undefined
  return typeof email === 'string' ? normaliseEmail(email) : undefined
}

/** The normalised addresses of STAFF_EMAILS (project environment, comma-separated); read on every call. */
export function staffEmails(): string[] {
  const listed = listSetting('STAFF_EMAILS')
  const emails: string[] = []
  for (const raw of listed) {
    const email = parseEmail(raw)
    if (email && emails.indexOf(email) < 0) emails.push(email)
  }
  return emails
}

/** True when `email` is one of STAFF_EMAILS. */
export function isStaffEmail(email: string): boolean {
  return staffEmails().indexOf(normaliseEmail(email)) >= 0
}

export const ALLOW: Response = { statusCode: 200 }

/** 401 without a session, 403 with one that is not allowed. */
export function deny(context: Context, message: string): Response {
  if (context.identity === 'none') {
    return { statusCode: 401, body: { code: 'UNAUTHORIZED', message: 'A session token is required' } }
  }
  return { statusCode: 403, body: { code: 'FORBIDDEN', message: message } }
}

/** Allows the customer whose e-mail derives the called instance's id through `idFor`. */
export function allowOwner(context: Context, idFor: (email: string) => string): Response {
  const email = customerEmail(context)
  if (email && context.instanceId === idFor(email)) return ALLOW
  return deny(context, 'Only the owner of this ' + context.classId + ' may do this')
}

/**
 * The e-mail an INIT body carries when it derives the instance id through `idFor`; otherwise
 * undefined with the 400 answer to give.
 */
function emailForInit(body: unknown, context: Context, idFor: (email: string) => string): { email: string } | { error: Response } {
  const raw = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined
  const checked = typeof raw === 'string' ? checkEmail(raw) : undefined
  if (checked && !checked.ok && checked.problem === 'INVISIBLE_CHARACTERS') {
    return { error: { statusCode: 400, body: { code: 'INVALID_EMAIL', message: checked.message } } }
  }
  if (!checked || !checked.ok) {
    return { error: { statusCode: 400, body: { code: 'INVALID_EMAIL', message: 'An "email" with a valid e-mail address is required' } } }
  }
  const email = checked.email
  if (context.instanceId !== idFor(email)) {
    return {
      error: {
        statusCode: 400,
        body: { code: 'INSTANCE_ID_MISMATCH', message: 'An ' + context.classId + ' instance id must be derived from its e-mail' },
      },
    }
  }
  return { email: email }
}

/** The instance id a body `{email}` derives through `idFor` (a class's getInstanceId). */
export function instanceIdOfBody(body: { email: string } | undefined, idFor: (email: string) => string): string {
  return idFor(body ? body.email : '')
}

/**
 * The checked e-mail of an INIT body, for a class whose instance ids derive from it through
 * `idFor`; when the body is refused, `data.response` holds the 400 answer and null is returned.
 */
export function initEmail(data: Data<{ email: string }>, idFor: (email: string) => string): string | null {
  const checked = emailForInit(data.request.body, data.context, idFor)
  if ('error' in checked) {
    data.response = checked.error
    return null
  }
  return checked.email
}

/**
 * The platform's own calls (delayed calls and class-to-class calls) carry the `developer` identity
 * and say which class made them (`refererClassId`); customers' tokens never carry it (our classes
 * mint `enduser` and `staff` tokens only).
 */
const PLATFORM_IDENTITY = 'developer'

/** True for a call the platform makes: from class `fromClass` when it is given. */
export function isPlatformCall(context: Context, fromClass?: string): boolean {
  return context.identity === PLATFORM_IDENTITY && (fromClass === undefined || context.refererClassId === fromClass)
}
