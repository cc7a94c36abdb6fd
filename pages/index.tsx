import Head from 'next/head'
import { PlansPage } from '@/components/plans/PlansPage'

export default function Home() {
  return (
    <>
      <Head>
        <title>Plans · Bean &amp; Bloom Coffee House</title>
      </Head>
      <PlansPage />
    </>
  )
}
