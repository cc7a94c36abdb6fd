import { pageMessages } from '@/lib/i18n/page-messages'
import type { GetServerSideProps } from 'next'
import type { I18nPageProps } from '@/lib/i18n/types'
import { ReceiptPage } from '@/components/account/ReceiptPage'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { useT } from '@/contexts/I18nContext'

export default function Receipt() {
  const t = useT()
  return (
    <>
      <PageTitle page={t('account.receiptTitle')} />
      <ReceiptPage />
    </>
  )
}

// Rendered per request, not cached per number: a page cache keyed by any number a visitor types
// would grow without limit. The receipt itself is loaded by the browser for its owner.
export const getServerSideProps: GetServerSideProps<I18nPageProps> = async ({ locale }) => ({ props: { i18n: pageMessages(locale, ['account', 'gifts']) } })
