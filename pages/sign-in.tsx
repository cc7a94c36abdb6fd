import { withMessages } from '@/lib/i18n/static-props'
import { PageTitle } from '@/components/ui/layout/PageTitle'
import { SignInPage } from '@/components/sign-in/SignInPage'
import { useT } from '@/contexts/I18nContext'

export default function SignIn() {
  const t = useT()
  return (
    <>
      <PageTitle page={t('signIn.pageTitle')} />
      <SignInPage />
    </>
  )
}

// Visitors get the plans from the HTML and the sign-in form at first paint: the SDK can wait.
SignIn.deferSdkStart = true

// Its words in the visitor's language, each language prerendered.
export const getStaticProps = withMessages(['signIn', 'plans'])
