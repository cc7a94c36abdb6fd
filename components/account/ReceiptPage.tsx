import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { Notice } from '@/components/ui/feedback/Notice'
import { AppLink } from '@/components/ui/AppLink'
import { useCustomer } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import { ROUTES, signInPath } from '@/lib/routes'
import { findDocument } from '@/lib/account/documents'
import { ReceiptDocument } from './ReceiptDocument'
import { useT } from '@/contexts/I18nContext'
import { errorText } from '@/lib/rio/errors/words'

/**
 * `/account/receipts/<number>`: one of the signed-in customer's receipts or credit notes, to read
 * and print. It is found among their own payments only, so another customer's number shows nothing.
 */
export function ReceiptPage() {
  const router = useRouter()
  const t = useT()
  const { isSignedIn, isInitializing } = useAuth()
  const { account, loading, accountError } = useCustomer()
  const number = typeof router.query.number === 'string' ? router.query.number : ''

  useEffect(() => {
    if (!isInitializing && !isSignedIn) void router.replace(signInPath(ROUTES.account))
  }, [isInitializing, isSignedIn, router])

  if (isInitializing || !isSignedIn || loading || (!account && !accountError)) {
    return <p role="status">{t('account.receipt.loading')}</p>
  }
  const doc = findDocument(account?.payments, number, account?.giftsGiven)
  if (!doc) {
    return (
      <Notice role="alert">
        <p><strong>{t('account.receipt.missing', { number })}</strong> {accountError ? errorText(t, accountError) : t('account.receipt.whereListed')}</p>
        <AppLink href={ROUTES.account} className="btn btn-secondary">{t('account.receipt.back')}</AppLink>
      </Notice>
    )
  }
  return (
    <>
      <p className="no-print"><AppLink href={ROUTES.account}>{t('account.receipt.backArrow')}</AppLink></p>
      <ReceiptDocument doc={doc} />
    </>
  )
}
