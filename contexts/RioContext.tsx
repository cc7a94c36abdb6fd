import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { sdkNotInitializedError } from '@/lib/rio/errors/app-error'
import { toAppErrorLater } from '@/lib/rio/errors/map-later'
import type { RioAccessor, RioClient } from '@/lib/rio/client'
import { whenIdle, whenVisitorActs } from '@/lib/rio/idle'
import { hasStoredSignIn, tokenStorageKey } from '@/lib/rio/stored-session'
import type { AppError } from '@/lib/types'
import type { RioContextValue } from './types'

const RioContext = createContext<RioContextValue | undefined>(undefined)
RioContext.displayName = 'RioContext'

export interface RioProviderProps {
  children: ReactNode
  /**
   * Supplies the client instead of the page's singleton (a second, independent "tab" in tests).
   * Read once at mount.
   */
  createClient?: () => Promise<{ client: RioClient; projectId: string }>
  /**
   * The page shows what a visitor needs without the SDK (prerendered plans, the sign-in form):
   * for a visitor (no customer session stored) the SDK then starts when they first act on the page
   * (`whenVisitorActs`) instead of once the page is idle after load. A request still starts it at once.
   */
  deferStart?: boolean
}

async function defaultClient(): Promise<{ client: RioClient; projectId: string }> {
  // Read when the SDK starts, not with the page: its checks, messages and loader are not first-load JS.
  const { startRio } = await import('@/lib/rio/start')
  return startRio(window.location.host)
}

/**
 * Creates the page's one SDK instance once the page is idle after first paint (on a `deferStart`
 * page, a visitor's when they first act), or at once when a request needs it earlier, and shares it
 * with the other providers.
 */
export function RioProvider({ children, createClient, deferStart = false }: RioProviderProps) {
  const [state, setState] = useState<{ client: RioClient | null; projectId: string | null; error: AppError | null }>(
    { client: null, projectId: null, error: null },
  )
  const [create] = useState(() => createClient ?? defaultClient)
  // One start per provider, shared by the idle callback and early requests (StrictMode keeps refs).
  const started = useRef<Promise<RioClient> | null>(null)

  const start = useCallback((): Promise<RioClient> => {
    // The session's and the account's request layers come with the SDK (lib/rio/start.ts): the
    // other providers need them as soon as there is a client.
    started.current ??= Promise.all([create(), import('@/lib/rio/start')]).then(
      ([{ client, projectId }]) => {
        setState({ client, projectId, error: null })
        return client
      },
      (error: unknown) => {
        void toAppErrorLater(error).then((appError) => setState({ client: null, projectId: null, error: appError }))
        throw error
      },
    )
    return started.current
  }, [create])

  useEffect(() => {
    // Never during the server render or the first paint: the SDK and Firebase are most of the
    // page's script work, and a visitor reading prerendered plans does not need them until they act.
    const run = () => { start().catch(() => undefined) }
    if (!deferStart || hasStoredSignIn()) return whenIdle(run)
    return whenVisitorActs(run, tokenStorageKey(process.env.NEXT_PUBLIC_RIO_PROJECT_ID?.trim() ?? ''))
  }, [start, deferStart])

  // A request made before the SDK is ready starts it now and waits for it (a sign-in submitted at
  // first paint). When it could not be created, the request fails with
  // "Retter SDK not initialized." (sdkNotInitializedError).
  const client = state.client
  const rio = useCallback<RioAccessor>(
    () => (client ? Promise.resolve(client) : start().catch(() => { throw sdkNotInitializedError() })),
    [client, start],
  )

  const value = useMemo<RioContextValue>(() => ({
    client,
    rio,
    projectId: state.projectId,
    error: state.error,
    status: state.client ? 'ready' : state.error ? 'error' : 'loading',
  }), [state, client, rio])

  return <RioContext.Provider value={value}>{children}</RioContext.Provider>
}

/** The SDK instance and its loading status. Throws outside a RioProvider. */
export function useRio(): RioContextValue {
  const context = useContext(RioContext)
  if (context === undefined) throw new Error('useRio must be used within a RioProvider')
  return context
}
