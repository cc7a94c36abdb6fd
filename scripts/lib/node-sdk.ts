/**
 * The real @retter/sdk 0.4.0 in Node, wired as the browser app wires it in local mode (lib/rio/client.ts):
 * the app's SDK guards installed before `init()`, calls held until their object's live state is set
 * up (lib/rio/live-gate.ts), and the Firebase app the SDK will create made first
 * and connected to the runtime's Firebase Auth routes and to the Firestore emulator. Only for the
 * benchmark scripts: the SDK always speaks https, so its URL builder is pointed at plain http here.
 */
import Retter from '@retter/sdk'
import Request from '@retter/sdk/dist/Request'
import { deleteApp, getApps, initializeApp } from 'firebase/app'
import { connectAuthEmulator, getAuth } from 'firebase/auth'
import { connectFirestoreEmulator, getFirestore, terminate } from 'firebase/firestore'
import { BUSY_RETRY } from '../../lib/rio/busy-retry'
import { holdCallsUntilLive } from '../../lib/rio/live-gate'
import { guardSdk } from '../../lib/rio/sdk-guards'
import type { RioClient } from '../../lib/rio/client'

// The SDK's request URL as https://{url}/{projectId}/{path}; `url` is `127.0.0.1:<port>` here.
;(Request.prototype as unknown as { buildUrl: (projectId: string, path: string) => string }).buildUrl = function (
  this: { url?: string },
  projectId: string,
  path: string,
) {
  return `http://${this.url}/${projectId}/${path.replace(/^\//, '')}`
}

export interface NodeSdkOptions {
  /** The Retter project id the runtime serves. */
  projectId: string
  /** `127.0.0.1:<port>` of the runtime. */
  backendHost: string
  /** `host:port` of the Firestore emulator. */
  firestoreHost: string
  /** The runtime's firebase block (RIO_FIREBASE_API_KEY, RIO_FIREBASE_PROJECT_ID). */
  firebase: { apiKey: string; projectId: string }
}

/** A fresh SDK instance; `dispose` signs it out and deletes its Firebase app (no socket stays open). */
export function createNodeSdk(options: NodeSdkOptions): { client: RioClient; dispose(): Promise<void> } {
  const { projectId, firebase } = options
  if (getApps().some((app) => app.name === projectId)) throw new Error(`A Firebase app named ${projectId} is still open`)
  // Same name and options as the SDK's own initializeApp, so the SDK reuses this connected app.
  const app = initializeApp({ apiKey: firebase.apiKey, authDomain: `${firebase.projectId}.firebaseapp.com`, projectId: firebase.projectId }, projectId)
  connectAuthEmulator(getAuth(app), `http://${options.backendHost}`, { disableWarnings: true })
  const [host, port] = options.firestoreHost.split(':')
  connectFirestoreEmulator(getFirestore(app), host as string, Number(port))
  // As lib/rio/client.ts: constructed directly (getInstance caches per project), guards before init.
  const RetterCtor = Retter as unknown as new () => RioClient & { init(config: object): void }
  const client = new RetterCtor()
  guardSdk(client)
  holdCallsUntilLive(client)
  // As the page's SDK: a busy account (570) is tried again on the specification's schedule.
  client.init({ projectId, url: options.backendHost, culture: 'en-us', retryConfig: { ...BUSY_RETRY } })
  return {
    client,
    async dispose() {
      await client.signOut().catch(() => undefined)
      await terminate(getFirestore(app))
      await deleteApp(app)
    },
  }
}
