import Head from 'next/head'
import { RoasteryPage } from '@/components/roastery/RoasteryPage'

export default function Roastery() {
  return (
    <>
      <Head>
        <title>Roastery · Bean &amp; Bloom Coffee House</title>
      </Head>
      <RoasteryPage />
    </>
  )
}
