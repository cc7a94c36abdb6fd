import { RioAppError } from './app-error'

/**
 * A staff action asked for while the roastery's boards are still being opened. Apart from
 * ./app-error.ts, which every page loads first: only staff pages need it.
 */
export function roasteryNotReadyError(): RioAppError {
  return new RioAppError({ code: 'NOT_READY', message: 'The roastery is still loading. Try again in a moment.' })
}
