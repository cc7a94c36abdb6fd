import '@/test/intersection-observer'
/**
 * The app as `_app.tsx` composes it (layout, error boundary, its pages, the first paint's keeper), switching pages on
 * the router mock's pathname the way Next does, inside the real providers of test/render.tsx.
 * Shared by the page tests.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import mockRouter from 'next-router-mock'
import { useRouter } from 'next/router'
import { ErrorBoundary } from '@/components/ui/feedback/ErrorBoundary'
import { RememberCustomerView } from '@/components/first-paint/RememberCustomerView'
import { Layout } from '@/components/ui/layout/Layout'
import type { GetStaticProps, GetStaticPropsContext } from 'next'
import type { ReactNode } from 'react'
import AccountRoute, { getStaticProps as accountWords } from '@/pages/account'
import RoasteryRoute, { getStaticProps as roasteryWords } from '@/pages/roastery'
import HomeRoute from '@/pages/index'
import SignInRoute, { getStaticProps as signInWords } from '@/pages/sign-in'
import NotFoundRoute, { getStaticProps as notFoundWords } from '@/pages/404'
import DeliveryLinkRoute, { getStaticProps as deliveryLinkWords } from '@/pages/delivery-link'
import { I18nProvider } from '@/contexts/I18nContext'
import { pageMessages } from '@/lib/i18n/page-messages'
import { PLANS_PAGE_MESSAGES } from '@/lib/plans/page-messages'
import type { I18nPageProps, PageMessages } from '@/lib/i18n/types'
import type { DeliveryAddress } from '@/lib/contract'
import { ROUTES } from '@/lib/routes'
import { TEST_CARDS } from '@/rio-local/test/payments'
import { readOtp, renderApp, type AppRenderOptions } from '@/test/render'

/**
 * Each page's own words, as its getStaticProps sends them (the namespaces it names): a page that
 * shows a text of a namespace it does not load shows the key here too, as it would in the app. The
 * plans page's props also read the backend, so its words are taken as its props take them; the
 * confirmation's load from `/api/messages` as in the app.
 */
const pageWords = new Map<string, PageMessages>()
beforeAll(async () => {
  const pages: Array<[string, GetStaticProps<I18nPageProps>]> = [
    [ROUTES.signIn, signInWords], [ROUTES.account, accountWords], [ROUTES.roastery, roasteryWords], [ROUTES.deliveryLink, deliveryLinkWords], ['404', notFoundWords],
  ]
  for (const [route, props] of pages) {
    const result = await props({ locale: 'en' } as GetStaticPropsContext)
    if ('props' in result) pageWords.set(route, (await result.props).i18n)
  }
  pageWords.set(ROUTES.plans, pageMessages('en', PLANS_PAGE_MESSAGES))
})

/** A page inside its own words, as `_app` gives them. */
function WithWords({ route, children }: { route: string; children: ReactNode }) {
  return <I18nProvider value={pageWords.get(route)}>{children}</I18nProvider>
}

function CurrentPage() {
  const { pathname } = useRouter()
  switch (pathname) {
    case ROUTES.plans:
      // As built without a reachable backend: the browser loads the plans.
      return <WithWords route={ROUTES.plans}><HomeRoute plans={null} prices={null} /></WithWords>
    case ROUTES.signIn:
      return <WithWords route={ROUTES.signIn}><SignInRoute /></WithWords>
    case ROUTES.account:
      return <WithWords route={ROUTES.account}><AccountRoute /></WithWords>
    case ROUTES.roastery:
      return <WithWords route={ROUTES.roastery}><RoasteryRoute /></WithWords>
    case ROUTES.deliveryLink:
      return <WithWords route={ROUTES.deliveryLink}><DeliveryLinkRoute /></WithWords>
    default:
      return <WithWords route="404"><NotFoundRoute /></WithWords>
  }
}

function TestApp() {
  const { asPath } = useRouter()
  return (
    <>
      <Layout>
        <ErrorBoundary resetKey={asPath}>
          <div data-testid="rendered-route" data-route={asPath}>
            <CurrentPage />
          </div>
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

/** How long a page test waits for the app (the in-process backend answers in well under this). */
const LOAD = { timeout: 5000 }

/**
 * Renders the sign-in page (with `?next=` when given) and signs `email` in through it, with the code
 * from the backend's outbox; resolves once the app has sent the customer on to `landing`.
 */
export async function signInThroughPage(user: UserEvent, email: string, { next, landing }: { next?: string; landing: string }): Promise<void> {
  renderRoute(next === undefined ? '/sign-in' : `/sign-in?next=${next}`)
  await typeEmailAndCode(user, email)
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: landing }), LOAD)
  await renderedRoute()
}

/** Signs `email` in through the page and opens `/` as that customer; resolves to the card of `plan`. */
export async function plansAsCustomer(user: UserEvent, email: string, plan = 'Barista'): Promise<HTMLElement> {
  await signInThroughPage(user, email, { next: '/', landing: '/' })
  await act(() => mockRouter.push('/'))
  return screen.findByRole('article', { name: plan }, LOAD)
}

/** After choosing `plan` on `card`: the customer is told the confirmation could not open, and may choose again. */
export async function expectConfirmationUnavailable(card: HTMLElement, plan = 'Barista'): Promise<void> {
  expect(await screen.findByText('We couldn’t open the confirmation. Check your connection and try again.', {}, LOAD)).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(within(card).getByRole('button', { name: `Start with ${plan}` })).toBeEnabled()
}

/**
 * On the sign-in page: types `email`, then the code the backend sent it, each with Enter (waiting
 * up to `load` for each step to show).
 */
export async function typeEmailAndCode(user: UserEvent, email: string, load: { timeout: number } = LOAD): Promise<void> {
  await user.type(await screen.findByLabelText('Email address', {}, load), `${email}{Enter}`)
  await user.type(await screen.findByLabelText('Verification code', {}, load), `${await readOtp(email.toLowerCase())}{Enter}`)
}

/** Types `address` into the five address fields inside `container` (a start confirmation, the address section). */
export async function typeDeliveryAddress(user: UserEvent, container: HTMLElement, address: Omit<DeliveryAddress, 'line2'>): Promise<void> {
  const field = (label: string) => within(container).getByLabelText(label)
  await user.type(field('Full name'), address.name)
  await user.type(field('Street and number'), address.line1)
  await user.type(field('Postal code'), address.postalCode)
  await user.type(field('Town or city'), address.city)
  await user.selectOptions(field('Country'), address.country)
}

/**
 * Types a card into the payment fields inside `container` (a start confirmation, /account's
 * "Change"), as a customer types into Stripe's card Element: Visa 4242… unless told otherwise.
 */
export async function typeCard(user: UserEvent, container: HTMLElement, number: string = TEST_CARDS.visa): Promise<void> {
  await user.type(await within(container).findByLabelText('Card number', {}, LOAD), number)
}

/**
 * Resolves once React has rendered the page the router mock is on: the mock's state changes at once, the page it names
 * renders a moment later, and a test that reads the screen in between sees the page it left.
 */
async function renderedRoute(): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('rendered-route')).toHaveAttribute('data-route', mockRouter.asPath), LOAD)
}

/** Opens `route` as a visitor; resolves once the app has sent them to sign in, with `?next=` back to it, and that page shows. */
export async function openAsVisitor(route: string): Promise<void> {
  renderRoute(route)
  await waitFor(() => expect(mockRouter).toMatchObject({ pathname: '/sign-in', query: { next: route } }), LOAD)
  await renderedRoute()
  await screen.findByLabelText('Email address', {}, LOAD)
}
