/**
 * Writes every instance's live documents again: after the Firestore emulator restarted (it keeps
 * documents in memory only), a browser listening to a document nobody changed since would otherwise
 * see it missing until its next change.
 */
import type { StateMirror } from '../runtime/wire-types'
import type { Storage } from '../storage/types'

/** Instances written at once (the emulator serves a few requests in parallel). */
const REMIRROR_CONCURRENCY = 8

/**
 * Publishes the stored state of every instance of `projectId` through `mirror`, Roastery days
 * first (staff boards are what a bench tablet keeps open).
 * @param mirror the backend's journaled mirror, so what lands clears storage's mark
 * @returns how many instances were written and how many were not
 */
export async function remirrorAll(mirror: StateMirror, storage: Storage, projectId: string): Promise<{ mirrored: number; failed: number }> {
  const keys = storage.listInstanceKeys(projectId)
  keys.sort((a, b) => Number(b.classId === 'Roastery') - Number(a.classId === 'Roastery'))
  let next = 0
  let mirrored = 0
  let failed = 0
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++] as (typeof keys)[number]
      const instance = storage.getInstance(projectId, key.classId, key.instanceId)
      if (!instance) continue
      const outcome = await mirror.publish({ projectId, classId: instance.classId, instanceId: instance.instanceId, state: instance.state }, { rewrite: true })
      if (outcome === false) failed++
      else mirrored++
    }
  }
  await Promise.all(Array.from({ length: Math.min(REMIRROR_CONCURRENCY, keys.length) }, worker))
  return { mirrored, failed }
}
