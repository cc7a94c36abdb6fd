import { notify } from '@/components/ui/feedback/notify'
import '@/test/intersection-observer'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import type { AppProps } from 'next/app'
import mockRouter from 'next-router-mock'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { VISITOR_SDK_DELAY_MS } from '@/lib/rio/client'
import App from '@/pages/_app'
import { server } from '@/test/msw/server'

type ShellRouter = AppProps['router']

function renderShell(Component: AppProps['Component']) {
  mockRouter.setCurrentUrl('/')
  // The pages router hands _app its router; the memory router stands in for it here.
  const router = mockRouter as unknown as ShellRouter
  return render(<App Component={Component} pageProps={{}} router={router} />, { wrapper: MemoryRouterProvider })
}

function Page() {
  return <p>Page body</p>
}

function CrashingPage(): never {
  throw new Error('render failed')
}

test('wraps the page in the layout with the brand and navigation, and shows toasts as alerts', async () => {
  renderShell(Page)
  expect(screen.getByText('Page body')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Bean & Bloom home' })).toHaveAttribute('href', '/')
  const nav = screen.getByRole('navigation', { name: 'Main' })
  expect(within(nav).getByRole('link', { name: 'Plans' })).toHaveAttribute('aria-current', 'page')
  // Visitors (no stored session) are offered sign-in.
  expect(await within(nav).findByRole('link', { name: 'Sign in' }, { timeout: 5000 })).toHaveAttribute('href', '/sign-in')

  act(() => {
    notify.info('Hello from the shell')
  })
  expect(await screen.findByRole('alert')).toHaveTextContent('Hello from the shell')
})

test('a page that crashes while rendering shows the fallback inside the layout', async () => {
  // React reports the caught render error on the console; expected here.
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
  renderShell(CrashingPage)
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong')
  const nav = screen.getByRole('navigation', { name: 'Main' })
  // The providers keep working around the broken page.
  expect(await within(nav).findByRole('link', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument()
  jest.restoreAllMocks()
})

test('on a page that renders for visitors without the SDK, a visitor\'s SDK starts only after VISITOR_SDK_DELAY_MS', async () => {
  const tokenRequests: number[] = []
  const started = Date.now()
  const onRequest = ({ request }: { request: Request }) => {
    if (/\/INSTANCE\/ProjectUser/.test(new URL(request.url).pathname)) tokenRequests.push(Date.now() - started)
  }
  server.events.on('request:start', onRequest)
  try {
    const VisitorPage = Object.assign(() => <p>Prerendered plans</p>, { deferSdkStart: true })
    renderShell(VisitorPage)
    // The visitor has the page and the way to sign in at once, without the SDK.
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
    await waitFor(() => expect(tokenRequests).toHaveLength(1), { timeout: VISITOR_SDK_DELAY_MS + 3000 })
    expect(tokenRequests[0]).toBeGreaterThanOrEqual(VISITOR_SDK_DELAY_MS)
  } finally {
    server.events.removeListener('request:start', onRequest)
  }
}, VISITOR_SDK_DELAY_MS + 5000)
