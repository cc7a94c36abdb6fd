/**
 * One render helper wrapping the real providers (CONVENTIONS.md rule 4), the app's toast outlet and
 * the router mock, plus the helpers tests use to sign in through the real flow.
 */
import { act, render, renderHook, type RenderOptions } from '@testing-library/react'
import mockRouter from 'next-router-mock'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import type { ReactElement, ReactNode } from 'react'
import { AppToastContainer } from '@/components/feedback/AppToastContainer'
import { AppProviders } from '@/contexts/AppProviders'
import type { RioProviderProps } from '@/contexts/RioContext'

export { readOtp, resetBackend } from './backend'
export { emitSnapshot, openListenerCount, silenceSnapshots } from './live-state-double'

export interface AppRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router mock starts at (default `/`). */
  route?: string
  /** A client other than the page singleton (a second "tab"). */
  createClient?: RioProviderProps['createClient']
}

function wrapperFor(createClient?: RioProviderProps['createClient']) {
  return function AppWrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouterProvider>
        <AppProviders createClient={createClient}>
          {children}
          <AppToastContainer />
        </AppProviders>
      </MemoryRouterProvider>
    )
  }
}

/** Renders UI inside the app's real provider tree. */
export function renderApp(ui: ReactElement, { route = '/', createClient, ...options }: AppRenderOptions = {}) {
  // act: a tree rendered earlier in the test (a second "tab") re-renders on the route change.
  act(() => mockRouter.setCurrentUrl(route))
  return render(ui, { wrapper: wrapperFor(createClient), ...options })
}

/** Renders a hook inside the app's real provider tree. */
export function renderAppHook<T>(hook: () => T, { route = '/', createClient }: Omit<AppRenderOptions, keyof RenderOptions> = {}) {
  act(() => mockRouter.setCurrentUrl(route))
  return renderHook(hook, { wrapper: wrapperFor(createClient) })
}

/** What the sign-in helper needs from a rendered hook. */
interface SignInHarness {
  current: { auth: { sendOtp(email: string): Promise<unknown>; verifyOtp(code: string): Promise<void>; isSignedIn: boolean } }
}

/** Signs in through the real flow: sendOtp, the code from the backend's outbox, verifyOtp. */
export async function signInThroughApp(result: SignInHarness, email: string): Promise<void> {
  const { act, waitFor } = await import('@testing-library/react')
  const { readOtp } = await import('./backend')
  await act(() => result.current.auth.sendOtp(email).then(() => undefined))
  const code = await readOtp(email.trim().toLowerCase())
  await act(() => result.current.auth.verifyOtp(code))
  await waitFor(() => expect(result.current.auth.isSignedIn).toBe(true))
}
