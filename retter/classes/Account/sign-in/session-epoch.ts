/**
 * The Account's session epoch: sessions that began before it are refused by the class itself.
 *
 * The userId of a session derives from the e-mail and stays the same across a deletion or a move,
 * and the platform checks only the token's e-mail, so a session kept alive from before (a refresh
 * token a thief keeps refreshing, a shared laptop) would otherwise read whoever holds the address
 * next. Every custom token this class mints carries the moment of its sign-in (SIGNED_IN_AT_CLAIM,
 * an ISO time; a refresh keeps a token's claims), and the Account's `sessionsEndedAt` (set when
 * the account is deleted, moved away, or adopted by a customer moving in) is the epoch: owner
 * methods and getState answer 401 SESSION_ENDED to an older session, or one without the claim.
 * The local Firestore rules compare the same two values for the live user document.
 */
import { Data, Response } from '@retter/rdk'
import { privateOf } from '../customer'

/** The custom token claim that says when its session signed in (ISO 8601, milliseconds, UTC). */
export const SIGNED_IN_AT_CLAIM = 'signedInAt'

/** The claims of a session of `email` signing in at `nowMs`. */
export function signInClaims(email: string, nowMs: number): { email: string; signedInAt: string } {
  return { email: email, signedInAt: new Date(nowMs).toISOString() }
}

/** The Account's epoch (epoch ms), or null when no session ever ended. */
function epochOf(data: Data): number | null {
  const userId = privateOf(data).userId
  const users = (data.state.user || {}) as Record<string, { sessionsEndedAt?: string } | undefined>
  const own = userId ? users[userId] : undefined
  const ended = own && own.sessionsEndedAt ? Date.parse(own.sessionsEndedAt) : NaN
  return isNaN(ended) ? null : ended
}

/**
 * Sets the Account's session epoch to `nowMs`: on the customer's user state (what the classes and
 * the live user document's rules check) and as `sessionEpoch` in public state, a time that names
 * nobody. A browser whose live user document has just closed to it still reads the public one, and
 * signs itself out there.
 */
export function endSessions(data: Data, customer: { sessionsEndedAt?: string }, nowMs: number): void {
  const at = new Date(nowMs).toISOString()
  customer.sessionsEndedAt = at
  const pub = (data.state.public || {}) as Record<string, unknown>
  pub[PUBLIC_EPOCH_FIELD] = at
  data.state.public = pub
}

/** The public state field that repeats the epoch for browsers (lib/contract.ts's AccountPublicState). */
export const PUBLIC_EPOCH_FIELD = 'sessionEpoch'

/** True when the calling session began before the Account's epoch (or cannot say when it began). */
export function sessionEnded(data: Data): boolean {
  const epoch = epochOf(data)
  if (epoch === null) return false
  const claims = data.context.claims || {}
  const raw = claims[SIGNED_IN_AT_CLAIM]
  const began = typeof raw === 'string' ? Date.parse(raw) : NaN
  return !(began >= epoch)
}

/** The answer to a session that ended. */
export function sessionEndedResponse(): Response {
  return {
    statusCode: 401,
    body: {
      code: 'SESSION_ENDED',
      message: 'This session ended when the account was deleted or moved to another e-mail address. Sign in again to see the account of this address.',
    },
  }
}

type Handler<T> = (data: Data<T>) => Promise<Data>

/** `handler`, refused with 401 SESSION_ENDED for a session older than the Account's epoch. */
export function ownerMethod<T>(handler: Handler<T>): Handler<T> {
  return function (data: Data<T>): Promise<Data> {
    if (sessionEnded(data)) {
      data.response = sessionEndedResponse()
      return Promise.resolve(data)
    }
    return handler(data)
  }
}
