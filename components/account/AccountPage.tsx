import { AppLink } from '@/components/ui/AppLink'
import { useRouter } from 'next/router'
import type { ReactNode } from 'react'
import { Notice } from '@/components/ui/feedback/Notice'
import { useCustomer, useCustomerCalls, usePlanList } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import { SubscriptionCard } from '@/components/subscription/SubscriptionCard'
import { useSubscription } from '@/components/subscription/useSubscription'
import { AccountCard } from './AccountCard'
import { AwsCard } from './AwsCard'
import { LanguageSetting } from './LanguageSetting'
import type { Locale } from '@/lib/i18n/types'
import { DeliveryHistory } from './DeliveryHistory'
import { PaymentMethodCard } from './PaymentMethodCard'
import { GiftOffers, RunningGift } from '@/components/gifts/GiftOffers'
import { GiftsCard } from '@/components/gifts/GiftsCard'
import { AccountFirstPaint, AccountTitle } from './AccountFirstPaint'
import { AccountSkeleton, CardSkeleton } from './AccountSkeleton'
import { ACCOUNT_SIGN_IN_PATH, useAccountSession } from './useAccountSession'
import { YourData } from '@/components/privacy/YourData'
import { MethodEditorProvider } from '@/components/payments/MethodEditor'
import { PaymentHoldNotice } from '@/components/payments/PaymentHoldNotice'
import styles from '@/components/ui/Card.module.css'
import { ROUTES } from '@/lib/routes'
import { useT } from '@/contexts/I18nContext'
import { errorText } from '@/lib/rio/errors/words'
import type { AppError } from '@/lib/types'

export { RECONNECT_INTERVAL_MS } from './useAccountSession'

/**
 * The `/account` page, the customer's subscription page: the subscription (next delivery, upcoming
 * deliveries, plan, coffee, address, pause and cancel, history), then their sign-in details and
 * data (the Account and AWS objects), all live; and signing out.
 */
export function AccountPage() {
  const { isSignedIn, isInitializing, email, signedOutElsewhere } = useAuth()
  const { account, aws, loading, accountError, liveUpdates, retryAccount } = useCustomer()
  const { outage, endedElsewhere, signingOut, handleSignOut } = useAccountSession()
  const t = useT()

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
          {signingOut ? t('account.signingOut') : t('account.signOut')}
        </button>
      )}
    />
  )

  if (endedElsewhere) {
    return (
      <SignedOutNotice linkHref={ROUTES.plans} linkText={t('account.ended.link')}>
        <strong>{t('account.ended.title')}</strong> {t('account.ended.text')}
      </SignedOutNotice>
    )
  }

  if (!isSignedIn && signedOutElsewhere) {
    return (
      <SignedOutNotice linkHref={ACCOUNT_SIGN_IN_PATH} linkText={t('account.signedOutElsewhere.link')}>
        <strong>{t('account.signedOutElsewhere.title')}</strong> {t('account.signedOutElsewhere.text')}
      </SignedOutNotice>
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
      <AccountNotices liveUpdates={liveUpdates} outage={outage} error={accountError} onRetry={retryAccount} />
      {firstPaint ? <AccountSkeleton /> : <AccountCards />}
    </section>
  )
}

/** The page when this browser's session ended elsewhere: why, and where to go. */
function SignedOutNotice({ children, linkHref, linkText }: { children: ReactNode; linkHref: string; linkText: string }) {
  const t = useT()
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">{t('account.title')}</h1>
      <Notice role="alert">
        <p>{children}</p>
        <AppLink href={linkHref} className="btn btn-primary">
          {linkText}
        </AppLink>
      </Notice>
    </section>
  )
}

/** Live updates off, an outage being retried, or the account not loaded: one notice each. */
function AccountNotices({ liveUpdates, outage, error, onRetry }: {
  liveUpdates: boolean
  outage: boolean
  error: AppError | null
  onRetry(): void
}) {
  const router = useRouter()
  const t = useT()
  const said = error ? errorText(t, error) : ''
  return (
    <>
      {!liveUpdates ? (
        <div className={styles.notice}>
          <Notice>
            <p>
              <strong>{t('account.notice.noLive.title')}</strong> {t('account.notice.noLive.text')}
            </p>
          </Notice>
        </div>
      ) : null}
      {outage ? (
        <div className={styles.notice}>
          <Notice role="status">
            <p>
              <strong>{t('account.notice.reconnecting.title')}</strong> {said} {t('account.notice.reconnecting.text')}
            </p>
            <button type="button" className="btn btn-secondary" onClick={onRetry}>
              {t('account.notice.reconnecting.retry')}
            </button>
          </Notice>
        </div>
      ) : error ? (
        <div className={styles.notice}>
          <Notice tone="error" role="alert">
            <p>
              <strong>{t('account.notice.failed.title')}</strong> {said}
            </p>
            <button type="button" className="btn btn-secondary" onClick={() => router.reload()}>
              {t('account.notice.failed.reload')}
            </button>
          </Notice>
        </div>
      ) : null}
    </>
  )
}

const LANGUAGE_CALLS = ['setLocale'] as const

/** The language the Account writes e-mails and receipts in, and the form to change it. */
function AccountLanguage({ current }: { current?: Locale }) {
  const { setLocale } = useCustomerCalls(LANGUAGE_CALLS)
  return <LanguageSetting current={current} onSave={setLocale} />
}

/** The customer's cards once their data is here: a payment hold first, the subscription, then the quieter details. */
function AccountCards() {
  const { account, aws } = useCustomer()
  const { plans } = usePlanList()
  const { changeSubscription } = useSubscription()
  return (
    <MethodEditorProvider>
      {/* A hold for payment first: nothing is delivered until it is fixed. */}
      {account?.paymentHoldSince ? <div className={styles.notice}><PaymentHoldNotice since={account.paymentHoldSince} /></div> : null}
      {/* The customer's subscription first; their sign-in details and data below, quieter. */}
      <div className="grid-stack">
        {/* A gift for them leads: it is what they came for. */}
        {account ? <GiftOffers account={account} plans={plans} /> : null}
        {account ? <RunningGift account={account} /> : null}
        {account ? <SubscriptionCard account={account} plans={plans} onChange={changeSubscription} /> : <CardSkeleton rows={4} />}
        {account ? <PaymentMethodCard account={account} /> : null}
        {account ? <GiftsCard account={account} plans={plans} /> : null}
        {account ? <DeliveryHistory account={account} plans={plans} /> : null}
      </div>
      <div className={styles.secondary}>
        {account ? <AccountCard account={account} /> : <CardSkeleton rows={2} />}
        {aws ? <AwsCard aws={aws} /> : <CardSkeleton rows={2} />}
      </div>
      {account ? <AccountLanguage current={account.locale} /> : null}
      {account ? <YourData /> : null}
    </MethodEditorProvider>
  )
}
