/**
 * The SDK's session: who is signed in, signing out, and catching up with another tab. The auth
 * provider keeps the result as React state; the SDK objects stay here.
 */
import type { AuthStatus } from '@/lib/types'
import { adoptStoredSession, type RioClient } from './client'
import type { AuthBroadcast } from './stored-session'
import { toAppError } from './errors/map'

// The providers load this module with the SDK (RioProvider's start), not with the page.
export { openAuthChannel } from './cross-tab'

/** The session as the app shows it. */
export interface Session {
  authStatus: AuthStatus
  uid: string | null
  identity: string | null
  /** The signed-in customer's e-mail (from the token claims), else null. */
  email: string | null
}

function emailFromClaims(user: { claims?: Record<string, unknown> } | undefined): string | null {
  const email = user?.claims?.email
  return typeof email === 'string' && email ? email : null
}

/**
 * Reports every auth status of the SDK. A signed-in status is reported together with its e-mail,
 * so "signed in" never shows without it; an older status never overwrites a newer one.
 * @returns a function that stops reporting
 */
export function watchSession(client: RioClient, onSession: (session: Session) => void): () => void {
  let latest = 0
  const subscription = client.authStatus.subscribe((event) => {
    const ticket = ++latest
    const base = { authStatus: event.authStatus as AuthStatus, uid: event.uid ?? null, identity: event.identity ?? null }
    if (base.authStatus !== 'SIGNED_IN') {
      onSession({ ...base, email: null })
      return
    }
    client.getCurrentUser().then(
      (user) => { if (ticket === latest) onSession({ ...base, email: emailFromClaims(user) }) },
      () => { if (ticket === latest) onSession({ ...base, email: null }) },
    )
  })
  return () => {
    latest = -1
    subscription.unsubscribe()
  }
}

/** Signs the SDK out (it clears its stored tokens and listeners). Rejects with an AppError. */
export async function signOut(client: RioClient): Promise<void> {
  try {
    await client.signOut()
  } catch (error) {
    throw toAppError(error)
  }
}

/**
 * Brings this tab in line with what another tab did to the shared session: signs out when it
 * signed out, takes over its stored session when it signed in as someone else.
 * @returns true when this tab signed out because of it
 */
export async function followOtherTab(
  client: RioClient,
  message: AuthBroadcast,
  current: { signedIn: boolean; uid: string | null },
): Promise<boolean> {
  if (message.type === 'signed-out') {
    if (!current.signedIn) return false
    await client.signOut()
    return true
  }
  if (!current.signedIn || current.uid !== message.uid) await adoptStoredSession(client)
  return false
}
