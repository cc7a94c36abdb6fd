import { Head, Html, Main, NextScript } from 'next/document'

export default function Document() {
  return (
    <Html lang="en">
      <Head>
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
