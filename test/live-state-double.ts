/**
 * Test double of the Firestore side of the live state (lib/rio/snapshots.ts), installed for every
 * app test by test/setup-app.ts. jsdom has no Firestore emulator; tests decide instead when a
 * snapshot arrives (`emitSnapshot`) or that none ever does (the 5 s fallback), while the fallback
 * logic in lib/rio/state.ts runs for real.
 */
import type { RioCloudObject } from '@/lib/rio/client'

/** Which document a listener follows: public state, the signed-in user's own state, or their identity's role state. */
type Part = 'public' | 'user' | 'role'
type Listener = { instanceId: string; part: Part; onSnapshot: (data: Record<string, unknown>) => void; open: boolean }

const listeners: Listener[] = []
/** When true (the default), each new subscription gets the object's current state as a first snapshot. */
let autoSnapshot = true

function open(part: Part, object: RioCloudObject, onSnapshot: (data: Record<string, unknown>) => void): () => void {
  // As the real module: no Firestore (no firebase block in the token) means no stream at all.
  if (!object.state) throw new Error('This cloud object has no live state.')
  const listener: Listener = { instanceId: object.instanceId, part, onSnapshot, open: true }
  listeners.push(listener)
  if (autoSnapshot) {
    // Like Firestore's first snapshot: the document as it is now, read through the SDK (whose
    // STATE answers only the caller's own user entry).
    object.getState().then(
      (response) => {
        if (!listener.open) return
        const parts = response.data as { public: Record<string, unknown>; user?: Record<string, object>; role?: Record<string, object> }
        onSnapshot(part === 'public' ? parts.public : Object.assign({}, ...Object.values((part === 'user' ? parts.user : parts.role) ?? {})))
      },
      () => undefined,
    )
  }
  return () => { listener.open = false }
}

/** The double's `openPublicSnapshots`. */
export function openPublicSnapshots(object: RioCloudObject, onSnapshot: (data: Record<string, unknown>) => void): () => void {
  return open('public', object, onSnapshot)
}

/** The double's `openUserSnapshots` (each instance here belongs to one customer, so any user entry is theirs). */
export function openUserSnapshots(object: RioCloudObject, onSnapshot: (data: Record<string, unknown>) => void): () => void {
  return open('user', object, onSnapshot)
}

/**
 * The double's `openRoleSnapshots` (the only role state our classes write is a Roastery's `staff`
 * board, and only staff open it, so any role entry is the listener's).
 */
export function openRoleSnapshots(object: RioCloudObject, onSnapshot: (data: Record<string, unknown>) => void): () => void {
  return open('role', object, onSnapshot)
}

/** Pushes a snapshot to every open listener of the instance's `part` (what a Firestore change does). */
export function emitSnapshot(instanceId: string, data: Record<string, unknown>, part: Part = 'public'): void {
  for (const listener of listeners) if (listener.open && listener.instanceId === instanceId && listener.part === part) listener.onSnapshot(data)
}

/** Open public-state listeners of the instance (unsubscribing on sign-out closes them). */
export function openListenerCount(instanceId?: string): number {
  return listeners.filter((l) => l.open && l.part === 'public' && (instanceId === undefined || l.instanceId === instanceId)).length
}

/** Makes new subscriptions silent (no first snapshot), as a denied or broken Firestore listener is. */
export function silenceSnapshots(): void {
  autoSnapshot = false
}

export function resetLiveStateDouble(): void {
  autoSnapshot = true
  listeners.length = 0
}
