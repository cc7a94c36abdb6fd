import { useRouter } from 'next/router'
import { useEffect, useRef, useState } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { useAuth } from '@/contexts/AuthContext'
import { useCustomer } from '@/contexts/AccountContext'
import { ROUTES, signInPath } from '@/lib/routes'
import { asAppError } from '@/lib/rio/errors/app-error'
import { isTransientError } from '@/lib/rio/errors/map'
import { sessionEndedBy } from '@/lib/rio/session-start'
import { errorText } from '@/lib/rio/errors/words'
import { useT } from '@/contexts/I18nContext'

/** Where visitors are sent: sign in, then come back here. */
export const ACCOUNT_SIGN_IN_PATH = signInPath(ROUTES.account)

/** While the service cannot be reached, the page tries again this often on its own. */
export const RECONNECT_INTERVAL_MS = 5000

/**
 * The `/account` page's session: an outage retried every RECONNECT_INTERVAL_MS, a session ended
 * elsewhere (the account deleted or moved) signed out here, a visitor sent to sign in, and signing
 * out on purpose.
 */
export function useAccountSession() {
  const router = useRouter()
  const t = useT()
  const { isSignedIn, isInitializing, signOut, signedOutElsewhere } = useAuth()
  const { account, accountError, retryAccount } = useCustomer()
  const [signingOut, setSigningOut] = useState(false)
  // An outage keeps the session: say so and try again until the service answers.
  const outage = isSignedIn && isTransientError(accountError)

  useEffect(() => {
    if (!outage) return
    const timer = window.setTimeout(retryAccount, RECONNECT_INTERVAL_MS)
    return () => window.clearTimeout(timer)
  }, [outage, retryAccount])
  const leavingOnPurpose = useRef(false)

  // The customer deleted this account or moved it to another address in another browser: a
  // session older than that ends here too (the account is a new, empty one now).
  // The classes refuse such a session (SESSION_ENDED) and its live user document closes to it, so
  // the public state's epoch and that refusal say it too.
  const ended = isSignedIn && (sessionEndedBy(account?.sessionsEndedAt) || sessionEndedBy(account?.sessionEpoch) || accountError?.code === 'SESSION_ENDED')
  const [endedElsewhere, setEndedElsewhere] = useState(false)
  useEffect(() => {
    if (!ended || leavingOnPurpose.current) return
    leavingOnPurpose.current = true
    setEndedElsewhere(true)
    void signOut().catch(() => undefined)
  }, [ended, signOut])

  // Only once auth is known, so a signed-in customer never sees a flash of the sign-in page. A
  // customer signed out by another tab stays here and is told why, instead of being moved away.
  useEffect(() => {
    if (!isInitializing && !isSignedIn && !signedOutElsewhere && !leavingOnPurpose.current) {
      void router.replace(ACCOUNT_SIGN_IN_PATH)
    }
  }, [isInitializing, isSignedIn, signedOutElsewhere, router])

  async function handleSignOut() {
    setSigningOut(true)
    leavingOnPurpose.current = true
    try {
      await signOut()
      notify.info(t('account.toast.signedOut'))
      void router.replace(ROUTES.plans)
    } catch (error) {
      leavingOnPurpose.current = false
      notify.error(t('account.toast.signOutFailed', { reason: errorText(t, asAppError(error)) }))
      setSigningOut(false)
    }
  }

  return { outage, endedElsewhere, signingOut, handleSignOut }
}
