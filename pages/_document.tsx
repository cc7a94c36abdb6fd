import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document'
import { pageScriptPolicy } from '@/lib/security/page-policy'

export default function Document({ buildManifest, __NEXT_DATA__ }: DocumentProps) {
  const scriptPolicy = pageScriptPolicy({
    buildManifest,
    page: __NEXT_DATA__.page,
    env: { NEXT_PUBLIC_GA_ID: process.env.NEXT_PUBLIC_GA_ID },
    dev: process.env.NODE_ENV !== 'production',
  })
  return (
    <Html lang="en">
      <Head>
        {/* First in <head>: a meta policy covers only what comes after it. */}
        {scriptPolicy ? <meta httpEquiv="Content-Security-Policy" content={scriptPolicy} /> : null}
        <meta name="description" content="Bean & Bloom Coffee House: freshly roasted coffee subscriptions, delivered on your schedule." />
        <meta name="theme-color" content="#fbf6ef" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#17110d" media="(prefers-color-scheme: dark)" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  )
}
