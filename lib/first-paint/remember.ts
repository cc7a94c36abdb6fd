/**
 * The app's side of the first paint: after every change of the session or the customer's data,
 * keep what the next load should paint and paint the current page again from it. Loaded once the
 * session is known (components/first-paint/RememberCustomerView.tsx), never with the page.
 */
import type { AccountView, SubscriptionPlan } from '@/lib/contract'
import type { MessageKey, Translate } from '@/lib/i18n/types'
import { readStoredIdentity, tokenStorageKey } from '@/lib/rio/stored-session'
import { browserStorage, clearCustomerView, readCustomerView, writeCustomerView } from '@/lib/first-paint/customer-view'
import { firstPaintConfig, repaintFirstView } from '@/lib/first-paint/paint'
import { customerViewOf, samePaint } from './view-of'

export interface SessionNow {
  /** The SDK reports a customer's sign-in. */
  signedIn: boolean
  uid: string | null
  email: string | null
  /** The customer's Account as last received from the backend, or null while it loads. */
  account: AccountView | null
  plans: readonly SubscriptionPlan[]
  /** The page's words. */
  t: Translate
  /** The page's language, for the dates the view paints. */
  locale?: string
}

/**
 * A word of each part of the catalogue the view is written in: its plan line, the next delivery's
 * summary, its coffee, a payment's failure. A page not sent them (the legal pages, 404, the delivery
 * link's) cannot write the view in words: it leaves the stored one for `/` or the account to renew,
 * rather than store keys the next load would paint.
 */
const VIEW_WORDS: readonly MessageKey[] = [
  'subscription.line.on', 'subscription.summary.heading', 'delivery.grindInText.wholeBean', 'delivery.roastInText.roastersChoice', 'payments.failure.declined',
]

function hasViewWords(t: Translate): boolean {
  // A word the page lacks comes back as its key; `plan` fills the plan line's one placeholder.
  return VIEW_WORDS.every((key) => t(key, { plan: '' }) !== key)
}

/**
 * Writes the customer's view when there is fresh data (and it paints differently from the stored
 * one) and the page has its words, forgets it once nobody is signed in (a sign-out here or in
 * another tab), then repaints.
 * Writes only while the SDK's stored session is this customer's, so a tab that has not yet heard of
 * a sign-out elsewhere cannot bring the view back.
 * @param project the Retter project id (default: this build's)
 */
export function rememberCustomerView(session: SessionNow, project: string = firstPaintConfig().project): void {
  const storage = browserStorage()
  if (!session.signedIn) {
    clearCustomerView(storage, project)
  } else if (session.account && session.uid && session.plans.length > 0 && hasViewWords(session.t)) {
    let stored: string | null = null
    try {
      stored = storage?.getItem(tokenStorageKey(project)) ?? null
    } catch {
      // Blocked storage: nothing to write to either.
    }
    const identity = readStoredIdentity(stored)
    if (identity.type === 'signed-in' && identity.uid === session.uid) {
      const view = customerViewOf({ project, uid: session.uid, email: session.email, account: session.account, plans: session.plans, t: session.t, locale: session.locale })
      try {
        if (!samePaint(view, readCustomerView(storage, project))) writeCustomerView(storage, view)
      } catch {
        // A text over the limit (a backend sending far longer fields than it accepts): the next
        // load paints what was stored before, and the page itself is unaffected.
      }
    }
  }
  repaintFirstView()
}
