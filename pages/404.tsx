import { NotFound } from '@/core/ui/feedback/NotFound'
import { PageTitle } from '@/core/ui/layout/PageTitle'

export default function NotFoundPage() {
  return (
    <>
      <PageTitle page="Page not found" />
      <NotFound />
    </>
  )
}
