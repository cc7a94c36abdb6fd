import type { AppProps } from 'next/app'
import Head from 'next/head'
import { Activity } from 'react'
import { LazyConsent } from '@/components/consent/LazyConsent'
import { ErrorBoundary } from '@/components/ui/feedback/ErrorBoundary'
import { RememberCustomerView } from '@/components/first-paint/RememberCustomerView'
import { LazyToastContainer } from '@/components/ui/feedback/LazyToastContainer'
import { Layout } from '@/components/ui/layout/Layout'
import { AppProviders } from '@/contexts/AppProviders'
import { I18nProvider, useT } from '@/contexts/I18nContext'
import type { I18nPageProps } from '@/lib/i18n/types'
import '@/styles/globals.css'

/** A page that renders for visitors without the SDK says so (see `deferSdkStart`). */
type Page = AppProps['Component'] & { deferSdkStart?: boolean }

export default function App({ Component, pageProps, router }: AppProps<Partial<I18nPageProps>>) {
  return (
    // The page's language and messages come with its props (lib/i18n/static-props.ts).
    <I18nProvider value={pageProps.i18n}>
      <AppProviders deferSdkStart={(Component as Page).deferSdkStart === true}>
        <Layout>
          {/* The page hydrates in its own pass: the shell first, the page in a separate, lower-priority
              task, so no single task of the load blocks input for long. An Activity boundary rather than
              Suspense: React 19 moves a Suspense boundary whose HTML passes about 12.8 kB out of place,
              to be revealed by inline scripts the page's CSP does not allow; an Activity's HTML stays
              where it is and paints at once. Every <Head> is inside, so the document's title changes
              once, when the page's own has hydrated, and outside the error boundary, so a crashed page
              keeps the viewport and the title. */}
          <Activity>
            <ShellHead />
            <ErrorBoundary resetKey={router.asPath}>
              <Component {...pageProps} />
            </ErrorBoundary>
          </Activity>
        </Layout>
        <LazyToastContainer />
        <LazyConsent />
        <RememberCustomerView />
      </AppProviders>
    </I18nProvider>
  )
}

/** The viewport and the shop's name as the title, until the page has its own. */
function ShellHead() {
  const t = useT()
  return (
    <Head>
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{t('shell.title')}</title>
    </Head>
  )
}
