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

// Visitors get the plans from the HTML and the sign-in form at first paint: the SDK can wait.
SignIn.deferSdkStart = true
