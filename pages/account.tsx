import { withMessages } from '@/lib/i18n/static-props'
import { AccountPage } from '@/components/account/AccountPage'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { useT } from '@/contexts/I18nContext'

export default function Account() {
  const t = useT()
  return (
    <>
      <PageTitle page={t('account.title')} />
      <AccountPage />
    </>
  )
}

// Its words in the visitor's language, each language prerendered.
export const getStaticProps = withMessages(['plans', 'delivery', 'subscription', 'account', 'accountLanguage', 'payments', 'privacy', 'gifts'])
