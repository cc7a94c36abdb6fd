import type { ReactNode } from 'react'
import { needs } from '@/lib/first-paint/names'
import { Slot } from '@/components/first-paint/Slot'
import { SummaryLayout, type SummaryFill } from '@/components/subscription/NextDelivery'
import styles from '@/components/ui/Card.module.css'
import { Wrappable } from '@/components/ui/Wrappable'
import { AccountSkeleton } from './AccountSkeleton'
import { useT } from '@/contexts/I18nContext'

/**
 * The one part of `/account` that knows the first paint (lib/first-paint). Until the customer's
 * data is here the page is the same for everyone, and the inline script shows what this browser's
 * stored view says: the customer's e-mail, "Sign out" and their subscription summary, in the boxes
 * the data fills later, so nothing moves.
 */

export interface AccountTitleProps {
  /** The session's e-mail, once known. */
  email: string | null
  /** The customer's data has not arrived: the e-mail line shows the stored one meanwhile. */
  waiting: boolean
  /** The session: signed in, not known yet (the first paint shows "Sign out" to a returning customer), or signed out. */
  session: 'signed-in' | 'unknown' | 'signed-out'
  /** The "Sign out" button, with the attributes given. */
  signOut(attributes: object): ReactNode
}

/** The page's title row: "Your account", "Signed in as …" and "Sign out". */
export function AccountTitle({ email, waiting, session, signOut }: AccountTitleProps) {
  const t = useT()
  return (
    <div className={styles.titleRow}>
      <div>
        <h1 id="account-title">{t('account.title')}</h1>
        {email ? (
          <p className={styles.subtitle}>{t('account.signedInAs')} <Wrappable text={email} /></p>
        ) : waiting ? (
          <p className={styles.subtitle} {...needs('email')}>{t('account.signedInAs')} <Slot name="email" /></p>
        ) : null}
      </div>
      {session === 'signed-out' ? null : signOut(session === 'signed-in' ? {} : needs('customer'))}
    </div>
  )
}

/** The summary from the stored view: every part rendered, shown by its key, its words in text slots. */
const FROM_STORED_VIEW: SummaryFill = {
  part: (name, _has, element) => element(needs(name)),
  text: (_value, name) => <Slot name={name} />,
}

/** The subscription summary as the first paint of `/account` shows it; hidden when this browser keeps no view. */
export function FirstPaintNextDelivery() {
  return <SummaryLayout summary={null} fill={FROM_STORED_VIEW} />
}

/**
 * What stands below the title until the data is here: the stored summary, laid out as
 * SubscriptionCard lays it out, then the account's skeleton.
 */
export function AccountFirstPaint() {
  return (
    <div className="grid-stack">
      <FirstPaintNextDelivery />
      {/* At least a screen tall: when the data arrives nothing below the summary was in view, so nothing seen moves. */}
      <div className={styles.firstPaintRest}>
        <AccountSkeleton />
      </div>
    </div>
  )
}
