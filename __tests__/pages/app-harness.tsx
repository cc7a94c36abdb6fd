import '../ui/support/intersection-observer'
/**
 * The app as `_app.tsx` composes it (layout, error boundary, the three pages), switching pages on
 * the router mock's pathname the way Next does, inside the real providers of test/render.tsx.
 * Not a test file: shared by the page tests.
 */
import { useRouter } from 'next/router'
import { ErrorBoundary } from '@/components/feedback/ErrorBoundary'
import { Layout } from '@/components/layout/Layout'
import AccountRoute from '@/pages/account'
import HomeRoute from '@/pages/index'
import SignInRoute from '@/pages/sign-in'
import NotFoundRoute from '@/pages/404'
import { renderApp } from '@/test/render'

function CurrentPage() {
  const { pathname } = useRouter()
  switch (pathname) {
    case '/':
      return <HomeRoute />
    case '/sign-in':
      return <SignInRoute />
    case '/account':
      return <AccountRoute />
    default:
      return <NotFoundRoute />
  }
}

function TestApp() {
  const { asPath } = useRouter()
  return (
    <Layout>
      <ErrorBoundary resetKey={asPath}>
        <CurrentPage />
      </ErrorBoundary>
    </Layout>
  )
}

/** Renders the whole app at a route. */
export function renderRoute(route: string) {
  return renderApp(<TestApp />, { route })
}
