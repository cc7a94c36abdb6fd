import Head from 'next/head'
import { AccountPage } from '@/components/account/AccountPage'

export default function Account() {
  return (
    <>
      <Head>
        <title>Your account · Bean &amp; Bloom Coffee House</title>
      </Head>
      <AccountPage />
    </>
  )
}
