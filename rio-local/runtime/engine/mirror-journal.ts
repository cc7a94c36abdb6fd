/**
 * Live documents that always catch up with stored state. Storage marks every committed instance
 * "not yet mirrored" in the commit's own transaction; this wrapper around the mirror clears the
 * mark once the mirror reports the state written. A crash (SIGKILL, power) between the two leaves
 * the mark, and `reconcileMirror` writes those instances again when the runtime starts, before it
 * serves anything, so a browser that kept listening through the restart sees the stored state
 * without waiting for that instance's next write.
 */
import type { Logger } from '../../logger'
import type { Storage } from '../../storage/types'
import type { PublishOptions, StateChange, StateMirror } from '../wire-types'
import { settledWithin } from '../settled'
import { mirrorMarkOf } from '../../storage/mirror-mark'


/**
 * Wraps `mirror` so a state it reports written clears storage's mark (see above). The wrapped
 * mirror is always asked for the outcome; `settleWithinMs` is applied here. It also knows which
 * publishes of each instance are on their way (`settle`).
 */
export function journaledMirror(mirror: StateMirror, storage: Storage, logger: Logger): StateMirror {
  const inFlight = new Map<string, Set<Promise<unknown>>>()
  const keyOf = (i: { projectId: string; classId: string; instanceId: string }) => `${i.projectId}\u0000${i.classId}\u0000${i.instanceId}`
  return {
    publish(change: StateChange, options?: PublishOptions) {
      const written = mirror.publish(change, options?.rewrite ? { rewrite: true } : undefined).then(
        (outcome) => {
          if (outcome === false) return false
          // A change that names no committed state (none of storage's) has no mark to clear.
          if (change.mark === undefined) return true
          try {
            storage.markMirrored(change.projectId, change.classId, change.instanceId, change.mark)
          } catch (err) {
            // A full disk (SQLITE_FULL) must not end the process: the mark stays, so the next
            // start writes this instance again; the document itself is already written.
            logger.error('could not record a mirrored state', { instanceId: change.instanceId, error: String(err) })
            return false
          }
          return true
        },
        (err: unknown) => {
          logger.warn('mirror publish failed', { instanceId: change.instanceId, error: String(err) })
          return false
        },
      )
      const key = keyOf(change)
      const pending = inFlight.get(key) ?? new Set<Promise<unknown>>()
      inFlight.set(key, pending.add(written))
      void written.finally(() => {
        pending.delete(written)
        if (pending.size === 0 && inFlight.get(key) === pending) inFlight.delete(key)
      })
      return options?.settleWithinMs === undefined ? written : settledWithin(written, options.settleWithinMs)
    },
    async settle(instance, withinMs) {
      const pending = inFlight.get(keyOf(instance))
      if (pending && pending.size > 0) await settledWithin(Promise.all(pending), withinMs)
    },
    flush: () => mirror.flush(),
    close: () => mirror.close(),
  }
}

/** How many instances are written at once while reconciling (the emulator serves a few in parallel). */
const RECONCILE_CONCURRENCY = 8

/**
 * Mirrors again every instance whose latest state is not known to be mirrored (of `projectId`;
 * another project's marks are left for its own runtime).
 * @param mirror a journaledMirror, so what lands is unmarked
 * @returns how many were written and how many are still not
 */
export async function reconcileMirror(mirror: StateMirror, storage: Storage, projectId: string): Promise<{ mirrored: number; failed: number }> {
  const pending = storage.pendingMirrors().filter((p) => p.projectId === projectId)
  return publishStored(mirror, storage, projectId, pending, RECONCILE_CONCURRENCY)
}

/**
 * Publishes the stored state of each of `targets` (instances of `projectId`, in that order) through
 * `mirror`, `concurrency` at a time; an instance no longer stored is passed over.
 * @returns how many were written and how many were not
 */
export async function publishStored(
  mirror: StateMirror,
  storage: Storage,
  projectId: string,
  targets: ReadonlyArray<{ classId: string; instanceId: string }>,
  concurrency: number,
  options?: PublishOptions,
): Promise<{ mirrored: number; failed: number }> {
  let next = 0
  let mirrored = 0
  let failed = 0
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++] as (typeof targets)[number]
      const instance = storage.getInstance(projectId, target.classId, target.instanceId)
      if (!instance) continue
      const outcome = await mirror.publish({ projectId: instance.projectId, classId: instance.classId, instanceId: instance.instanceId, state: instance.state, mark: mirrorMarkOf(instance) }, options)
      if (outcome === false) failed++
      else mirrored++
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker))
  return { mirrored, failed }
}
