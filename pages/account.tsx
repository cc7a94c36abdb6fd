import { AccountPage } from '@/features/account'
import { PageTitle } from '@/core/ui/layout/PageTitle'

export default function Account() {
  return (
    <>
      <PageTitle page="Your account" />
      <AccountPage />
    </>
  )
}
