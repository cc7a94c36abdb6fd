/**
 * One render helper wrapping the real providers (the same AppProviders as _app.tsx), the app's toast outlet and
 * the router mock, plus the helpers tests use to sign in through the real flow.
 */
import { act, render, renderHook, type RenderOptions } from '@testing-library/react'
import mockRouter from 'next-router-mock'
import { MemoryRouterProvider } from 'next-router-mock/MemoryRouterProvider'
import { StrictMode, type ReactElement, type ReactNode } from 'react'
import { AppToastContainer } from '@/components/ui/feedback/AppToastContainer'
import { useAccount } from '@/contexts/AccountContext'
import { AppProviders } from '@/contexts/AppProviders'
import { useAuth } from '@/contexts/AuthContext'
import type { RioProviderProps } from '@/contexts/RioContext'
import { createRioClient } from '@/lib/rio/client'
import { readRioConfig } from '@/lib/rio/config'

export { readOtp, resetBackend } from './backend'
export { emitSnapshot, openListenerCount, silenceSnapshots } from './live-state-double'

export interface AppRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router mock starts at (default `/`). */
  route?: string
  /** A client other than the page singleton (a second "tab"). */
  createClient?: RioProviderProps['createClient']
  /** Renders under React's StrictMode, which runs effects twice as development builds do. */
  strict?: boolean
  /** As a page marked `deferSdkStart` (`/`, `/sign-in`): a visitor's SDK waits for them to act. */
  deferSdkStart?: boolean
}

function wrapperFor(createClient?: RioProviderProps['createClient'], strict = false, deferSdkStart = false) {
  return function AppWrapper({ children }: { children: ReactNode }) {
    const tree = (
      <MemoryRouterProvider>
        <AppProviders createClient={createClient} deferSdkStart={deferSdkStart}>
          {children}
          <AppToastContainer />
        </AppProviders>
      </MemoryRouterProvider>
    )
    return strict ? <StrictMode>{tree}</StrictMode> : tree
  }
}

/** Renders UI inside the app's real provider tree. */
export function renderApp(ui: ReactElement, { route = '/', createClient, strict, deferSdkStart, ...options }: AppRenderOptions = {}) {
  // act: a tree rendered earlier in the test (a second "tab") re-renders on the route change.
  act(() => mockRouter.setCurrentUrl(route))
  return render(ui, { wrapper: wrapperFor(createClient, strict, deferSdkStart), ...options })
}

/** Renders a hook inside the app's real provider tree. */
export function renderAppHook<T>(hook: () => T, { route = '/', createClient, strict }: Omit<AppRenderOptions, keyof RenderOptions> = {}) {
  act(() => mockRouter.setCurrentUrl(route))
  return renderHook(hook, { wrapper: wrapperFor(createClient, strict) })
}

/** The auth and account values together, as the context tests read them. */
export function useApp() {
  return { auth: useAuth(), account: useAccount() }
}

/**
 * A client for a second provider tree: its own SDK instance, sharing localStorage and
 * BroadcastChannel with the page's, as a second browser tab does.
 */
export const secondTabClient: NonNullable<RioProviderProps['createClient']> = async () => {
  const config = readRioConfig(undefined, window.location.host)
  return { client: await createRioClient(config), projectId: config.projectId }
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
