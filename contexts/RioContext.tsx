import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { readRioConfig } from '@/lib/rio/config'
import { loadRio, type RioAccessor, type RioClient } from '@/lib/rio/client'
import { sdkNotInitializedError, toAppError } from '@/lib/rio/errors'
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
}

async function defaultClient(): Promise<{ client: RioClient; projectId: string }> {
  const config = readRioConfig(undefined, window.location.host)
  return { client: await loadRio(config), projectId: config.projectId }
}

/** Creates the page's one SDK instance after first paint and shares it with the other providers. */
export function RioProvider({ children, createClient }: RioProviderProps) {
  const [state, setState] = useState<{ client: RioClient | null; projectId: string | null; error: AppError | null }>(
    { client: null, projectId: null, error: null },
  )
  const [create] = useState(() => createClient ?? defaultClient)

  useEffect(() => {
    let alive = true
    // Runs in an effect, so the server render and the first paint never wait for the SDK.
    create().then(
      ({ client, projectId }) => { if (alive) setState({ client, projectId, error: null }) },
      (error: unknown) => { if (alive) setState({ client: null, projectId: null, error: toAppError(error) }) },
    )
    return () => { alive = false }
  }, [create])

  // Today a request before the SDK has loaded fails with the spec's message; this is the one place
  // to change if such requests should wait for the SDK instead.
  const client = state.client
  const rio = useCallback<RioAccessor>(
    () => (client ? Promise.resolve(client) : Promise.reject(sdkNotInitializedError())),
    [client],
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
