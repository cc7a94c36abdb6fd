import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { Notice } from '@/components/ui/feedback/Notice'
import { useAuth } from '@/contexts/AuthContext'
import { useT } from '@/contexts/I18nContext'
import { RoasteryProvider } from '@/contexts/RoasteryContext'
import { STAFF_IDENTITY } from '@/lib/contract'
import { ROUTES, signInPath } from '@/lib/routes'
import { MoneyView } from './MoneyView'
import { RoasteryBoard } from './RoasteryBoard'
import { UndeliveredMail } from './UndeliveredMail'
import { StaffSection } from '@/components/staff/StaffSection'
import { CatalogueSection } from '@/components/staff/CatalogueSection'
import { CustomerSearch } from '@/components/staff/CustomerSearch'
import { ReportsSection } from '@/components/staff/ReportsSection'
import { useStaff } from '@/components/staff/useStaff'
import styles from './Roastery.module.css'

/**
 * The `/roastery` page, for staff: the next seven delivery days, live, finding a customer and the
 * undelivered e-mails for support, and the staff, its audit log and the catalogue for owners. Visitors are sent to sign in (and come back
 * here); signed-in customers to their account, as nothing here is theirs.
 */
export function RoasteryPage() {
  const router = useRouter()
  const t = useT()
  const { isSignedIn, isInitializing, identity, signOut } = useAuth()
  const isStaff = isSignedIn && identity === STAFF_IDENTITY
  const staff = useStaff()
  const may = (action: NonNullable<typeof staff.actions>[number]) => staff.actions?.includes(action) ?? false

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

  // A session that outlived its member (removed, or every role taken away): say so rather than
  // open boards the classes refuse.
  if (staff.actions !== null && staff.actions.length === 0) {
    return (
      <section aria-labelledby="roastery-title">
        <h1 id="roastery-title">{t('roastery.title')}</h1>
        <Notice tone="error" role="alert">
          <p>{t('roastery.noLongerStaff')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void signOut().catch(() => undefined).then(() => router.replace(ROUTES.plans))}>{t('roastery.signOut')}</button>
        </Notice>
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
      {/* Each section for the roles that may use it (the classes refuse everyone else anyway). */}
      {may('customer.find') ? <CustomerSearch staff={staff} /> : null}
      {may('reports.read') ? <ReportsSection staff={staff} /> : null}
      {may('mail.resend') ? <UndeliveredMail /> : null}
      {may('staff.manage') ? <StaffSection staff={staff} /> : null}
      {may('catalogue.manage') ? <CatalogueSection staff={staff} /> : null}
    </section>
  )
}
