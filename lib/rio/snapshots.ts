/**
 * The raw Firestore-backed public-state stream of a cloud object, as SDK 0.4.0 offers it.
 * Kept apart from `state.ts` so tests can replace only this part (the jest double in
 * test/live-state-double.ts) while the 5 s fallback logic runs for real.
 */
import type { RetterCloudObject } from '@retter/sdk'

/** Stops delivering snapshots. */
export type StopSnapshots = () => void

/**
 * Delivers every public-state snapshot of the object (keys starting with `__` already dropped by
 * the SDK). Throws synchronously when the SDK has no Firestore (no firebase block in the token).
 */
export function openPublicSnapshots(object: RetterCloudObject, onSnapshot: (data: Record<string, unknown>) => void): StopSnapshots {
  if (!object.state) throw new Error('This cloud object has no live state.')
  const subscription = object.state.public.subscribe((data: Record<string, unknown>) => onSnapshot(data))
  // The SDK keeps the Firestore listener until sign-in/sign-out clears its cloud objects; this
  // only stops our observer.
  return () => subscription.unsubscribe()
}

/**
 * Delivers every snapshot of the signed-in user's own state in the object (`state.user[userId]`,
 * readable by that user only). Throws synchronously like `openPublicSnapshots`.
 */
export function openUserSnapshots(object: RetterCloudObject, onSnapshot: (data: Record<string, unknown>) => void): StopSnapshots {
  if (!object.state) throw new Error('This cloud object has no live state.')
  const subscription = object.state.user.subscribe((data: Record<string, unknown>) => onSnapshot(data ?? {}))
  return () => subscription.unsubscribe()
}

/**
 * Delivers every snapshot of the role state of the signed-in session's identity in the object
 * (`state.role[identity]`, e.g. a Roastery day's board for `staff`). Throws synchronously like
 * `openPublicSnapshots`.
 */
export function openRoleSnapshots(object: RetterCloudObject, onSnapshot: (data: Record<string, unknown>) => void): StopSnapshots {
  if (!object.state) throw new Error('This cloud object has no live state.')
  const subscription = object.state.role.subscribe((data: Record<string, unknown>) => onSnapshot(data ?? {}))
  return () => subscription.unsubscribe()
}
