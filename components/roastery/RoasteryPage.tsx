import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { useAuth } from '@/contexts/AuthContext'
import { useT } from '@/contexts/I18nContext'
import { RoasteryProvider } from '@/contexts/RoasteryContext'
import { STAFF_IDENTITY } from '@/lib/contract'
import { ROUTES, signInPath } from '@/lib/routes'
import { MoneyView } from './MoneyView'
import { RoasteryBoard } from './RoasteryBoard'
import { UndeliveredMail } from './UndeliveredMail'
import styles from './Roastery.module.css'

/**
 * The `/roastery` page, for staff: the next seven delivery days, live. Visitors are sent to sign in
 * (and come back here); signed-in customers to their account, as nothing here is theirs.
 */
export function RoasteryPage() {
  const router = useRouter()
  const t = useT()
  const { isSignedIn, isInitializing, identity } = useAuth()
  const isStaff = isSignedIn && identity === STAFF_IDENTITY

  useEffect(() => {
    if (isInitializing) return
    if (!isSignedIn) void router.replace(signInPath(ROUTES.roastery))
    else if (identity !== STAFF_IDENTITY) void router.replace(ROUTES.account)
  }, [isInitializing, isSignedIn, identity, router])

  if (!isStaff) {
    return (
      <section aria-labelledby="roastery-title">
        <h1 id="roastery-title" className="visually-hidden">{t('roastery.title')}</h1>
        <p role="status" className="visually-hidden">{t('roastery.checkingSession')}</p>
        <span className="skeleton" style={{ width: '100%', height: '12rem' }} aria-hidden="true" />
      </section>
    )
  }

  return (
    <section aria-labelledby="roastery-title">
      <div className={styles.titleRow}>
        <h1 id="roastery-title">{t('roastery.title')}</h1>
        <p className={styles.muted}>{t('roastery.lead')}</p>
      </div>
      <RoasteryProvider>
        <RoasteryBoard />
        <MoneyView />
      </RoasteryProvider>
      <UndeliveredMail />
    </section>
  )
}
