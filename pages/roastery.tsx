import { withMessages } from '@/lib/i18n/static-props'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { RoasteryPage } from '@/components/roastery/RoasteryPage'

export default function Roastery() {
  return (
    <>
      <PageTitle page="Roastery" />
      <RoasteryPage />
    </>
  )
}

// Its words in the visitor's language, each language prerendered.
export const getStaticProps = withMessages([])
