import { withMessages } from '@/lib/i18n/static-props'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { DeliveryLinkPage } from '@/components/delivery-link/DeliveryLinkPage'
import { useT } from '@/contexts/I18nContext'

/** Where a reminder e-mail's one-click link lands: it asks before it skips or changes the delivery. */
export default function DeliveryLink() {
  const t = useT()
  return (
    <>
      <PageTitle page={t('subscription.link.pageTitle')} />
      <DeliveryLinkPage />
    </>
  )
}

// Its words in the customer's language, each language prerendered.
export const getStaticProps = withMessages(['subscription'])
