import { act, waitFor } from '@testing-library/react'
import { useAccount } from '@/contexts/AccountContext'
import { useAuth } from '@/contexts/AuthContext'
import { createRioClient } from '@/lib/rio/client'
import { readRioConfig } from '@/lib/rio/config'
import { renderAppHook, signInThroughApp } from '@/test/render'

const useApp = () => ({ auth: useAuth(), account: useAccount() })

/** Two provider trees with their own SDK instances, sharing localStorage and BroadcastChannel: two tabs. */
async function openTwoTabs() {
  const { result: tabA } = renderAppHook(useApp)
  await waitFor(() => expect(tabA.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), { timeout: 5000 })
  const config = readRioConfig(undefined, window.location.host)
  const { result: tabB } = renderAppHook(useApp, {
    createClient: async () => ({ client: await createRioClient(config), projectId: config.projectId }),
  })
  await waitFor(() => expect(tabB.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'))
  return [tabA, tabB] as const
}

test('signing in in one tab signs the other tab in; signing out in either signs both out', async () => {
  const [tabA, tabB] = await openTwoTabs()

  await signInThroughApp(tabA, 'kim@example.com')
  await waitFor(() => expect(tabB.current.auth).toMatchObject({ isSignedIn: true, email: 'kim@example.com' }))
  await waitFor(() => expect(tabB.current.account.account).toMatchObject({ email: 'kim@example.com' }))

  await act(() => tabB.current.auth.signOut())
  await waitFor(() => expect(tabA.current.auth).toMatchObject({ isSignedIn: false, email: null }))
  await waitFor(() => expect(tabA.current.account).toMatchObject({ account: null, aws: null }))
  expect(tabB.current.auth.isSignedIn).toBe(false)
})
