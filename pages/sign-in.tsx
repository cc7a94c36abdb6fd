import Head from 'next/head'
import { SignInPage } from '@/components/sign-in/SignInPage'

export default function SignIn() {
  return (
    <>
      <Head>
        <title>Sign in · Bean &amp; Bloom Coffee House</title>
      </Head>
      <SignInPage />
    </>
  )
}
