/**
 * Writes every instance's live documents again: after the Firestore emulator restarted (it keeps
 * documents in memory only), a browser listening to a document nobody changed since would otherwise
 * see it missing until its next change.
 */
import type { StateMirror } from '../runtime/wire-types'
import type { Storage } from '../storage/types'
import { publishStored } from '../runtime/engine/mirror-journal'

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
  return publishStored(mirror, storage, projectId, keys, REMIRROR_CONCURRENCY, { rewrite: true })
}
