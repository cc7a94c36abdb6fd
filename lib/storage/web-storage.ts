/**
 * The browser's Web Storage where the browser lets us have it, and small JSON records kept in it.
 * Storage can be missing (on the server) or blocked (private mode, privacy settings, a policy): then
 * nothing is kept and every caller carries on in memory.
 */

/** The browser's `sessionStorage` or `localStorage`, or null where there is none or it is blocked. */
export function webStorage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind]
  } catch {
    return null
  }
}

/**
 * The record under `key` of this tab's sessionStorage as `check` reads it, or null (none, not JSON,
 * or `check` refuses it).
 * @param check takes the parsed JSON and returns the record, or null when it is not one
 */
export function readTabRecord<T>(key: string, check: (value: unknown) => T | null): T | null {
  const raw = webStorage('sessionStorage')?.getItem(key)
  if (!raw) return null
  try {
    return check(JSON.parse(raw))
  } catch {
    return null
  }
}

/**
 * Keeps `record` as JSON under `key` of this tab's sessionStorage, or forgets it when null. A full
 * or blocked storage is no error: it only costs the record after a reload.
 */
export function writeTabRecord(key: string, record: object | null): void {
  const store = webStorage('sessionStorage')
  if (!store) return
  try {
    if (record) store.setItem(key, JSON.stringify(record))
    else store.removeItem(key)
  } catch {
    // Nothing to do: the flow goes on in memory.
  }
}
