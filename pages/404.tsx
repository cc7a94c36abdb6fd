import { NotFound } from '@/components/ui/feedback/NotFound'
import { PageTitle } from '@/components/ui/layout/PageTitle'

export default function NotFoundPage() {
  return (
    <>
      <PageTitle page="Page not found" />
      <NotFound />
    </>
  )
}
