import { useT } from '@/contexts/I18nContext'
import { withMessages } from '@/lib/i18n/static-props'
import { NotFound } from '@/components/ui/feedback/NotFound'
import { PageTitle } from '@/components/ui/layout/PageTitle'

export default function NotFoundPage() {
  const t = useT()
  return (
    <>
      <PageTitle page={t('shell.notFound.page')} />
      <NotFound />
    </>
  )
}

// Each language has its own 404 page.
export const getStaticProps = withMessages([])
