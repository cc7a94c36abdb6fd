/**
 * Local mode: point the Firebase app the SDK will use at the local emulators, and hold each cloud
 * object's calls until its live state is set up (the emulator's race, ./live-gate.ts).
 *
 * SDK 0.4.0 never calls `connectAuthEmulator`/`connectFirestoreEmulator`; it calls
 * `initializeApp(options, projectId)` itself. Firebase returns an existing app when the name and
 * options are equal, so creating that app first (with exactly the SDK's options) and connecting it
 * here makes the SDK reuse an app that talks to the emulators.
 */
import { getApps, initializeApp } from 'firebase/app'
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth'
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore'
import type { RioPublicConfig } from './config'

export { holdCallsUntilLive } from './live-gate'
// The page's "today" follows the local backend's test clock (lib/clock/backend-clock.ts).
export { followBackendClock } from '@/lib/clock/backend-clock'

/**
 * Creates and connects the Firebase app named after the Retter project (once per page life).
 * @throws Error when the config has no emulator settings (not local mode)
 */
export function connectLocalFirebase(config: RioPublicConfig): void {
  const emulators = config.emulators
  if (!emulators) throw new Error('connectLocalFirebase needs the local emulator settings (NEXT_PUBLIC_RIO_LOCAL=1).')
  // A second SDK instance of the same project (tests, or a remount) reuses the connected app:
  // reconnecting Firestore after it started throws.
  if (getApps().some((app) => app.name === config.projectId)) return

  // Same object shape and values as `initFirebase` in @retter/sdk/dist/index.js, or Firebase
  // would throw duplicate-app when the SDK initialises its own.
  const app = initializeApp(
    {
      apiKey: emulators.firebaseApiKey,
      authDomain: emulators.firebaseProjectId + '.firebaseapp.com',
      projectId: emulators.firebaseProjectId,
    },
    config.projectId,
  )
  // getAuth() in the browser adds the popup/redirect resolver, which loads Google's gapi script
  // (apis.google.com) on every page although the app never opens a popup. initializeAuth with
  // getAuth's persistence list and no resolver comes first, so the SDK's own getAuth() reuses it.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] })
  connectAuthEmulator(auth, emulators.authEmulatorUrl, { disableWarnings: true })
  connectFirestoreEmulator(getFirestore(app), emulators.firestoreHost, emulators.firestorePort)
}
