import type { ReactNode } from 'react'
import { AccountProvider } from './AccountContext'
import { AuthProvider } from './AuthContext'
import { RioProvider, type RioProviderProps } from './RioContext'

/** The one composition of providers, used by `_app.tsx` and by the test render helper. */
export function AppProviders({ children, createClient }: { children: ReactNode; createClient?: RioProviderProps['createClient'] }) {
  return (
    <RioProvider createClient={createClient}>
      <AuthProvider>
        <AccountProvider>{children}</AccountProvider>
      </AuthProvider>
    </RioProvider>
  )
}
