/**
 * One mapping of every failure the Retter client can produce (SDK, HTTP, backend answers, Firebase)
 * to an `AppError` with a stable code and a specific, human message. Everything thrown by the
 * request layer goes through here, so the UI shows `error.message` and branches on `error.code`
 * (and `reason`, `retryAfterSeconds`) only; no code reads message text.
 */
import type { VerifyOtpErrorCode } from '@/lib/contract'
import type { AppError } from '@/lib/types'
import type { MessageKey } from '@/lib/i18n/types'
import type { MessageValues } from '@retter-shared/BeanBloomKit/i18n/render'
import { keyed, messageKeyOf, NETWORK_MESSAGE, RioAppError } from './app-error'
import { countdownWords } from '@retter-shared/BeanBloomIdentity/wait-words'

/** True for values made by this module, or plain `{code, message}` objects (not other Errors). */
export function isAppError(value: unknown): value is AppError {
  if (value instanceof RioAppError) return true
  return typeof value === 'object' && value !== null && !(value instanceof Error) &&
    typeof (value as AppError).code === 'string' && typeof (value as AppError).message === 'string' &&
    !isAxiosLike(value)
}

interface AxiosLike {
  isAxiosError?: boolean
  code?: string
  message?: string
  response?: { status: number; data?: unknown; headers?: Record<string, unknown> }
}

function isAxiosLike(value: unknown): value is AxiosLike {
  return typeof value === 'object' && value !== null &&
    ((value as AxiosLike).isAxiosError === true || typeof (value as AxiosLike).response?.status === 'number')
}

function serverMessage(data: unknown): string | undefined {
  if (typeof data === 'string' && data.trim()) return data.trim()
  if (typeof data === 'object' && data !== null) {
    const message = (data as { message?: unknown }).message
    if (typeof message === 'string' && message.trim()) return message.trim()
  }
  return undefined
}

function serverCode(data: unknown): string | undefined {
  const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined
  return typeof code === 'string' && code ? code : undefined
}

function retryAfter(response: NonNullable<AxiosLike['response']>): number {
  const fromBody = (response.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
  if (typeof fromBody === 'number' && fromBody > 0) return Math.ceil(fromBody)
  const header = Number(response.headers?.['retry-after'])
  return Number.isFinite(header) && header > 0 ? Math.ceil(header) : 30
}

function fromHttpStatus(response: NonNullable<AxiosLike['response']>): AppError {
  const { status, data } = response
  const said = serverMessage(data)
  const code = serverCode(data)
  if (status === 429) {
    // Every limit is RATE_LIMITED for the flow (it counts the wait down); `reason` says which one.
    const seconds = retryAfter(response)
    const reason = code && code in LIMIT_WORDS ? code : undefined
    return {
      code: 'RATE_LIMITED',
      status,
      retryAfterSeconds: seconds,
      message: rateLimitedMessage(seconds, reason),
      // The classes' own RATE_LIMITED always means a code was sent moments ago (sign-in, e-mail
      // change, deletion): its words stay the general ones, and the reason lets a flow say more.
      ...(reason ? { reason } : code === 'RATE_LIMITED' ? { reason: CODE_RECENTLY_SENT } : {}),
    }
  }
  if (status === 570) {
    return keyed({ code: 'BUSY', status, message: 'The service is busy with another change to this account. Please try again.' }, 'errors.busy')
  }
  // The input a refusal is about, when the class names it (a 400, or a 409 such as "that id is taken").
  const field = typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined
  const named = typeof field === 'string' && field ? { field } : {}
  if (status === 400) {
    const invalid: AppError = {
      code: code ?? 'VALIDATION',
      status,
      message: said ?? 'The request was not valid. Please check what you entered.',
      ...named,
    }
    return said ? invalid : keyed(invalid, 'errors.validation')
  }
  if (status === 401 || status === 403) {
    const denied: AppError = { code: code ?? 'ACCESS_DENIED', status, message: said ?? 'You are not allowed to do that. Please sign in again.' }
    return said ? denied : keyed(denied, 'errors.accessDenied')
  }
  if (status === 404) {
    const missing: AppError = { code: code ?? 'NOT_FOUND', status, message: said ?? 'That was not found on the server.' }
    return said ? missing : keyed(missing, 'errors.notFound')
  }
  if (status === 503 && code && said) {
    // Our classes' own "not now" answers (e.g. a customer's account could not record a shipment)
    // say what did not happen; still a transient SERVER_ERROR, with the class's code as `reason`.
    return { code: 'SERVER_ERROR', status, reason: code, message: said }
  }
  if (status >= 500) {
    return keyed({ code: 'SERVER_ERROR', status, message: 'The service is having trouble right now. Please try again in a moment.' }, 'errors.serverError')
  }
  const failed: AppError = { code: code ?? 'HTTP_ERROR', status, message: said ?? `The request failed (HTTP ${status}). Please try again.`, ...named }
  return said ? failed : keyed(failed, 'errors.httpFailed', { status })
}

/**
 * The sign-in limits of the Account class (429 codes) and what each tells the customer before the
 * wait: wrong codes for an e-mail from this network, and from all networks in a day; codes sent to
 * an e-mail within an hour; per network, codes requested and checked within an hour.
 */
/** The `reason` of a 429 that means a code was sent moments ago (it is in the inbox: no new one yet). */
export const CODE_RECENTLY_SENT = 'CODE_RECENTLY_SENT'

const LIMIT_WORDS: Record<string, string> = {
  EMAIL_CHECK_LIMIT: 'Too many wrong codes were entered for this e-mail from your network, so sign-in from it is paused.',
  EMAIL_CHECK_LIMIT_ALL: 'Too many wrong codes were entered for this e-mail from several networks today, so sign-in is paused for it.',
  EMAIL_SEND_LIMIT: 'Too many codes were sent to this e-mail in the last hour.',
  IP_SEND_LIMIT: 'Too many codes were requested from your network.',
  IP_CHECK_LIMIT: 'Too many codes were checked from your network.',
}

/**
 * The words of a rate limit for a wait of `seconds`; `reason` is the backend's limit code. The
 * sign-in form re-renders it every second with the seconds still left, so the number the customer
 * reads counts down.
 */
export function rateLimitedMessage(seconds: number, reason?: string): string {
  const words = reason ? LIMIT_WORDS[reason] : undefined
  if (words) return `${words} Try again in ${countdownWords(seconds)}.`
  return `Too many requests. Please wait ${countdownWords(seconds)} and try again.`
}

/**
 * Maps any thrown value to an `AppError`.
 * @param error what was thrown or rejected (axios error, SDK error, Firebase error, AppError)
 */
export function toAppError(error: unknown): RioAppError {
  if (error instanceof RioAppError) return error
  if (isAppError(error)) return rioError(error)
  if (isAxiosLike(error)) {
    if (error.response) return rioError(fromHttpStatus(error.response))
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message ?? '')) {
      return keyed(new RioAppError({ code: 'TIMEOUT', message: 'The service did not answer within 30 seconds. Please try again.' }), 'errors.timeout')
    }
    return networkError()
  }
  if (error instanceof Error) {
    if (error.message === 'Retter SDK not initialized.' || error.message === 'SDK already initialized.') {
      return new RioAppError({ code: 'SDK_STATE', message: error.message })
    }
    if (error.name === 'RioConfigError') return new RioAppError({ code: 'CONFIG', message: error.message })
    const firebaseCode = (error as { code?: unknown }).code
    // Firebase could not be reached: the same outage as any other unanswered request.
    if (firebaseCode === 'auth/network-request-failed') return networkError()
    if (typeof firebaseCode === 'string' && firebaseCode.startsWith('auth/')) {
      return new RioAppError({ code: 'FIREBASE_AUTH', message: `Live updates could not sign in (${firebaseCode}).` })
    }
    if (/network|fetch/i.test(error.message)) return networkError()
    return error.message ? new RioAppError({ code: 'UNKNOWN', message: error.message }) : unknownError()
  }
  return unknownError()
}

const networkError = (): RioAppError => keyed(new RioAppError({ code: 'NETWORK', message: NETWORK_MESSAGE }), 'errors.network')
const unknownError = (): RioAppError => keyed(new RioAppError({ code: 'UNKNOWN', message: 'Something went wrong. Please try again.' }), 'errors.unknown')

/** A mapped answer as a `RioAppError`, keeping the catalogue key its words were written with. */
function rioError(fields: AppError): RioAppError {
  const made = new RioAppError(fields)
  const key = messageKeyOf(fields)
  return key ? keyed(made, key.key, key.values) : made
}

/**
 * True when a failure to get a token says nothing about the session: no answer at all, a time-out,
 * a 5xx, a busy (570) or rate-limited (429, 408) answer, or Firebase that could not be reached.
 * Everything else (a 4xx: refused, revoked, expired; a malformed token) is a refusal.
 */
export function isTransientTokenFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { response, code, isAxiosError } = error as { response?: { status?: unknown }; code?: unknown; isAxiosError?: unknown }
  if (response && typeof response.status === 'number') {
    const status = response.status
    return status >= 500 || status === 408 || status === 429
  }
  // An axios error without a response: the request never got an answer.
  if (isAxiosError === true) return true
  return code === 'auth/network-request-failed' || code === 'auth/timeout'
}

/** Error codes of failures that say nothing about the request itself: trying again may work. */
const TRANSIENT_CODES = new Set(['NETWORK', 'TIMEOUT', 'SERVER_ERROR', 'BUSY'])

/** Runs a request of the request layer so that it rejects only with a mapped `RioAppError`. */
export async function guarded<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw toAppError(error)
  }
}

/**
 * True when an AppError comes from the service being unreachable or failing (not from what was
 * asked), so the UI says "reconnecting" and tries again instead of giving up.
 */
export function isTransientError(error: AppError | null | undefined): boolean {
  return Boolean(error && TRANSIENT_CODES.has(error.code))
}

/** A code of the wrong length, refused before any request. */
export function codeLengthError(length: number, expected: number): RioAppError {
  if (length === 0) {
    return keyed(new RioAppError({ code: 'CODE_LENGTH', message: `Enter the ${expected}-digit code from the e-mail.` }), 'errors.code.empty', { expected })
  }
  return keyed(new RioAppError({ code: 'CODE_LENGTH', message: `The code has ${expected} digits; you entered ${length}.` }), 'errors.code.length', { expected, length })
}

/** Backend reasons after which the code in the inbox can no longer be verified. */
const DEAD_CODE_REASONS = new Set(['TOO_MANY_ATTEMPTS', 'CODE_EXPIRED', 'NO_CODE'])

/** True when a refused code means the customer needs a new one (expired, too many tries, none). */
export function isDeadCodeError(error: AppError): boolean {
  return error.code === 'INVALID_OTP' && DEAD_CODE_REASONS.has(error.reason ?? '')
}

/** The seconds a rate-limited request must wait, or null when the error is not a rate limit. */
export function rateLimitWait(error: AppError): number | null {
  return error.code === 'RATE_LIMITED' && typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : null
}

/** An address the app's e-mail rule refused before any request. */
export function invalidEmailError(message: string, words?: { key: MessageKey; values?: MessageValues }): RioAppError {
  const error = new RioAppError({ code: 'INVALID_EMAIL', message })
  return words ? keyed(error, words.key, words.values) : error
}

/** The catalogue's words of each OTP_DETAIL, "Invalid OTP." first. */
const OTP_KEYS: Record<VerifyOtpErrorCode, MessageKey> = {
  INVALID_CODE: 'errors.otp.wrong',
  CODE_EXPIRED: 'errors.otp.expired',
  TOO_MANY_ATTEMPTS: 'errors.otp.tooMany',
  NO_CODE: 'errors.otp.noCode',
}

const OTP_DETAIL: Record<VerifyOtpErrorCode, string> = {
  INVALID_CODE: 'That code is not right. Check it and try again.',
  CODE_EXPIRED: 'This code has expired. Request a new one.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Request a new code.',
  NO_CODE: 'No code is waiting for this e-mail. Request a new one.',
}

/**
 * An unsuccessful `verifyOtp` answer: code `INVALID_OTP`, the required "Invalid OTP" first, then the
 * specific reason (expired, locked out, wrong) the backend gave.
 */
export function invalidOtpError(reason?: { code?: string; attemptsLeft?: number }): RioAppError {
  const code = reason?.code as VerifyOtpErrorCode | undefined
  const known = code && OTP_DETAIL[code] ? code : 'INVALID_CODE'
  let detail = OTP_DETAIL[known]
  let words: { key: MessageKey; values?: MessageValues } = { key: OTP_KEYS[known] }
  const left = reason?.attemptsLeft
  if (code === 'INVALID_CODE' && typeof left === 'number') {
    detail = `That code is not right. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`
    words = { key: 'errors.otp.attemptsLeft', values: { left } }
  }
  return keyed(new RioAppError({
    code: 'INVALID_OTP',
    message: `Invalid OTP. ${detail}`,
    ...(code ? { reason: code } : {}),
    ...(typeof left === 'number' ? { attemptsLeft: left } : {}),
  }), words.key, words.values)
}

/** `authenticateWithCustomToken` resolved AUTH_FAILED: surface what the server said. */
export function authFailedError(message: unknown): RioAppError {
  const said = serverMessage(message)
  if (said) return new RioAppError({ code: 'AUTH_FAILED', message: said })
  return keyed(new RioAppError({ code: 'AUTH_FAILED', message: 'Sign-in was refused by the server. Please request a new code.' }), 'errors.authFailed')
}

/** The SDK's sign-in did not settle in time (it hangs when Firebase sign-in hangs). */
export function signInTimeoutError(seconds: number): RioAppError {
  return keyed(new RioAppError({
    code: 'SIGN_IN_TIMEOUT',
    message: `Sign-in did not finish within ${seconds} seconds. Check your connection and try again.`,
  }), 'errors.signInTimeout', { seconds })
}
