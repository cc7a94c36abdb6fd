import '@/test/intersection-observer'
/**
 * The app as `_app.tsx` composes it (layout, error boundary, the three pages, the first paint's keeper), switching pages on
 * the router mock's pathname the way Next does, inside the real providers of test/render.tsx.
 * Shared by the page tests.
 */
import { useRouter } from 'next/router'
import { ErrorBoundary } from '@/components/feedback/ErrorBoundary'
import { RememberCustomerView } from '@/components/first-paint/RememberCustomerView'
import { Layout } from '@/components/layout/Layout'
import AccountRoute from '@/pages/account'
import RoasteryRoute from '@/pages/roastery'
import HomeRoute from '@/pages/index'
import SignInRoute from '@/pages/sign-in'
import NotFoundRoute from '@/pages/404'
import { ROUTES } from '@/lib/routes'
import { renderApp, type AppRenderOptions } from '@/test/render'

function CurrentPage() {
  const { pathname } = useRouter()
  switch (pathname) {
    case ROUTES.plans:
      // As built without a reachable backend: the browser loads the plans.
      return <HomeRoute plans={null} prices={null} />
    case ROUTES.signIn:
      return <SignInRoute />
    case ROUTES.account:
      return <AccountRoute />
    case ROUTES.roastery:
      return <RoasteryRoute />
    default:
      return <NotFoundRoute />
  }
}

function TestApp() {
  const { asPath } = useRouter()
  return (
    <>
      <Layout>
        <ErrorBoundary resetKey={asPath}>
          <CurrentPage />
        </ErrorBoundary>
      </Layout>
      <RememberCustomerView />
    </>
  )
}

/** Renders the whole app at a route (optionally with a client other than the page's singleton). */
export function renderRoute(route: string, options: Pick<AppRenderOptions, 'createClient'> = {}) {
  return renderApp(<TestApp />, { route, ...options })
}
