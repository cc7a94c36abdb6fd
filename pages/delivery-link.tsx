import Head from 'next/head'
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
      {/* A page for one customer's link: nothing here for a search engine. */}
      <Head><meta name="robots" content="noindex" /></Head>
      <DeliveryLinkPage />
    </>
  )
}

// Its words in the customer's language, each language prerendered.
export const getStaticProps = withMessages(['subscription'])
