import { tokenStorageKey } from '@/lib/rio/stored-session'

/**
 * The first paint's one rule from styles/globals.css, for jsdom (which loads no stylesheet): parts
 * a page renders for a returning customer stay hidden unless the first paint shows them, as in a
 * browser. A test checks that globals.css still holds exactly this rule.
 */
export const FIRST_PAINT_FALLBACK_CSS = `html:not([data-first-paint]) [data-needs] {
  display: none !important;
}`

/** Adds the rule to the test document once. */
export function installFirstPaintFallback(): void {
  if (document.getElementById('first-paint-fallback')) return
  const style = document.createElement('style')
  style.id = 'first-paint-fallback'
  style.textContent = FIRST_PAINT_FALLBACK_CSS
  document.head.appendChild(style)
}

/**
 * Stores a session for `userId` in this browser as the SDK does for `project` (a customer's, or an
 * anonymous one): all the first paint reads of it are the token's claims.
 */
export function storeSession(project: string, userId: string, anonymous = false): void {
  window.localStorage.setItem(tokenStorageKey(project), JSON.stringify({ accessToken: 'a', refreshToken: 'r', accessTokenDecoded: { userId, anonymous } }))
}
