/**
 * A live-state mirror for tests that keeps what it was asked to publish: each change is copied as it
 * arrives, so later writes cannot rewrite what a test reads back.
 */
import type { StateChange, StateMirror } from '../runtime/wire-types'

export interface RecordingMirror {
  mirror: StateMirror
  /** Every change published so far, oldest first (clear it with `published.length = 0`). */
  published: StateChange[]
}

/** A mirror that records every published change and never fails. */
export function recordingMirror(): RecordingMirror {
  const published: StateChange[] = []
  const mirror: StateMirror = {
    publish: async (change) => {
      published.push(structuredClone(change))
    },
    flush: async () => undefined,
    close: async () => undefined,
  }
  return { mirror, published }
}
