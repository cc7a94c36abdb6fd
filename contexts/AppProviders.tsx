import type { ReactNode } from 'react'
import { AccountProvider } from './AccountContext'
import { AuthProvider } from '@/contexts/AuthContext'
import { RioProvider, type RioProviderProps } from '@/contexts/RioContext'

/** The one composition of providers, used by `_app.tsx` and by the test render helper. */
export function AppProviders({ children, createClient, deferSdkStart }: {
  children: ReactNode
  createClient?: RioProviderProps['createClient']
  /** See RioProvider's `deferStart`: the current page renders for visitors without the SDK. */
  deferSdkStart?: boolean
}) {
  return (
    <RioProvider createClient={createClient} deferStart={deferSdkStart}>
      <AuthProvider>
        <AccountProvider>{children}</AccountProvider>
      </AuthProvider>
    </RioProvider>
  )
}
