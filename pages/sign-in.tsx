import { PageTitle } from '@/core/ui/layout/PageTitle'
import { SignInPage } from '@/features/sign-in'

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
