/**
 * The one-time-code sign-in: requests of the `Account` class that open a session (a code e-mailed,
 * the code checked, the SDK signed in with the custom token it answers). The session provider calls
 * these; every failure leaves here as an `AppError` made by `./errors`.
 */
import { ACCOUNT_CLASS, type SendOtpResult, type VerifyOtpResult } from '@/lib/contract'
import { emailProblemWords, normaliseEmail, validateEmail } from '@/lib/format/email'
import { normalizeOtp } from '@/lib/format/otp'
import { rejectOnSdkFirebaseError, type RioAccessor, type RioClient, type RioCloudObject } from './client'
import { RioAppError } from './errors/app-error'
import { authFailedError, guarded, invalidEmailError, invalidOtpError, signInTimeoutError } from './errors/map'
import { rememberSignInMoment } from './session-start'

/** A sign-in that has not settled by then fails (SDK 0.4.0 never settles if Firebase sign-in hangs). */
export const SIGN_IN_TIMEOUT_MS = 15_000

/** What `sendOtp` tells the customer: where the code went and how long to wait. */
export interface CodeSent {
  sentTo: string
  resendAfterSeconds: number
  expiresInSeconds: number
}

/** The Account object a code was requested for; `verifyCode` checks codes against it. */
export interface OtpChallenge {
  readonly email: string
  readonly object: RioCloudObject
}

/**
 * The address as the backend keys accounts, or the app's one e-mail message as an AppError.
 * @throws RioAppError INVALID_EMAIL before any request is made
 */
export function checkedEmail(raw: string): string {
  const problem = validateEmail(raw)
  if (problem) throw invalidEmailError(problem, emailProblemWords(raw) ?? undefined)
  return normaliseEmail(raw)
}


/**
 * The Account object of an address, without sending anything (a code already in the inbox): the
 * existing one, or a new customer's. On Retter a lookup key only finds (an unknown one answers 404
 * and creates nothing), so the Account is opened with body `{email}`: the class's `getInstanceId`
 * derives the id from it, and Retter answers the existing instance for an id it has (its `init`
 * runs once per id) and creates it otherwise. One request either way, and no 404 for a new
 * customer, which a browser would log as a console error.
 * @param email an address that passed `checkedEmail`
 */
export function openChallenge(rio: RioAccessor, email: string): Promise<OtpChallenge> {
  return guarded(async () => {
    const client = await rio()
    const object = await client.getCloudObject({ classId: ACCOUNT_CLASS, body: { email } })
    return { email, object }
  })
}

/** Asks the backend to e-mail a new code to the challenge's address. Rejects with an AppError. */
export function sendCode(challenge: OtpChallenge): Promise<CodeSent> {
  return guarded(async () => {
    const result = (await challenge.object.call<SendOtpResult>({ method: 'sendOtp' })).data
    return {
      sentTo: result?.sentTo || challenge.email,
      resendAfterSeconds: result?.resendAfterSeconds ?? 30,
      expiresInSeconds: result?.expiresInSeconds ?? 300,
    }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms)
    promise.then(
      (value) => { clearTimeout(timer); resolve(value) },
      (error: unknown) => { clearTimeout(timer); reject(error) },
    )
  })
}

/** Firebase sign-in failed inside the SDK; its auth pipeline is dead until the page reloads. */
function liveSignInError(error: unknown): Error {
  const code = (error as { code?: unknown }).code
  return new RioAppError({
    code: 'FIREBASE_AUTH',
    message: `Sign-in could not connect live updates${typeof code === 'string' ? ` (${code})` : ''}. Reload the page and try again.`,
  })
}

/**
 * Signs the SDK in with a custom token, failing after `SIGN_IN_TIMEOUT_MS` or at once when the SDK
 * throws a Firebase error out of its pipeline (both would otherwise leave the promise pending).
 * @returns the signed-in user's id
 */
export async function signInWithToken(client: RioClient, customToken: string): Promise<string | null> {
  const event = await guarded(() => withTimeout(
    rejectOnSdkFirebaseError(client.authenticateWithCustomToken(customToken), liveSignInError),
    SIGN_IN_TIMEOUT_MS,
    () => signInTimeoutError(SIGN_IN_TIMEOUT_MS / 1000),
  ))
  if (event.authStatus === 'AUTH_FAILED') throw authFailedError(event.message)
  rememberSignInMoment()
  return event.uid ?? null
}

/**
 * Checks a typed or pasted code ("12 34 56", "123-456") and, when it is right, signs in.
 * @returns the signed-in user's id
 * @throws RioAppError INVALID_OTP with the backend's reason when the code is not accepted
 */
export async function verifyCode(rio: RioAccessor, challenge: OtpChallenge, rawCode: string): Promise<string | null> {
  const client = await guarded(rio)
  const code = normalizeOtp(rawCode)
  const result = await guarded(async () => (await challenge.object.call<VerifyOtpResult>({ method: 'verifyOtp', body: { code } })).data)
  if (!result || result.success !== true) {
    throw invalidOtpError(result && result.success === false ? result.error : undefined)
  }
  return signInWithToken(client, result.data.customToken)
}
