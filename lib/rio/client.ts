/**
 * The one Retter SDK instance of the page.
 *
 * The SDK (and Firebase, which it pulls in) is loaded with a dynamic `import()` so the shell's
 * first paint never waits for them.
 */
import { BUSY_RETRY } from './busy-retry'
import type { RioClient } from './client-types'
import type { RioPublicConfig } from './config'
import { currentPage, pageCulture } from './page-culture'

// The types live in ./client-types (live-gate.ts needs them without this module); named here too for its callers.
export type { RioAccessor, RioAuthEvent, RioClient, RioCloudObject } from './client-types'

let pending: Promise<RioClient> | null = null
let ready: RioClient | null = null

/**
 * Creates a new SDK instance for the config. Prefer `initRio`/`loadRio`; this exists for a second,
 * independent client (a second "tab" in tests).
 */
export async function createRioClient(config: RioPublicConfig): Promise<RioClient> {
  const local = config.local ? await import('./local') : null
  local?.connectLocalFirebase(config)
  // Locally, the backend's test clock is read while the SDK loads: the page decides "today" by it
  // before any account or board arrives (lib/clock). On Retter the page keeps the browser's time.
  const [sdk, { guardSdk }] = await Promise.all([import('@retter/sdk'), import('./sdk-guards'), local?.followBackendClock(config)])
  // `Retter.getInstance` would hand back a cached instance per project id for the life of the
  // module; constructing directly keeps "one instance" our decision (initRio) and lets tests build
  // a second, independent client. The constructor is private only in the .d.ts.
  const RetterCtor = sdk.default as unknown as new () => RioClient & { init(config: object): void }
  const client = new RetterCtor()
  // Before init(): it binds the methods the guards replace (see ./sdk-guards).
  guardSdk(client)
  // Before any object is opened: the Firestore emulator's race (./live-gate.ts), local mode only.
  local?.holdCallsUntilLive(client)
  client.init({
    projectId: config.projectId,
    region: sdk.RetterRegion[config.region],
    url: config.url,
    // The page's language, read once as the SDK starts (NEXT_PUBLIC_RIO_CULTURE when the page names none).
    culture: pageCulture(config.culture, currentPage()),
    // A busy account (570) is tried again on the specification's schedule (./busy-retry).
    retryConfig: { ...BUSY_RETRY },
  })
  return client
}

/**
 * Creates the page's SDK instance.
 * @throws Error `SDK already initialized.` when called a second time
 */
export function initRio(config: RioPublicConfig): Promise<RioClient> {
  if (pending) throw new Error('SDK already initialized.')
  const created = createRioClient(config).then((client) => {
    // Unless forgotten meanwhile (resetRioForTests): an instance made for a test that has ended
    // must not become the next test's.
    if (pending === created) ready = client
    return client
  })
  pending = created
  // A failed load (e.g. the chunk did not arrive) may be retried by a later call.
  created.catch(() => {
    if (pending === created) pending = null
  })
  return created
}

/** The page's instance, creating it on first use (idempotent; StrictMode runs effects twice). */
export function loadRio(config: RioPublicConfig): Promise<RioClient> {
  return pending ?? initRio(config)
}

/**
 * The page's SDK instance.
 * @throws Error `Retter SDK not initialized.` before `initRio` has finished
 */
export function getRio(): RioClient {
  if (!ready) throw new Error('Retter SDK not initialized.')
  return ready
}

/** Forgets the page's instance. Tests only: a page never needs a second instance. */
export function resetRioForTests(): void {
  pending = null
  ready = null
}

/**
 * Makes this tab's SDK take over the session another tab stored in localStorage: drops this tab's
 * cloud objects and Firebase session (SDK internals: `clearCloudObjects` is protected in the
 * .d.ts), then runs an empty action, which reads the stored token and fires the new auth status.
 */
export async function adoptStoredSession(client: RioClient): Promise<void> {
  await (client as unknown as { clearCloudObjects(): Promise<void> }).clearCloudObjects()
  await client.signInAnonymously()
}

/**
 * Settles `promise`, or rejects as soon as the SDK throws a Firebase error out of its RxJS pipe.
 *
 * SDK 0.4.0 signs in to Firebase inside an RxJS operator with no error handler: a failure there
 * becomes an uncaught exception (a window `error` event) and the sign-in promise never settles.
 * Watching for that event while a sign-in is pending turns it into a prompt, specific rejection.
 */
export function rejectOnSdkFirebaseError<T>(promise: Promise<T>, toError: (error: unknown) => Error): Promise<T> {
  if (typeof window === 'undefined') return promise
  return new Promise<T>((resolve, reject) => {
    const onError = (event: ErrorEvent) => {
      const error: unknown = event.error
      if (!(error instanceof Error) || error.name !== 'FirebaseError') return
      // Handled here: the customer gets a message instead of a silent console error.
      event.preventDefault()
      window.removeEventListener('error', onError)
      reject(toError(error))
    }
    window.addEventListener('error', onError)
    promise.then(
      (value) => { window.removeEventListener('error', onError); resolve(value) },
      (error: unknown) => { window.removeEventListener('error', onError); reject(error) },
    )
  })
}
