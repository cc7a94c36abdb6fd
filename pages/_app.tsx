import type { AppProps } from 'next/app'
import Head from 'next/head'
import { Suspense } from 'react'
import { ErrorBoundary } from '@/components/feedback/ErrorBoundary'
import { LazyToastContainer } from '@/components/feedback/LazyToastContainer'
import { Layout } from '@/components/layout/Layout'
import { AppProviders } from '@/contexts/AppProviders'
import { LazyAnalytics } from '@/lib/analytics/LazyAnalytics'
import '@/styles/globals.css'

/** A page that renders for visitors without the SDK says so (see `deferSdkStart`). */
type Page = AppProps['Component'] & { deferSdkStart?: boolean }

export default function App({ Component, pageProps, router }: AppProps) {
  return (
    <AppProviders deferSdkStart={(Component as Page).deferSdkStart === true}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Bean &amp; Bloom Coffee House</title>
      </Head>
      <Layout>
        <ErrorBoundary resetKey={router.asPath}>
          {/* Its own hydration pass: the shell hydrates first, the page in a separate task, so no
              single task of the load blocks input for long. Nothing in it suspends. */}
          <Suspense>
            <Component {...pageProps} />
          </Suspense>
        </ErrorBoundary>
      </Layout>
      <LazyToastContainer />
      <LazyAnalytics />
    </AppProviders>
  )
}
