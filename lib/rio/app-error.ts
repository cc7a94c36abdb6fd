/**
 * The app's error type and the errors the providers raise themselves, without the mapping of SDK
 * failures (./errors), which loads with the request layer: this module is in every page's
 * first-load JS, the mapping is not.
 */
import type { AppError } from '@/lib/types'

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

/** Any request before the SDK has loaded (spec message). */
export function sdkNotInitializedError(): RioAppError {
  return new RioAppError({ code: 'SDK_STATE', message: 'Retter SDK not initialized.' })
}

/** Verifying a code before any code was requested (spec message). */
export function noCloudObjectError(): RioAppError {
  return new RioAppError({ code: 'NO_CLOUD_OBJECT', message: 'No cloud object' })
}

/** What a customer reads when the service (or the app's own next chunk) cannot be reached. */
export const NETWORK_MESSAGE = 'Cannot reach the service. Check your connection and try again.'
