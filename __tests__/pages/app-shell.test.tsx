import { notify } from '@/components/ui/feedback/notify'
import '@/test/intersection-observer'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { AppProps } from 'next/app'
import mockRouter from 'next-router-mock'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import App from '@/pages/_app'
import { storeSession } from '@/test/first-paint'
import { watchRequests } from '@/test/msw/watch-requests'
import { renderApp } from '@/test/render'

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

/** Watches the SDK asking for a token: its first request as it starts. */
const watchTokenRequests = () => watchRequests(/\/INSTANCE\/ProjectUser/)

test('an ordinary page starts the SDK by itself once the page is idle', async () => {
  const tokens = watchTokenRequests()
  try {
    renderShell(Page)
    await waitFor(() => expect(tokens.times).toHaveLength(1), { timeout: 5000 })
  } finally {
    tokens.stop()
  }
})

test('on a page that renders for visitors without the SDK, a visitor\'s SDK starts only when they act', async () => {
  const tokens = watchTokenRequests()
  try {
    const VisitorPage = Object.assign(() => <p>Prerendered plans</p>, { deferSdkStart: true })
    renderShell(VisitorPage)
    // The visitor has the page and the way to sign in at once, without the SDK.
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
    // Well past the moment an ordinary page starts it (the test above), nothing has started it.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(tokens.times).toEqual([])
    fireEvent.click(screen.getByText('Prerendered plans'))
    await waitFor(() => expect(tokens.times).toHaveLength(1), { timeout: 5000 })
  } finally {
    tokens.stop()
  }
})

test('on such a page, a returning customer\'s SDK starts by itself, to restore their session; a visitor\'s waits', async () => {
  // The SDK's creation, seen directly: a client that never arrives keeps the test to that one step.
  const visitorClient = jest.fn(() => new Promise<never>(() => undefined))
  const { unmount } = renderApp(<p>Prerendered plans</p>, { deferSdkStart: true, createClient: visitorClient })
  await act(() => new Promise((resolve) => setTimeout(resolve, 500)))
  expect(visitorClient).not.toHaveBeenCalled()
  unmount()

  storeSession(process.env.NEXT_PUBLIC_RIO_PROJECT_ID ?? '', 'returning-customer')
  const customerClient = jest.fn(() => new Promise<never>(() => undefined))
  renderApp(<p>Prerendered plans</p>, { deferSdkStart: true, createClient: customerClient })
  await waitFor(() => expect(customerClient).toHaveBeenCalledTimes(1))
})
