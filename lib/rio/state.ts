/**
 * Live state with a fallback: the public state, the signed-in user's own state, or both merged.
 *
 * SDK 0.4.0's `onSnapshot` has no error callback, so a denied or broken listener is silent. If no
 * snapshot arrives within `fallbackMs` (5 s), the state is read once with `getState()` and the
 * caller is told live updates are unavailable. A late snapshot still wins and turns them back on.
 */
import type { RetterCloudObject } from '@retter/sdk'
import type { RioAppError } from './errors/app-error'
import { toAppError } from './errors/map'
import { openPublicSnapshots, openRoleSnapshots, openUserSnapshots } from './snapshots'

/** How long to wait for the first snapshot before reading the state once. */
export const SNAPSHOT_FALLBACK_MS = 5000

export interface LiveStateHandlers<T> {
  /** `live` is false when the value came from the one-off `getState()` fallback. */
  onState(state: T, live: boolean): void
  onError(error: RioAppError): void
}

/**
 * Which state document: the public one, the signed-in user's own (`state.user[userId]`), or the
 * one of the session's identity (`state.role[identity]`).
 */
export type StatePart = 'public' | 'user' | 'role'

/** A `getState()` answer, as far as the app reads it. */
export type StateData = {
  public: Record<string, unknown>
  user?: Record<string, Record<string, unknown>>
  role?: Record<string, Record<string, unknown>>
}

/** The user's entries of a `getState()` answer merged (our classes answer the caller's entry only). */
function userStateOf(data: StateData): Record<string, unknown> {
  return Object.assign({}, ...Object.values(data.user ?? {}))
}

/** The role entries of a `getState()` answer merged (our classes answer the caller's identity only). */
export function roleStateOf(data: StateData): Record<string, unknown> {
  return Object.assign({}, ...Object.values(data.role ?? {}))
}

const OPEN_SNAPSHOTS = { public: openPublicSnapshots, user: openUserSnapshots, role: openRoleSnapshots } as const
const PART_OF = { public: (data: StateData) => data.public, user: userStateOf, role: roleStateOf } as const

/**
 * Subscribes to one part of the object's state (the public state by default).
 * @returns a function that stops the subscription and any pending fallback
 */
export function subscribeLiveState<T>(
  object: RetterCloudObject,
  handlers: LiveStateHandlers<T>,
  fallbackMs: number = SNAPSHOT_FALLBACK_MS,
  part: StatePart = 'public',
): () => void {
  let stopped = false
  let gotSnapshot = false
  let stopSnapshots: (() => void) | null = null

  const readOnce = async () => {
    try {
      const response = await object.getState()
      const data = response.data as unknown as StateData
      if (!stopped && !gotSnapshot) handlers.onState(PART_OF[part](data) as T, false)
    } catch (error) {
      if (!stopped && !gotSnapshot) handlers.onError(toAppError(error))
    }
  }

  let timer: ReturnType<typeof setTimeout> | null = null
  try {
    stopSnapshots = OPEN_SNAPSHOTS[part](object, (data) => {
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

/** Reads the public state and the signed-in customer's user state once, merged (user over public). */
export async function readCustomerState<T>(object: RetterCloudObject): Promise<T> {
  const data = (await object.getState()).data as unknown as StateData
  return { ...data.public, ...userStateOf(data) } as T
}

/**
 * Subscribes to the public state and the signed-in customer's user state together and reports them
 * merged (user over public): what a customer sees of their own object. Reports once both arrived;
 * `live` is true only while both are live.
 * @returns a function that stops both subscriptions
 */
export function subscribeCustomerState<T>(
  object: RetterCloudObject,
  handlers: LiveStateHandlers<T>,
  fallbackMs: number = SNAPSHOT_FALLBACK_MS,
): () => void {
  const latest: Partial<Record<StatePart, { state: Record<string, unknown>; live: boolean }>> = {}
  const onPart = (part: StatePart) => (state: Record<string, unknown>, live: boolean) => {
    latest[part] = { state, live }
    const { public: pub, user } = latest
    if (pub && user) handlers.onState({ ...pub.state, ...user.state } as T, pub.live && user.live)
  }
  const stops = (['public', 'user'] as const).map((part) =>
    subscribeLiveState<Record<string, unknown>>(object, { onState: onPart(part), onError: handlers.onError }, fallbackMs, part),
  )
  return () => stops.forEach((stop) => stop())
}
