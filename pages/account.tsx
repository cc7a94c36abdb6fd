import { AccountPage } from '@/components/account/AccountPage'
import { PageTitle } from '@/components/layout/PageTitle'

export default function Account() {
  return (
    <>
      <PageTitle page="Your account" />
      <AccountPage />
    </>
  )
}
