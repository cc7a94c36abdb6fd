/**
 * The last committed row of recently used instances, kept beside SQLite so a call reads neither
 * the row nor its JSON from the database again (a day board's state is hundreds of kilobytes). It
 * holds the JSON, not a parsed object: every read parses its own copy, which no one else holds.
 *
 * Only `commit` fills it with what it wrote, after the transaction committed, so it never holds a
 * state the database does not. The runtime is the only writer of its database while it runs, and
 * the cache lives as long as the open storage (a restart starts empty). Least recently used rows
 * go first once the JSON held passes `maxChars`.
 */
export interface CachedRow {
  json: string
  createdAt: number
  updatedAt: number
  version: number
  /** The state's user ids as stored in the per-user index (a commit that keeps them rewrites none). */
  users: string
}

/** 64 Mi characters of state JSON: a thousand-customer shop's instances several times over. */
export const DEFAULT_CACHE_CHARS = 64 * 1024 * 1024

export interface InstanceCache {
  get(key: string): CachedRow | undefined
  set(key: string, row: CachedRow): void
  delete(key: string): void
  clear(): void
}

export function createInstanceCache(maxChars: number = DEFAULT_CACHE_CHARS): InstanceCache {
  const rows = new Map<string, CachedRow>()
  let chars = 0
  const drop = (key: string) => {
    const row = rows.get(key)
    if (!row) return
    chars -= row.json.length
    rows.delete(key)
  }
  return {
    get(key) {
      const row = rows.get(key)
      if (!row) return undefined
      // Map order is use order: a hit moves to the end.
      rows.delete(key)
      rows.set(key, row)
      return row
    },
    set(key, row) {
      drop(key)
      rows.set(key, row)
      chars += row.json.length
      for (const oldest of rows.keys()) {
        if (chars <= maxChars || oldest === key) break
        drop(oldest)
      }
    },
    delete: drop,
    clear() {
      rows.clear()
      chars = 0
    },
  }
}

/** The user ids of a state as one string (what the per-user index holds for it). */
export function userKeysOf(user: Record<string, unknown> | undefined): string {
  return JSON.stringify(Object.keys(user ?? {}))
}
