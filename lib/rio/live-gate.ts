/**
 * Local mode only: a change waits until the live state of its cloud object is set up.
 *
 * The Cloud Firestore emulator corrupts a listener's stream when a write to its document lands while
 * that listener's first snapshot is being sent, and Firebase then waits 30 to 60 s before it
 * listens again, so the change would not show. Retter's own Firestore does not, so this belongs to
 * the local wiring (`createRioClient` applies it when `NEXT_PUBLIC_RIO_LOCAL=1`) and the request
 * layer is the same in both modes: a cloud object's `call` waits while one of its state listeners
 * has had no first snapshot yet, until that snapshot (or an error) arrives, the state is read once
 * instead (the snapshot fallback's `getState()`), or `LIVE_READY_WAIT_MS` has passed. Objects
 * nobody watches send at once.
 */
import type { RioClient, RioCloudObject } from './client-types'
import { SNAPSHOT_FALLBACK_MS } from './state'

/**
 * How long a call waits for the live state to be set up at most: the first state arrives within
 * the snapshot fallback (live, or read once), so this only bounds a listener that never settles.
 */
export const LIVE_READY_WAIT_MS = SNAPSHOT_FALLBACK_MS + 1000

type StatePart = 'public' | 'user' | 'role'
const PARTS: readonly StatePart[] = ['public', 'user', 'role']

/** The part of an RxJS observable the snapshots use (lib/rio/snapshots.ts). */
interface Subscribable {
  subscribe(observer: unknown): { unsubscribe(): void }
}

/** One listener still waiting for its first snapshot. */
interface Waiting {
  readonly settled: Promise<void>
  settle(): void
}

/** The listeners of one cloud object (shared by every handle the SDK gives out for it). */
class FirstStateGate {
  private readonly waiting = new Set<Waiting>()

  /** A new listener: calls wait until `settle()`. */
  open(): Waiting {
    let settle: () => void = () => undefined
    const settled = new Promise<void>((resolve) => { settle = resolve })
    const entry: Waiting = { settled, settle }
    this.waiting.add(entry)
    void settled.then(() => this.waiting.delete(entry))
    return entry
  }

  /** The state was read once: every listener's first state is known. */
  settleAll(): void {
    for (const entry of this.waiting) entry.settle()
  }

  /** Resolves once no listener waits for its first snapshot, or after `waitMs`. */
  async whenLive(waitMs: number): Promise<void> {
    if (this.waiting.size === 0) return
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      Promise.all([...this.waiting].map((entry) => entry.settled)),
      new Promise<void>((resolve) => { timer = setTimeout(resolve, waitMs) }),
    ])
    clearTimeout(timer)
  }
}

/** One gate per cloud object, keyed by its `call` (the SDK hands out that same function for every handle of an instance). */
const gates = new WeakMap<object, FirstStateGate>()

/** The observable with `subscribe` holding a listener open until its first value, error or unsubscribe. */
function gatedObservable(source: Subscribable, gate: FirstStateGate): Subscribable {
  return new Proxy(source, {
    get(target, key, receiver) {
      if (key !== 'subscribe') return Reflect.get(target, key, receiver) as unknown
      return (observer: unknown) => {
        const entry = gate.open()
        const next = typeof observer === 'function' ? observer as (value: unknown) => void
          : (observer as { next?: (value: unknown) => void } | undefined)?.next?.bind(observer)
        const error = typeof observer === 'function' ? undefined : (observer as { error?: (reason: unknown) => void } | undefined)?.error?.bind(observer)
        const subscription = target.subscribe({
          next: (value: unknown) => { entry.settle(); next?.(value) },
          error: (reason: unknown) => { entry.settle(); error?.(reason) },
        })
        return { unsubscribe: () => { entry.settle(); subscription.unsubscribe() } }
      }
    },
  })
}

/** The cloud object with its calls held by its gate, and its state listeners and reads reporting to it. */
function gatedObject(object: RioCloudObject, waitMs: number): RioCloudObject {
  const gate = gates.get(object.call) ?? new FirstStateGate()
  gates.set(object.call, gate)
  const parts = object.state as unknown as Partial<Record<StatePart, Subscribable>> | undefined
  const state = parts
    ? Object.fromEntries(PARTS.map((part) => [part, parts[part] ? gatedObservable(parts[part], gate) : parts[part]]))
    : parts
  return {
    ...object,
    state: state as RioCloudObject['state'],
    call: (async (params: Parameters<RioCloudObject['call']>[0]) => {
      await gate.whenLive(waitMs)
      return object.call(params)
    }) as RioCloudObject['call'],
    getState: (async (...args: Parameters<RioCloudObject['getState']>) => {
      try {
        return await object.getState(...args)
      } finally {
        gate.settleAll()
      }
    }) as RioCloudObject['getState'],
  }
}

/**
 * Makes every cloud object the client hands out hold its calls until its live state is set up
 * (see the module comment). Local mode only; call once per client, before any object is opened.
 * @param waitMs the longest a call waits (`LIVE_READY_WAIT_MS`)
 */
export function holdCallsUntilLive(client: RioClient, waitMs: number = LIVE_READY_WAIT_MS): RioClient {
  const getCloudObject = client.getCloudObject.bind(client)
  client.getCloudObject = async (config) => gatedObject(await getCloudObject(config), waitMs)
  return client
}
