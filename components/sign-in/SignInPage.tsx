import { useT } from '@/contexts/I18nContext'
import { useRouter } from 'next/router'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useAuth } from '@/contexts/AuthContext'
import { focusHeadingAfterNavigation } from '@/components/ui/layout/heading-focus'
import { STAFF_IDENTITY } from '@/lib/contract'
import { safeNextPath } from '@/lib/format/next-path'
import { formatInterval, formatPrice } from '@/lib/format/price'
import { planTitle } from '@/lib/format/plan'
import { useLocale } from '@/contexts/I18nContext'
import { ROUTES } from '@/lib/routes'
import { chosenPlanOf } from '@/lib/sign-in/chosen-plan'
import { PLANS } from '@retter-shared/BeanBloomSubscription/plans'
import { usePlanList } from '@/contexts/AccountContext'
import { readPendingSignIn, writePendingSignIn } from '@/lib/sign-in/pending-sign-in'
import { SignInFlow } from './SignInFlow'
import { CODE_FIELD_ID } from './CodeStep'
import { SignInFirstPaint } from './SignInFirstPaint'
import styles from './SignIn.module.css'

const noSubscription = () => () => undefined
const onClient = () => true
const onServer = () => false

/**
 * How long after the code is accepted the page waits for the session to say who signed in (staff
 * go to the roastery) before going on to the default page anyway.
 */
const SESSION_WAIT_MS = 3000

/** The code in the first paint's code step, the only code field on the page before it hydrates. */
function readFirstPaintCode(): string {
  if (typeof document === 'undefined') return ''
  const field = document.getElementById(CODE_FIELD_ID)
  return field instanceof HTMLInputElement ? field.value : ''
}

/**
 * The `/sign-in` page. Signed-in visitors are sent on (to `?next=` when it is a path on this
 * site, else `/roastery` for staff and `/account` for customers), both when they arrive signed in
 * and right after the code is accepted. A plan picked before signing in is named.
 */
export function SignInPage() {
  const t = useT()
  const locale = useLocale()
  const router = useRouter()
  const { isSignedIn, identity, restoringSession, sendOtp, verifyOtp } = useAuth()
  const leaving = useRef(false)
  // Read when leaving: the session says who signed in a moment after the code is accepted.
  const signedIn = useRef({ isSignedIn, identity })
  useEffect(() => {
    signedIn.current = { isSignedIn, identity }
  }, [isSignedIn, identity])
  // The plans on offer once loaded; until then (the first paint) the seed's, which a fresh shop offers.
  const { plans } = usePlanList()
  const picked = router.isReady ? chosenPlanOf(router.query.next, plans.length > 0 ? plans : PLANS) : undefined
  // A sign-in pending from before a reload lives in sessionStorage, which the server cannot read:
  // the page hydrates both steps the server rendered (the first paint showed the one this tab's
  // storage says, ./SignInFirstPaint.tsx), then resumes it (read once, before the fresh form's own effects
  // overwrite the stored value).
  const [pendingAtLoad] = useState(readPendingSignIn)
  // What was typed into the first paint's code step before the page hydrated: that step gives way
  // to the resumed flow, whose field takes it (read once, at hydration, like the pending sign-in).
  const [codeAtLoad] = useState(readFirstPaintCode)
  const hydrated = useSyncExternalStore(noSubscription, onClient, onServer)
  const resume = hydrated && pendingAtLoad !== null

  const leave = useCallback(() => {
    if (leaving.current) return
    leaving.current = true
    const home = signedIn.current.identity === STAFF_IDENTITY ? ROUTES.roastery : ROUTES.account
    void router.replace(safeNextPath(router.query.next, home))
  }, [router])

  // Asked for even when the session's own update has already started the navigation. Until the
  // session says who signed in, the effect below leaves (to the roastery for staff); should it
  // never say, the page goes on after SESSION_WAIT_MS.
  const onSignedIn = useCallback(() => {
    focusHeadingAfterNavigation()
    if (signedIn.current.isSignedIn) leave()
    else window.setTimeout(leave, SESSION_WAIT_MS)
  }, [leave])

  useEffect(() => {
    if (!isSignedIn) return
    // A signed-in visitor has no sign-in pending, whichever way they got here.
    writePendingSignIn(null)
    if (router.isReady) leave()
  }, [router.isReady, isSignedIn, leave])

  // A visitor gets the form at first paint (a code request made before the SDK has loaded waits
  // for it); only a stored customer session is checked first, so it never flashes the form.
  if (restoringSession || isSignedIn) {
    return (
      <div className={styles.wrap} role="status">
        <div className={`card ${styles.panel}`}>
          <span className="visually-hidden">{t('signIn.checking')}</span>
          <span className="skeleton" style={{ width: '40%', height: '2rem', marginBottom: '1.5rem' }} />
          <span className="skeleton" style={{ width: '35%', height: '1rem', marginBottom: '0.5rem' }} />
          <span className="skeleton" style={{ width: '100%', height: '3rem', marginBottom: '1.5rem' }} />
          <span className="skeleton" style={{ width: '100%', height: '2.75rem', borderRadius: '999px' }} />
        </div>
      </div>
    )
  }

  return (
    <div className={styles.wrap}>
      <SignInFirstPaint hydrated={hydrated}>
        {(panel) => (
          <SignInFlow
            key={resume ? 'resumed' : 'new'}
            initialPending={resume ? pendingAtLoad : null}
            initialCode={resume ? codeAtLoad : undefined}
            sendOtp={sendOtp}
            verifyOtp={verifyOtp}
            onSignedIn={onSignedIn}
            panel={panel}
          />
        )}
      </SignInFirstPaint>
      {picked ? (
        <p className={styles.picked} data-testid="picked-plan">
          {t('signIn.picked', {
            plan: planTitle(t, picked),
            price: formatPrice(picked.amount, picked.currency, locale),
            interval: formatInterval(t, picked.interval),
          })}
        </p>
      ) : null}
      <p className={styles.aside}>{t('signIn.newHere')}</p>
    </div>
  )
}
