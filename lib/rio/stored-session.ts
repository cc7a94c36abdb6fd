/**
 * What the SDK stored in this browser, read without the SDK: whether a customer's session is about
 * to be restored. In every page's first-load JS (the providers ask before the SDK loads), so it
 * reads the project id straight from its inlined variable instead of through ./config.
 */

/** Who signed in or out, as tabs tell each other (./cross-tab) and as the stored token says. */
export type AuthBroadcast = { type: 'signed-in' | 'signed-out'; uid: string | null }

/** The SDK's localStorage key for a project's tokens. */
export function tokenStorageKey(projectId: string): string {
  return `RIO_TOKENS_KEY.${projectId}`
}

/** Who the SDK's stored token data (raw localStorage value) belongs to. */
export function readStoredIdentity(raw: string | null): AuthBroadcast {
  if (!raw) return { type: 'signed-out', uid: null }
  try {
    const token = JSON.parse(raw) as { accessTokenDecoded?: { userId?: string; anonymous?: boolean } }
    const claims = token.accessTokenDecoded
    if (claims && !claims.anonymous && claims.userId) return { type: 'signed-in', uid: claims.userId }
  } catch {
    // A token we cannot read counts as no sign-in.
  }
  return { type: 'signed-out', uid: null }
}

/**
 * True when this browser holds a customer's (not an anonymous) session for the configured project,
 * read straight from the SDK's storage, so a page can tell before the SDK loads whether a sign-in
 * is about to be restored. False on the server, without a project id, and when storage is blocked.
 */
export function hasStoredSignIn(): boolean {
  if (typeof window === 'undefined') return false
  const projectId = process.env.NEXT_PUBLIC_RIO_PROJECT_ID?.trim()
  if (!projectId) return false
  try {
    return readStoredIdentity(window.localStorage.getItem(tokenStorageKey(projectId))).type === 'signed-in'
  } catch {
    return false
  }
}
