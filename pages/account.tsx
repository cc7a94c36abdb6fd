import { withMessages } from '@/lib/i18n/static-props'
import { AccountPage } from '@/components/account/AccountPage'
import { PageTitle } from '@/components/ui/layout/PageTitle'

export default function Account() {
  return (
    <>
      <PageTitle page="Your account" />
      <AccountPage />
    </>
  )
}

// Its words in the visitor's language, each language prerendered.
export const getStaticProps = withMessages(['plans', 'delivery', 'subscription'])
