/**
 * `toAppError` of ./errors for the providers, which must not load the mapping with the page: it
 * loads on the first failure.
 */
import type { AppError } from '@/lib/types'
import { keyed, NETWORK_MESSAGE, RioAppError } from './app-error'

/** What a failure is when not even the error mapping could be loaded: the connection is gone. */
const UNREACHABLE: AppError = { code: 'NETWORK', message: NETWORK_MESSAGE }

/**
 * Maps a failure as `toAppError` does, loading the mapping on the first failure. When it cannot
 * load either, the page is offline: the network error.
 */
export function toAppErrorLater(error: unknown): Promise<RioAppError> {
  if (error instanceof RioAppError) return Promise.resolve(error)
  return import('./map').then(({ toAppError }) => toAppError(error), () => keyed(new RioAppError(UNREACHABLE), 'errors.network'))
}

/**
 * Runs a provider's action so that it rejects only with a mapped `RioAppError`: what components get
 * from a context is worded already, and they never map it again.
 */
export async function mapRejection<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw await toAppErrorLater(error)
  }
}
