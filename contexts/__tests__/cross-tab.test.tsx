import { act, waitFor } from '@testing-library/react'
import { renderAppHook, secondTabClient, signInThroughApp, useApp } from '@/test/render'

/** Two provider trees with their own SDK instances, sharing localStorage and BroadcastChannel: two tabs. */
async function openTwoTabs() {
  const { result: tabA } = renderAppHook(useApp)
  await waitFor(() => expect(tabA.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), { timeout: 5000 })
  const { result: tabB } = renderAppHook(useApp, { createClient: secondTabClient })
  await waitFor(() => expect(tabB.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'))
  return [tabA, tabB] as const
}

test('signing in in one tab signs the other tab in; signing out in either tab signs both out', async () => {
  const [tabA, tabB] = await openTwoTabs()

  await signInThroughApp(tabA, 'kim@example.com')
  await waitFor(() => expect(tabB.current.auth).toMatchObject({ isSignedIn: true, email: 'kim@example.com' }))
  await waitFor(() => expect(tabB.current.account.account).toMatchObject({ email: 'kim@example.com' }))

  await act(() => tabB.current.auth.signOut())
  await waitFor(() => expect(tabA.current.auth).toMatchObject({ isSignedIn: false, email: null }))
  await waitFor(() => expect(tabA.current.account).toMatchObject({ account: null, aws: null }))
  expect(tabB.current.auth.isSignedIn).toBe(false)

  // And the other way round: signed in from B, signed out from A.
  await signInThroughApp(tabB, 'lou@example.com')
  await waitFor(() => expect(tabA.current.auth).toMatchObject({ isSignedIn: true, email: 'lou@example.com' }))
  await act(() => tabA.current.auth.signOut())
  await waitFor(() => expect(tabB.current.auth).toMatchObject({ isSignedIn: false, email: null }))
  expect(tabA.current.auth.isSignedIn).toBe(false)
})
