import type { AppProps } from 'next/app'
import Head from 'next/head'
import { ErrorBoundary } from '@/components/feedback/ErrorBoundary'
import { LazyToastContainer } from '@/components/feedback/LazyToastContainer'
import { Layout } from '@/components/layout/Layout'
import { AppProviders } from '@/contexts/AppProviders'
import { Analytics } from '@/lib/analytics/Analytics'
import '@/styles/globals.css'

export default function App({ Component, pageProps, router }: AppProps) {
  return (
    <AppProviders>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Bean &amp; Bloom Coffee House</title>
      </Head>
      <Layout>
        <ErrorBoundary resetKey={router.asPath}>
          <Component {...pageProps} />
        </ErrorBoundary>
      </Layout>
      <LazyToastContainer />
      <Analytics />
    </AppProviders>
  )
}
