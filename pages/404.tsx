import Head from 'next/head'
import { NotFound } from '@/components/feedback/NotFound'

export default function NotFoundPage() {
  return (
    <>
      <Head>
        <title>Page not found · Bean &amp; Bloom Coffee House</title>
      </Head>
      <NotFound />
    </>
  )
}
