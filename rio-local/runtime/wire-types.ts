/**
 * The core wire types of the local backend: a request and its answer, an extra route, and the
 * state mirror with what it publishes. Fixed up front so the HTTP server, the engine, the Firestore
 * mirror and the Firebase Auth emulation can be built and tested separately.
 */

/** The full state of one cloud-object instance after a change. */
export interface InstanceState {
  public: Record<string, unknown>
  private: Record<string, unknown>
  /** userId -> that user's state */
  user: Record<string, Record<string, unknown>>
  /** identity -> that role's state */
  role: Record<string, Record<string, unknown>>
}

/** What the core hands to the mirror after every state change (method call, INIT, dev endpoint). */
export interface StateChange {
  projectId: string
  classId: string
  instanceId: string
  state: InstanceState
  /**
   * Which committed state this is (storage/mirror-mark.ts): once the mirror wrote it, the mirror
   * journal clears the instance's "not yet mirrored" mark if it is still this state's.
   */
  mark?: string
}

export interface PublishOptions {
  /**
   * Settle once the documents are written or after this many ms, whichever is first (INSTANCE
   * waits so a client's first listener finds its document; it never waits long for a slow emulator).
   */
  settleWithinMs?: number
  /**
   * Write every document even when it holds what was last written there (the emulator was
   * restarted and lost them). Otherwise a document the change left as it was is not written again.
   */
  rewrite?: boolean
}

/**
 * Writes instance state to where live listeners read it (the Cloud Firestore emulator).
 * `publish` must not throw into the request path: failures are logged and retried by the mirror.
 */
export interface StateMirror {
  /**
   * Without `settleWithinMs`, resolves once the change's documents are written (true) or given up
   * (false); a mirror that cannot tell resolves with nothing, taken as written.
   */
  publish(change: StateChange, options?: PublishOptions): Promise<boolean | void>
  /**
   * Resolves once the publishes of one instance that are on their way have landed, or after
   * `withinMs` (INSTANCE waits here before a client subscribes). Optional: without it nothing waits.
   */
  settle?(instance: { projectId: string; classId: string; instanceId: string }, withinMs: number): Promise<void>
  /** Resolves once every pending publish has been written (tests and graceful shutdown). */
  flush(): Promise<void>
  close(): Promise<void>
}

/** A transport-independent HTTP request, so the same core serves node:http and msw in-process. */
export interface BackendRequest {
  method: string
  /** Path plus query string, e.g. `/coffee-local/CALL/Account/sendOtp/abc?_token=...` */
  url: string
  headers: Record<string, string>
  /** Raw body text, if any. */
  body?: string
  /** The address of the TCP peer (the node:http adapter sets it); `context.sourceIP` of calls. */
  remoteAddress?: string
}

export interface BackendResponse {
  status: number
  headers: Record<string, string>
  /** Raw body text (JSON for every route of ours). */
  body: string
}

/**
 * Extra routes mounted before the Retter routes (the Firebase Auth REST emulation).
 * Returns null when the request is not theirs.
 */
export type RouteHandler = (req: BackendRequest) => Promise<BackendResponse | null>

/** A BackendRequest decoded by http/request.ts: what the engine reads of a call. */
export interface ParsedRequest {
  method: string
  /** Decoded path segments, without empty ones. */
  segments: string[]
  query: Record<string, string>
  /** The JSON body (from `data` + `__isbase64`, or the raw body); undefined when there is none. */
  body: unknown
  headers: Record<string, string>
}

/** Query parameters the platform consumes; the rest reach handlers as `queryStringParams`. */
export const RESERVED_QUERY = new Set(['_token', '__culture', '__platform', 'data', '__isbase64'])
