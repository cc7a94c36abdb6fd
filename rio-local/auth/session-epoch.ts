/**
 * Sessions that began before their account's session epoch are not refreshed. Class code puts the
 * sign-in moment in its custom token's claims (`signedInAt`, ISO time) and keeps the epoch in the
 * user's state (`sessionsEndedAt`, ISO time: set when an account is deleted or moves). Retter
 * copies the claims into every refreshed token and never looks at state on a refresh, so there the
 * classes refuse such a session on every call; the local runtime also stops refreshing it, so it
 * ends within one access-token lifetime.
 */
import type { Storage } from '../storage/types'
import type { Caller } from './tokens'

/** Where the sign-in moment and the epoch are read from (the project's convention). */
export interface SessionEpochFields {
  /** The claim of the session's token that says when it signed in. */
  claim: string
  /** The field of the user's state that says when its sessions ended. */
  field: string
}

export const DEFAULT_SESSION_EPOCH: SessionEpochFields = { claim: 'signedInAt', field: 'sessionsEndedAt' }

/**
 * True when some instance of `classIds` holds user state for the caller whose epoch is later than
 * the caller's sign-in (or the caller's token does not say when it signed in).
 */
export function endedBySessionEpoch(storage: Storage, projectId: string, classIds: Iterable<string>, caller: Caller, fields: SessionEpochFields = DEFAULT_SESSION_EPOCH): boolean {
  if (caller.anonymous || caller.userId === '') return false
  const raw = caller.claims[fields.claim]
  const began = typeof raw === 'string' ? Date.parse(raw) : Number.NaN
  for (const classId of classIds) {
    for (const instanceId of storage.listInstanceIdsForUser(projectId, classId, caller.userId)) {
      const ended = storage.getInstance(projectId, classId, instanceId)?.state.user[caller.userId]?.[fields.field]
      const epoch = typeof ended === 'string' ? Date.parse(ended) : Number.NaN
      if (!Number.isNaN(epoch) && !(began >= epoch)) return true
    }
  }
  return false
}
