import { PENDING_SIGN_IN_KEY } from '@/lib/first-paint/names'
import type { PendingSignIn } from './sign-in-machine'

/**
 * The pending sign-in (e-mail, where the code went, the resend wait, the code's expiry; never the
 * code) is kept in sessionStorage: it survives a reload, Back then Forward, and a phone discarding
 * the tab while the customer reads their mail, and it ends with the tab.
 */
const KEY = PENDING_SIGN_IN_KEY

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    // Storage can be disabled by the browser's privacy settings: the flow then lives in memory.
    return null
  }
}

/** The pending sign-in of this tab, or null (none, unreadable, or not ours). */
export function readPendingSignIn(): PendingSignIn | null {
  const raw = storage()?.getItem(KEY)
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<PendingSignIn>
    if (typeof value.email !== 'string' || typeof value.sentTo !== 'string' || typeof value.expiresAt !== 'number') return null
    return { email: value.email, sentTo: value.sentTo, expiresAt: value.expiresAt, resendAt: typeof value.resendAt === 'number' ? value.resendAt : null }
  } catch {
    return null
  }
}

/** Keeps `pending`, or forgets the pending sign-in when null. */
export function writePendingSignIn(pending: PendingSignIn | null): void {
  const store = storage()
  if (!store) return
  try {
    if (pending) store.setItem(KEY, JSON.stringify(pending))
    else store.removeItem(KEY)
  } catch {
    // A full or disabled storage only costs the resume after a reload.
  }
}
