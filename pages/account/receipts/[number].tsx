import { ReceiptPage } from '@/components/account/ReceiptPage'
import { PageTitle } from '@/components/layout/PageTitle'

export default function Receipt() {
  return (
    <>
      <PageTitle page="Your receipt" />
      <ReceiptPage />
    </>
  )
}
