/**
 * The SDK's types as the app names them, in a module of their own: the client (client.ts), its
 * local wiring (local.ts, live-gate.ts) and the request layer all use them, and a module that only
 * needs a type does not import the client that loads the SDK (nor close a circle through it).
 */
import type Retter from '@retter/sdk'

/** The SDK instance as the request layer uses it. */
export type RioClient = Retter

/**
 * How the request layer (`*-api.ts`) reaches the SDK: one asynchronous accessor per caller, so a
 * request made before the SDK has loaded can wait for it instead of failing, without touching the
 * request functions themselves. Rejects with `Retter SDK not initialized.` when there is none.
 */
export type RioAccessor = () => Promise<RioClient>

export type { RetterCloudObject as RioCloudObject, RetterAuthChangedEvent as RioAuthEvent } from '@retter/sdk'
