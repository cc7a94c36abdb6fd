/**
 * Tells other tabs of the same browser that this tab signed in or out.
 *
 * The SDK keeps tokens in localStorage (`RIO_TOKENS_KEY.{projectId}`), shared by all tabs, but its
 * auth status and Firebase session live in each tab, so the other tabs must be told to catch up.
 * BroadcastChannel where available; otherwise the `storage` event on the token key.
 */

import { readStoredIdentity, tokenStorageKey, type AuthBroadcast } from './stored-session'

export interface AuthChannel {
  post(message: AuthBroadcast): void
  close(): void
}

/**
 * Opens the channel for a project.
 * @param onMessage called for messages from other tabs only
 */
export function openAuthChannel(projectId: string, onMessage: (message: AuthBroadcast) => void): AuthChannel {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(`rio-auth.${projectId}`)
    channel.onmessage = (event: MessageEvent<AuthBroadcast>) => {
      const data = event.data
      if (data && (data.type === 'signed-in' || data.type === 'signed-out')) onMessage(data)
    }
    return { post: (message) => channel.postMessage(message), close: () => channel.close() }
  }

  // Fallback: the token key changes on every action (the SDK re-stores it), so only a change of
  // who is signed in is passed on.
  const key = tokenStorageKey(projectId)
  let last = readStoredIdentity(window.localStorage.getItem(key))
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return
    const next = readStoredIdentity(event.key === null ? null : event.newValue)
    if (next.type === last.type && next.uid === last.uid) return
    last = next
    onMessage(next)
  }
  window.addEventListener('storage', onStorage)
  return { post: () => undefined, close: () => window.removeEventListener('storage', onStorage) }
}
