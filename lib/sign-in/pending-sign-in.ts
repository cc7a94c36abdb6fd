import { PENDING_SIGN_IN_KEY } from '@/lib/first-paint/names'
import { readTabRecord, writeTabRecord } from '@/lib/storage/web-storage'
import type { PendingSignIn } from './sign-in-machine'

/**
 * The pending sign-in (e-mail, where the code went, the resend wait, the code's expiry; never the
 * code) is kept in sessionStorage: it survives a reload, Back then Forward, and a phone discarding
 * the tab while the customer reads their mail, and it ends with the tab.
 */
const KEY = PENDING_SIGN_IN_KEY

/** The pending sign-in of this tab, or null (none, unreadable, or not ours). */
export function readPendingSignIn(): PendingSignIn | null {
  return readTabRecord(KEY, (parsed) => {
    const value = parsed as Partial<PendingSignIn>
    if (typeof value.email !== 'string' || typeof value.sentTo !== 'string' || typeof value.expiresAt !== 'number') return null
    return { email: value.email, sentTo: value.sentTo, expiresAt: value.expiresAt, resendAt: typeof value.resendAt === 'number' ? value.resendAt : null }
  })
}

/** Keeps `pending`, or forgets the pending sign-in when null (a full or blocked storage only costs the resume after a reload). */
export function writePendingSignIn(pending: PendingSignIn | null): void {
  writeTabRecord(KEY, pending)
}
