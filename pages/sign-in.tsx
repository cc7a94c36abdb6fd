import { withMessages } from '@/lib/i18n/static-props'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { SignInPage } from '@/components/sign-in/SignInPage'

export default function SignIn() {
  return (
    <>
      <PageTitle page="Sign in" />
      <SignInPage />
    </>
  )
}

// Visitors get the plans from the HTML and the sign-in form at first paint: the SDK can wait.
SignIn.deferSdkStart = true

// Its words in the visitor's language, each language prerendered.
export const getStaticProps = withMessages([])
