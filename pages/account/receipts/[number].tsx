import { ReceiptPage } from '@/features/account'
import { PageTitle } from '@/core/ui/layout/PageTitle'

export default function Receipt() {
  return (
    <>
      <PageTitle page="Your receipt" />
      <ReceiptPage />
    </>
  )
}
