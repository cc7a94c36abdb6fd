/**
 * Firebase Auth's `getAuth()` adds the popup/redirect resolver in a browser, which loads Google's
 * `apis.google.com/js/api.js` on every page. The app never opens a popup: in cloud mode (no
 * emulators) lib/rio/sdk-guards creates the SDK's Firebase app and Auth first, without it.
 */
import { DEFAULT_FIREBASE } from '@/rio-local/app'
import { openChallenge, sendCode, verifyCode } from '@/lib/rio/sign-in-api'
import { createRioClient } from '@/lib/rio/client'
import { readRioConfig } from '@/lib/rio/config'
import { readOtp } from '@/test/backend'

// jest resolves firebase/auth to its Node build, which never adds the resolver; the browser build
// (what the app ships) does, so it stands in here for the SDK's require and ours alike.
jest.mock('firebase/auth', () => jest.requireActual('../../../node_modules/@firebase/auth/dist/browser-cjs/index.js'))

type AuthInternals = { _popupRedirectResolver: unknown }

test('cloud mode: a customer\'s sign-in; the SDK reuses a Firebase app made with its exact options and an Auth without the popup resolver', async () => {
  // Imported here, after msw is listening, so Firebase's fetch is the one msw answers.
  const { getApp, getApps, initializeApp } = await import('firebase/app')
  const { getAuth } = await import('firebase/auth')
  const client = await createRioClient(readRioConfig({ NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee-local' }))

  // A visitor's anonymous session leaves Firebase alone; a customer's sign-in sets it up.
  await expect(client.signInAnonymously()).resolves.toMatchObject({ authStatus: 'SIGNED_IN_ANONYM' })
  expect(getApps().map((app) => app.name)).not.toContain('coffee-local')
  const rio = () => Promise.resolve(client)
  const challenge = await openChallenge(rio, 'cloud@example.com')
  await sendCode(challenge)
  await verifyCode(rio, challenge, await readOtp('cloud@example.com'))

  const app = getApp('coffee-local')
  expect(app.options).toEqual({
    apiKey: DEFAULT_FIREBASE.apiKey,
    authDomain: `${DEFAULT_FIREBASE.projectId}.firebaseapp.com`,
    projectId: DEFAULT_FIREBASE.projectId,
  })
  const sdkAuth = (client as unknown as { firebaseAuth?: unknown }).firebaseAuth
  expect(sdkAuth).toBe(getAuth(app))
  expect((sdkAuth as AuthInternals)._popupRedirectResolver).toBeNull()
  expect(document.querySelector('script[src*="apis.google.com"]')).toBeNull()

  // What the SDK would have got on its own: getAuth() of a fresh app carries the resolver.
  const plain = getAuth(initializeApp({ apiKey: 'k', projectId: 'p' }, 'unguarded')) as unknown as AuthInternals
  expect(plain._popupRedirectResolver).not.toBeNull()
})
