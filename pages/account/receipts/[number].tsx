import { ReceiptPage } from '@/components/account/ReceiptPage'
import { PageTitle } from '@/components/ui/layout/PageTitle'

export default function Receipt() {
  return (
    <>
      <PageTitle page="Your receipt" />
      <ReceiptPage />
    </>
  )
}
