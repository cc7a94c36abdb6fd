/**
 * Live public state with a fallback.
 *
 * SDK 0.4.0's `onSnapshot` has no error callback, so a denied or broken listener is silent. If no
 * snapshot arrives within `fallbackMs` (5 s), the state is read once with `getState()` and the
 * caller is told live updates are unavailable. A late snapshot still wins and turns them back on.
 */
import type { RetterCloudObject } from '@retter/sdk'
import { toAppError, type RioAppError } from './errors'
import { openPublicSnapshots } from './snapshots'

/** How long to wait for the first snapshot before reading the state once. */
export const SNAPSHOT_FALLBACK_MS = 5000

export interface LiveStateHandlers<T> {
  /** `live` is false when the value came from the one-off `getState()` fallback. */
  onState(state: T, live: boolean): void
  onError(error: RioAppError): void
}

/**
 * Subscribes to the object's public state.
 * @returns a function that stops the subscription and any pending fallback
 */
export function subscribeLiveState<T>(
  object: RetterCloudObject,
  handlers: LiveStateHandlers<T>,
  fallbackMs: number = SNAPSHOT_FALLBACK_MS,
): () => void {
  let stopped = false
  let gotSnapshot = false
  let stopSnapshots: (() => void) | null = null

  const readOnce = async () => {
    try {
      const response = await object.getState()
      if (!stopped && !gotSnapshot) handlers.onState(response.data.public as T, false)
    } catch (error) {
      if (!stopped && !gotSnapshot) handlers.onError(toAppError(error))
    }
  }

  let timer: ReturnType<typeof setTimeout> | null = null
  try {
    stopSnapshots = openPublicSnapshots(object, (data) => {
      if (stopped) return
      gotSnapshot = true
      if (timer) clearTimeout(timer)
      handlers.onState(data as T, true)
    })
    if (!gotSnapshot) timer = setTimeout(() => void readOnce(), fallbackMs)
  } catch {
    // No Firestore at all: no point waiting for a snapshot that cannot come.
    void readOnce()
  }

  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
    stopSnapshots?.()
  }
}
