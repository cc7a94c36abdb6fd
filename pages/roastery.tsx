import { useT } from '@/contexts/I18nContext'
import { withMessages } from '@/lib/i18n/static-props'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { RoasteryPage } from '@/components/roastery/RoasteryPage'

export default function Roastery() {
  const t = useT()
  return (
    <>
      <PageTitle page={t('roastery.title')} />
      <RoasteryPage />
    </>
  )
}

// Its words in the visitor's language, each language prerendered.
// The customer panel shows the customer's timeline, payments and delivery fields in their words (subscription, payments, delivery).
export const getStaticProps = withMessages(['roastery', 'plans', 'staff', 'subscription', 'payments', 'delivery', 'gifts'])
