/**
 * Two corrections to SDK 0.4.0, installed on an instance between `new Retter()` and `init()`. What
 * they rely on in the SDK (version, private methods, their code) is pinned by
 * lib/rio/__tests__/sdk-shape.test.ts: a different SDK fails that test, not customers.
 * Loaded with the SDK (dynamic import), so neither it nor Firebase is in any page's first-load JS.
 *
 * 1. An outage never signs a customer out. Before every action the SDK gets a token (refreshing it
 *    when due) and signs in to Firebase; when either throws, for any reason, it calls `signOut()`:
 *    it tells the server, wipes the stored tokens and reports SIGNED_OUT. A network error or a 5xx
 *    on the refresh call therefore ended the session for good. Here only a refusal (a 4xx answer,
 *    or a Firebase error other than a network failure) still signs out, which keeps the rule "if
 *    fetching a token fails, the user is signed out" for tokens the server refused. A transient
 *    failure keeps the stored session and rejects just that action with the failure, so the caller
 *    can say "reconnecting" and try again; the next action refreshes as usual.
 *    `init()` binds `getActionWithTokenData` and `processAction` into its action queue, which is
 *    why the guard must be in place before `init()`.
 *    An anonymous (visitor's) token does not sign in to Firebase at all: only customers read live
 *    state, and their sign-in sets Firebase up through the SDK's auth queue.
 * 2. No Google script for a popup the app never opens. The SDK creates its Firebase app and calls
 *    `getAuth()`, which in a browser adds the popup/redirect resolver that loads
 *    `https://apis.google.com/js/api.js`. Just before the SDK's own Firebase set-up, the app of the
 *    same name is created with exactly the options the SDK will pass (taken from the token's
 *    firebase block, the SDK's only source) and Auth is initialised without a resolver; Firebase
 *    then hands both to the SDK.
 */
import { getApps, initializeApp } from 'firebase/app'
import { browserLocalPersistence, browserSessionPersistence, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth'
import { isTransientTokenFailure } from './errors/map'

/** The SDK's token data, as far as these guards read it. */
interface TokenData {
  firebase?: { apiKey: string; projectId: string; customToken: string }
  accessTokenDecoded?: { anonymous?: boolean }
}

/** What flows through the SDK's action queue (`{ action, tokenData }` plus our `tokenError`). */
interface ActionWrapper {
  action: unknown
  tokenData?: TokenData
  /** Set by the guard: getting a token failed transiently; the action fails with this. */
  tokenError?: unknown
}

/** The SDK internals the guards replace or call (private in its .d.ts, plain properties at run time). */
interface SdkInternals {
  clientConfig?: { projectId: string }
  firebase?: unknown
  auth: { getTokenData(): Promise<TokenData | undefined>; getCurrentTokenData(): Promise<TokenData | undefined> }
  initFirebase(wrapper: ActionWrapper): Promise<ActionWrapper>
  clearFirebase(): void
  signOut(): Promise<void>
  getActionWithTokenData(action: unknown): Promise<ActionWrapper>
  processAction(wrapper: ActionWrapper): unknown
}

/**
 * Installs both guards on an SDK instance that has not been initialised yet.
 * @param sdk a `new Retter()` before `init()`
 */
export function guardSdk(sdk: object): void {
  const internals = sdk as SdkInternals

  const initFirebase = internals.initFirebase
  internals.initFirebase = function (this: SdkInternals, wrapper) {
    const block = wrapper.tokenData?.firebase
    const name = this.clientConfig?.projectId
    if (block && name && !this.firebase) prepareFirebaseApp(name, block)
    return initFirebase.call(this, wrapper)
  }

  internals.getActionWithTokenData = async function (this: SdkInternals, action) {
    let tokenData: TokenData | undefined
    try {
      tokenData = await this.auth.getTokenData()
    } catch (error) {
      if (!isTransientTokenFailure(error)) return signedOut(this, action)
      // The stored session stays; its status is reported unchanged and only this action fails.
      return { action, tokenData: await this.auth.getCurrentTokenData(), tokenError: error }
    }
    const wrapper: ActionWrapper = { action, tokenData }
    // A visitor's anonymous session reads no live state: Firebase stays out of its path until a
    // customer's token needs it (the sign-in itself sets Firebase up, through the auth queue).
    if (tokenData?.accessTokenDecoded?.anonymous === true) return wrapper
    try {
      await this.initFirebase(wrapper)
    } catch (error) {
      if (!isTransientTokenFailure(error)) return signedOut(this, action)
      // The SDK keeps its half-made Firebase app and would never sign in to Firebase again.
      this.clearFirebase()
      return { action, tokenData, tokenError: error }
    }
    return wrapper
  }

  const processAction = internals.processAction
  internals.processAction = function (this: SdkInternals, wrapper) {
    if (wrapper.tokenError === undefined) return processAction.call(this, wrapper)
    const { tokenError, ...rest } = wrapper
    // The queue's `mergeMap` takes a promise; its result has the shape of the materialised error
    // notification the SDK's own subscriber turns into `action.reject(responseError)`.
    return Promise.resolve({ kind: 'E', hasValue: false, error: { ...rest, responseError: tokenError } })
  }
}

/** The SDK's own reaction to a refused token: sign out, then carry on without a token. */
async function signedOut(sdk: SdkInternals, action: unknown): Promise<ActionWrapper> {
  await sdk.signOut()
  return { action }
}

/**
 * Creates the Firebase app the SDK is about to create, with its exact options, and its Auth
 * without the popup/redirect resolver (getAuth's persistence list). A no-op when the app exists
 * (local mode connects it to the emulators first, in ./local).
 */
export function prepareFirebaseApp(name: string, block: { apiKey: string; projectId: string }): void {
  if (getApps().some((app) => app.name === name)) return
  // Same object shape and values as `initFirebase` in @retter/sdk/dist/index.js, or Firebase would
  // throw duplicate-app when the SDK initialises its own.
  const app = initializeApp({ apiKey: block.apiKey, authDomain: block.projectId + '.firebaseapp.com', projectId: block.projectId }, name)
  initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] })
}
