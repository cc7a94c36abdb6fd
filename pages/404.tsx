import { NotFound } from '@/components/feedback/NotFound'
import { PageTitle } from '@/components/layout/PageTitle'

export default function NotFoundPage() {
  return (
    <>
      <PageTitle page="Page not found" />
      <NotFound />
    </>
  )
}
