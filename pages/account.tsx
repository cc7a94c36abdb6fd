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
