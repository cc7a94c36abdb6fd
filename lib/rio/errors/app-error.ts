/**
 * The app's errors have one home, this folder; components and contexts receive `AppError`s with
 * their words already written and never word or re-map one themselves (lint enforces it):
 * - ./app-error.ts (this file): the error type, and the errors the providers raise themselves. In
 *   every page's first-load JS, so it holds no mapping;
 * - ./map.ts: the one mapping of every failure the Retter client can produce to an `AppError`, and
 *   the words of the errors the forms find before any request. Loads with the request layer;
 * - ./map-later.ts: that mapping for the providers, loaded on the first failure.
 */
import type { AppError } from '@/lib/types'
import type { MessageKey } from '@/lib/i18n/types'
import type { MessageValues } from '@retter-shared/BeanBloomKit/i18n/render'

/**
 * The catalogue key (and values) of the errors whose words are the app's own, so a page writes them
 * in its language (./words.ts `errorText`); `message` stays the English, the spec's exact words. A
 * side table rather than a field: an error's own fields stay exactly what callers compare.
 */
const MESSAGE_KEYS = new WeakMap<object, { key: MessageKey; values?: MessageValues }>()

/** `error`, marked as written with `key`'s English words. */
export function keyed<E extends object>(error: E, key: MessageKey, values?: MessageValues): E {
  MESSAGE_KEYS.set(error, values ? { key, values } : { key })
  return error
}

/** The catalogue key an error's words were written with, if they are the app's own. */
export function messageKeyOf(error: object): { key: MessageKey; values?: MessageValues } | undefined {
  return MESSAGE_KEYS.get(error)
}

/** An `AppError` that is also an `Error`, so rejections keep a stack and `instanceof` works. */
export class RioAppError extends Error implements AppError {
  readonly code: string
  readonly status?: number
  readonly retryAfterSeconds?: number
  readonly attemptsLeft?: number
  readonly reason?: string
  readonly field?: string

  constructor(fields: AppError) {
    super(fields.message)
    this.name = 'RioAppError'
    this.code = fields.code
    if (fields.status !== undefined) this.status = fields.status
    if (fields.retryAfterSeconds !== undefined) this.retryAfterSeconds = fields.retryAfterSeconds
    if (fields.attemptsLeft !== undefined) this.attemptsLeft = fields.attemptsLeft
    if (fields.reason !== undefined) this.reason = fields.reason
    if (fields.field !== undefined) this.field = fields.field
  }
}

/** Any request before the SDK has loaded (the message the product's contract requires). */
export function sdkNotInitializedError(): RioAppError {
  return new RioAppError({ code: 'SDK_STATE', message: 'Retter SDK not initialized.' })
}

/** Verifying a code before any code was requested (the message the product's contract requires). */
export function noCloudObjectError(): RioAppError {
  return new RioAppError({ code: 'NO_CLOUD_OBJECT', message: 'No cloud object' })
}

/**
 * What a component caught from a context's action: the contexts reject with mapped errors only
 * (./map-later.ts `mapRejection`), so this is that error; anything else would be a bug in a
 * context, shown as a generic failure rather than a blank screen.
 */
export function asAppError(caught: unknown): RioAppError {
  return caught instanceof RioAppError ? caught : keyed(new RioAppError({ code: 'UNKNOWN', message: 'Something went wrong. Please try again.' }), 'errors.unknown')
}

/** A change asked for while the customer's Account is still being opened. */
export function accountNotReadyError(): RioAppError {
  return keyed(new RioAppError({ code: 'NOT_READY', message: 'Your account is still loading. Try again in a moment.' }), 'errors.accountNotReady')
}

/** A change that needs a customer, asked for without a sign-in. */
export function notSignedInError(): RioAppError {
  return keyed(new RioAppError({ code: 'NOT_SIGNED_IN', message: 'Sign in to choose a plan.' }), 'errors.notSignedIn')
}

/** A session whose token names no e-mail (so no Account can be found for it). */
export function noEmailInSessionError(): RioAppError {
  return keyed(new RioAppError({ code: 'NO_EMAIL', message: 'This session does not say which e-mail it belongs to. Sign out and sign in again.' }), 'errors.noEmail')
}

/** What a customer reads when the service (or the app's own next chunk) cannot be reached. */
export const NETWORK_MESSAGE = 'Cannot reach the service. Check your connection and try again.'
