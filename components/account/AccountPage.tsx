import { AppLink } from '@/components/ui/AppLink'
import { useRouter } from 'next/router'
import { useEffect, useRef, useState } from 'react'
import { notify } from '@/components/ui/feedback/notify'
import { Notice } from '@/components/ui/feedback/Notice'
import { useCustomer, usePlanList } from '@/contexts/AccountContext'
import { useSubscription } from '@/components/subscription/useSubscription'
import { useAuth } from '@/contexts/AuthContext'
import { SubscriptionCard } from '@/components/subscription/SubscriptionCard'
import { AccountCard } from './AccountCard'
import { AwsCard } from './AwsCard'
import { DeliveryHistory } from './DeliveryHistory'
import { PaymentMethodCard } from './PaymentMethodCard'
import { AccountFirstPaint, AccountTitle } from './AccountFirstPaint'
import { AccountSkeleton, CardSkeleton } from './AccountSkeleton'
import { YourData } from '@/components/privacy/YourData'
import { MethodEditorProvider } from '@/components/payments/MethodEditor'
import { PaymentHoldNotice } from '@/components/payments/PaymentHoldNotice'
import styles from '@/components/ui/Card.module.css'
import { ROUTES, signInPath } from '@/lib/routes'
import { asAppError } from '@/lib/rio/errors/app-error'
import { isTransientError } from '@/lib/rio/errors/map'
import { sessionEndedBy } from '@/lib/rio/session-start'

/** Where visitors are sent: sign in, then come back here. */
const ACCOUNT_SIGN_IN_PATH = signInPath(ROUTES.account)

/** While the service cannot be reached, the page tries again this often on its own. */
export const RECONNECT_INTERVAL_MS = 5000

/**
 * The `/account` page, the customer's subscription page: the subscription (next delivery, upcoming
 * deliveries, plan, coffee, address, pause and cancel, history), then their sign-in details and
 * data (the Account and AWS objects), all live; and signing out.
 */
export function AccountPage() {
  const router = useRouter()
  const { isSignedIn, isInitializing, signOut, email, signedOutElsewhere } = useAuth()
  const { account, aws, loading, accountError, liveUpdates, retryAccount } = useCustomer()
  const { plans } = usePlanList()
  const { changeSubscription } = useSubscription()
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
      notify.info('You’re signed out. See you soon!')
      void router.replace(ROUTES.plans)
    } catch (error) {
      leavingOnPurpose.current = false
      notify.error(`Could not sign out: ${asAppError(error).message}`)
      setSigningOut(false)
    }
  }

  // Until the customer's data is here the page is the same for everyone, and its first paint shows
  // what this browser's stored view says (./AccountFirstPaint.tsx).
  const firstPaint = isInitializing || !isSignedIn || loading || (!account && !aws && !accountError)

  const title = (
    <AccountTitle
      email={email}
      waiting={firstPaint}
      session={isSignedIn ? 'signed-in' : isInitializing ? 'unknown' : 'signed-out'}
      signOut={(attributes) => (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void handleSignOut()}
          disabled={signingOut}
          aria-busy={signingOut || undefined}
          {...attributes}
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      )}
    />
  )

  if (endedElsewhere) {
    return (
      <section aria-labelledby="account-title">
        <h1 id="account-title">Your account</h1>
        <Notice role="alert">
          <p>
            <strong>This account was deleted or moved to another e-mail address, so you are signed out here.</strong>{' '}
            Signing in with this address again starts a new, empty account.
          </p>
          <AppLink href={ROUTES.plans} className="btn btn-primary">
            See the plans
          </AppLink>
        </Notice>
      </section>
    )
  }

  if (!isSignedIn && signedOutElsewhere) {
    return (
      <section aria-labelledby="account-title">
        <h1 id="account-title">Your account</h1>
        <Notice role="alert">
          <p>
            <strong>You signed out in another tab.</strong> Sign in again to see your account.
          </p>
          <AppLink href={ACCOUNT_SIGN_IN_PATH} className="btn btn-primary">
            Sign in again
          </AppLink>
        </Notice>
      </section>
    )
  }

  if (firstPaint && !accountError) {
    return (
      <section aria-labelledby="account-title">
        {title}
        <AccountFirstPaint />
      </section>
    )
  }

  return (
    <section aria-labelledby="account-title">
      {title}
      {!liveUpdates ? (
        <div className={styles.notice}>
          <Notice>
            <p>
              <strong>Live updates are unavailable.</strong> You’re seeing your details as they were when the page
              loaded; reload the page to refresh them.
            </p>
          </Notice>
        </div>
      ) : null}
      {outage ? (
        <div className={styles.notice}>
          <Notice role="status">
            <p>
              <strong>Reconnecting…</strong> {accountError?.message} You’re still signed in; your account appears as
              soon as the service is back.
            </p>
            <button type="button" className="btn btn-secondary" onClick={retryAccount}>
              Try again now
            </button>
          </Notice>
        </div>
      ) : accountError ? (
        <div className={styles.notice}>
          <Notice tone="error" role="alert">
            <p>
              <strong>We couldn’t load your account.</strong> {accountError.message}
            </p>
            <button type="button" className="btn btn-secondary" onClick={() => router.reload()}>
              Reload
            </button>
          </Notice>
        </div>
      ) : null}
      {firstPaint ? (
        <AccountSkeleton />
      ) : (
        <MethodEditorProvider>
          {/* A hold for payment first: nothing is delivered until it is fixed. */}
          {account?.paymentHoldSince ? <div className={styles.notice}><PaymentHoldNotice since={account.paymentHoldSince} /></div> : null}
          {/* The customer's subscription first; their sign-in details and data below, quieter. */}
          <div className={styles.stack}>
            {account ? <SubscriptionCard account={account} plans={plans} onChange={changeSubscription} /> : <CardSkeleton rows={4} />}
            {account ? <PaymentMethodCard account={account} /> : null}
            {account ? <DeliveryHistory account={account} plans={plans} /> : null}
          </div>
          <div className={styles.secondary}>
            {account ? <AccountCard account={account} /> : <CardSkeleton rows={2} />}
            {aws ? <AwsCard aws={aws} /> : <CardSkeleton rows={2} />}
          </div>
          {account ? <YourData /> : null}
        </MethodEditorProvider>
      )}
    </section>
  )
}
