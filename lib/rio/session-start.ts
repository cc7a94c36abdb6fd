/**
 * When this browser's session began, so a customer who left their account elsewhere (deleted it,
 * or moved it to another e-mail address) is signed out here too: the account's state then carries
 * `sessionsEndedAt`, and a sign-in older than that ends. Retter's class API cannot end another
 * session itself; each browser does it for its own.
 */

const KEY = 'bean-and-bloom.signed-in-at'
/** Set by this tab just before it ends the account's sessions itself (it leaves on its own). */
let endingHere = false

/** Notes that this browser signed in now (every tab shares it); a new session is an ordinary one. */
export function rememberSignInMoment(nowMs: number = Date.now()): void {
  endingHere = false
  try {
    window.localStorage.setItem(KEY, String(nowMs))
  } catch {
    // Storage blocked: an ended session is then judged older, which only ever signs out.
  }
}

/** Forgets the moment (on sign-out). */
export function forgetSignInMoment(): void {
  try {
    window.localStorage.removeItem(KEY)
  } catch {
    // Nothing stored.
  }
}

/**
 * Runs `end` (deleting or moving the account) as this tab's own leaving: the end-of-sessions
 * marker it causes is for the other browsers; when `end` fails, this tab is an ordinary one again.
 */
export async function endingHereWith<T>(end: () => Promise<T>): Promise<T> {
  endingHere = true
  try {
    return await end()
  } catch (error) {
    endingHere = false
    throw error
  }
}

/**
 * True when this browser's sign-in is older than the account's `sessionsEndedAt` (or unknown), so
 * it must end; false without a marker, or when this tab is ending the sessions itself.
 */
export function sessionEndedBy(sessionsEndedAt: string | undefined): boolean {
  if (!sessionsEndedAt || endingHere) return false
  const ended = Date.parse(sessionsEndedAt)
  if (Number.isNaN(ended)) return false
  let began = Number.NaN
  try {
    began = Number(window.localStorage.getItem(KEY))
  } catch {
    // Unknown: treated as older.
  }
  return !(began >= ended)
}
