/**
 * The transport-independent core of the local Retter runtime.
 *
 * `createBackend` loads a Retter v1 project folder and returns a `handle(request) -> response`
 * function used by node:http (rio-local/runtime/http/server.ts) and in-process by the web app's msw handlers.
 * The memory path must stay free of native modules, so SQLite is loaded lazily, only for disk storage.
 */
import { randomBytes } from 'node:crypto'
import { secretWeakness, STRONG_SECRET_ADVICE } from './auth/secret-strength'
import { DEFAULT_GATED_IDENTITIES, DEFAULT_MEMBER_LISTS, claimedEmail, stillEntitled, type GatedIdentities, type ListedInState, type MemberList, type MemberLists } from './auth/identity-gate'
import { endedBySessionEpoch } from './auth/session-epoch'
import { createTokenService, type Caller, type TokenService } from './auth/tokens'
import type { MemberRecords } from './firestore/members'
import { remirrorAll } from './firestore/remirror'
import { createFirebaseAuthRoutes } from './firebase-auth/routes'
import { silentLogger, type Logger } from './logger'
import { signInCodeOf } from './mail/sign-in-code'
import { attachOutbox, type ReceivedMail } from './mail/smtp-receiver'
import { resolve as resolvePath } from 'node:path'
import { DEFAULT_PROJECT_DIR, loadProject, type LoadedProject } from './project/load'
import { createRuntimeClock, shiftProcessDate, type RuntimeClock } from './runtime/engine/clock'
import { CLOCK_READ_SEGMENT, handleClockRead, handleDev } from './runtime/http/dev-routes'
import { isDevPath } from './runtime/http/dev-path'
import { MIN_INBOX_KEY_LENGTH, newInboxKey, serveInbox } from './runtime/http/inbox'
import { journaledMirror, reconcileMirror } from './runtime/engine/mirror-journal'
import { createEngine, type CloudCall, type Engine } from './runtime/engine/engine'
import { HttpError, errorResponse, json } from './runtime/responses'
import { settledWithin } from './runtime/settled'
import type { BackendRequest, BackendResponse, RouteHandler, StateMirror } from './runtime/wire-types'
import { normaliseTarget, parseRequest } from './runtime/http/request'
import { handleSession } from './runtime/engine/session'
import { createClockMover } from './runtime/engine/tasks/advance'
import type { TaskRunResult } from './runtime/engine/tasks/runner'
import type { ScheduledRun } from './runtime/engine/tasks/scheduler'
import { createMemoryStorage } from './storage/memory'
import type { DevOutboxMessage, Storage } from './storage/types'

export interface BackendOptions {
  /** The one project served (default `coffee-local`). */
  projectId?: string
  /** `memory` for tests; `{dir}` for SQLite in that folder. */
  storage: 'memory' | { dir: string }
  /** HS256 secret; default: random per process (memory) or generated once into `<dir>/jwt-secret`. */
  secret?: string
  /** Serves `/__dev/*` (outbox, inbox page, state merges, delayed calls). */
  dev?: boolean
  /** Where state changes are published (the Firestore emulator); none by default. */
  mirror?: StateMirror | null
  /**
   * The member records the Firestore rules check before serving a gated identity's documents
   * (rio-local/firestore/members.ts); kept with every session issued and reconciled at start.
   */
  members?: MemberRecords | null
  /** Identities kept only while their e-mail is listed in an env variable (default: staff / STAFF_EMAILS). */
  gatedIdentities?: GatedIdentities
  /** Where the project's own state also lists a gated identity's members (default: the Shop's `members`). */
  memberLists?: MemberLists
  /** Routes tried before ours. */
  extraRoutes?: RouteHandler[]
  /** Serve the Firebase Auth REST emulation (custom-token sign-in for live state) with our secret. */
  firebaseAuth?: boolean
  accessTokenTtlSeconds?: number
  refreshTokenTtlSeconds?: number
  /** The firebase block of TokenData. */
  firebase?: { apiKey: string; projectId: string }
  /**
   * The wall clock, epoch milliseconds (default `Date.now`; tests move time with it). Business time
   * is this plus the test clock's offset (runtime/engine/clock.ts); sessions stay on this one.
   */
  now?: () => number
  /**
   * Dev mode only: this process's global `Date` reads the backend's business time while it runs, so
   * class code's `Date.now()` / `new Date()` follow the test clock and `POST /__dev/clock` may move
   * it (rio-local/main.ts with RIO_LOCAL_DEV=1). One backend per process may have it. Default false:
   * the test clock stands still (`POST /__dev/clock` answers 409).
   */
  shiftProcessDate?: boolean
  /**
   * Compile every model before serving, so a model ajv refuses stops the start (the runtime a
   * developer starts). Otherwise each is compiled when a call first uses it: a test's runtime
   * skips the ones it never needs.
   */
  compileModelsAtStart?: boolean
  logger?: Logger
  /** Log each OTP e-mail with its code (a developer's terminal). */
  printOtpToTerminal?: boolean
  /** The Retter v1 project folder to run (default: RIO_LOCAL_PROJECT_DIR, else this repo's `retter/`). */
  projectDir?: string
  /**
   * The project environment class code reads from process.env (Retter's console settings).
   * Merged over process.env; SMTP_URL always points at this runtime's SMTP receiver. The runtime
   * adds no project's settings of its own.
   */
  projectEnv?: Record<string, string>
  /** Port of an SMTP receiver of its own (default: the process's shared receiver, on any free port). */
  smtpPort?: number
  /** Send class code's e-mail to this SMTP server instead of the receiver (fault runs; the inbox stays empty). */
  smtpUrl?: string
  /**
   * Run delayed calls (`data.tasks`) and scheduled STATIC methods on timers (default true). False:
   * only through `runDueTasks` / `runDueSchedules` / `POST /__dev/tasks/run` (tests that move `now`).
   */
  timers?: boolean
  /**
   * How many instances' delayed calls run at once (default 16, RIO_LOCAL_TASK_CONCURRENCY): one
   * instance's run one at a time and in order, as on Retter, which serialises per instance only.
   */
  taskConcurrency?: number
  /** The key of the dev inbox page (`/__dev/inbox?key=…`, dev mode only); default: random per process. */
  inboxKey?: string
}

export interface Backend {
  handle(req: BackendRequest): Promise<BackendResponse>
  /** Waits for pending mirror writes and closes storage (the mirror itself belongs to the caller). */
  close(): Promise<void>
  secret: string
  projectId: string
  /** The project folder being run. */
  projectDir: string
  /** Runs the delayed calls due now (on the `now` clock), in due order. */
  runDueTasks(): Promise<TaskRunResult[]>
  /** Calls the scheduled STATIC methods whose time has come (on the `now` clock). */
  runDueSchedules(): Promise<ScheduledRun[]>
  /** Resolves once every accepted QUEUED_WRITE call has run (they run in the background, in order). */
  queuesIdle(): Promise<void>
  /**
   * Writes every instance's live documents again (after the Firestore emulator restarted:
   * rio-local/firestore/watchdog.ts); nothing to do without live state.
   */
  remirror(): Promise<{ mirrored: number; failed: number }>
  /** `/__dev/inbox?key=…` with dev endpoints on; null without. Print it only in dev mode. */
  inboxPath: string | null
  /** The runtime's clock: business time (`now`) and the wall clock sessions live on. */
  clock: RuntimeClock
}

export const DEFAULT_PROJECT_ID = 'coffee-local'
export const DEFAULT_ACCESS_TTL_SECONDS = 900
export const DEFAULT_REFRESH_TTL_SECONDS = 604_800
export const DEFAULT_FIREBASE = { apiKey: 'local-dev-key', projectId: 'demo-coffee-local' }

/** The project folder `createBackend` runs without an explicit `projectDir`. */
export function projectDirFromEnv(env: Record<string, string | undefined> = process.env): string {
  return env.RIO_LOCAL_PROJECT_DIR?.trim() || DEFAULT_PROJECT_DIR
}

/** The request header `/__dev/*` requires: not CORS-safelisted, so a web page cannot send it without a pre-flight. */
export const DEV_HEADER = 'x-rio-dev'

/**
 * `/__dev/*` serves codes and writes state: only for tools on this machine talking to the backend
 * directly. A request that came through a proxy (the app's `/rio` route: the local TLS front
 * forwards with X-Forwarded-* headers) is refused even if the front's own filter (the same
 * `isDevPath`) were bypassed, and the non-simple header keeps browsers' simple cross-site requests out.
 */
function checkDevRequest(headers: Record<string, string>, needsDevHeader = true): void {
  if (Object.keys(headers).some((name) => name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'via')) {
    throw new HttpError(404, 'NOT_FOUND', 'Dev endpoints are not served through a proxy')
  }
  if (needsDevHeader && headers[DEV_HEADER] !== '1') {
    throw new HttpError(403, 'DEV_HEADER_REQUIRED', `Dev endpoints require the request header "X-Rio-Dev: 1"`)
  }
}

// Class code is required once per process anyway; templates and compiled models can be too (tests
// create a runtime per test).
const loadedProjects = new Map<string, LoadedProject>()
function loadProjectOnce(dir: string): LoadedProject {
  const key = resolvePath(dir)
  let project = loadedProjects.get(key)
  if (!project) {
    project = loadProject(key)
    loadedProjects.set(key, project)
  }
  return project
}

const CLOUD_ACTIONS = new Set(['INSTANCE', 'CALL', 'STATE', 'LIST'])

/** How long `close` lets requests under way finish (a stuck one must not hold a shutdown). */
const CLOSE_WAIT_MS = 10_000

function positiveInt(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${value}`)
  return value
}

async function openStorage(storage: BackendOptions['storage'], now: () => number): Promise<Storage> {
  if (storage === 'memory') return createMemoryStorage()
  const { createSqliteStorage } = await import('./storage/sqlite')
  return createSqliteStorage(storage.dir, Math.floor(now() / 1000))
}

async function resolveSecret(options: BackendOptions): Promise<string> {
  if (options.secret !== undefined) {
    const weakness = secretWeakness(options.secret)
    if (weakness) throw new Error(`The JWT secret ${weakness}. ${STRONG_SECRET_ADVICE}`)
    return options.secret
  }
  if (options.storage === 'memory') return randomBytes(32).toString('base64url')
  const { loadOrCreateSecret } = await import('./storage/secret-file')
  return loadOrCreateSecret(options.storage.dir)
}

/** True for SQLite's "database or disk is full" (better-sqlite3 names it in `code`). */
function isDiskFull(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'SQLITE_FULL'
}

/**
 * Removes the member records of everyone whose e-mail is no longer listed (the list changes with
 * a restart): their live documents close before anything is served.
 */
async function reconcileMembers(members: MemberRecords, gated: GatedIdentities, logger: Logger, listed?: ListedInState, only?: string): Promise<void> {
  for (const identity of Object.keys(gated)) {
    if (only !== undefined && identity !== only) continue
    try {
      const removed = (await members.list(identity)).filter((m) => !stillEntitled({ identity, claims: { email: m.email } }, gated, process.env, listed))
      await Promise.all(removed.map((m) => members.revoke(identity, m.userId)))
      if (removed.length > 0) logger.info('member records removed: no longer listed', { identity, count: removed.length })
    } catch (err) {
      logger.warn('member records not reconciled', { identity, error: String(err) })
    }
  }
}

/** Whether an e-mail is a key of a member list's field in the stored state (an instance not made yet lists nobody). */
function listedInStorage(storage: Storage, projectId: string, lists: MemberLists): ListedInState {
  return (identity, email) => {
    const list = lists[identity]
    if (!list) return false
    const field = storage.getInstance(projectId, list.classId, list.instanceId)?.state.private?.[list.field]
    return typeof field === 'object' && field !== null && Object.prototype.hasOwnProperty.call(field, email)
  }
}

/**
 * `mirror`, telling `changed(identity)` when a publish changes who a member list names (not on every
 * write of its instance: the Shop also writes its audit log at each staff action).
 */
function memberListWatcher(mirror: StateMirror, lists: MemberLists, changed: (identity: string) => Promise<void>): StateMirror {
  const named = new Map<string, string>()
  return {
    ...mirror,
    publish: (change, publishOptions) => {
      const published = mirror.publish(change, publishOptions)
      for (const identity of Object.keys(lists)) {
        const list = lists[identity] as MemberList
        if (list.classId !== change.classId || list.instanceId !== change.instanceId) continue
        const field = change.state.private?.[list.field]
        const members = typeof field === 'object' && field !== null ? Object.keys(field).sort().join('\n') : ''
        if (named.get(identity) === members) continue
        named.set(identity, members)
        void changed(identity)
      }
      return published
    },
    settle: mirror.settle?.bind(mirror),
    flush: () => mirror.flush(),
    close: () => mirror.close(),
  }
}

/** The options a backend cannot start with, refused before anything is opened. */
function checkOptions(options: BackendOptions): { projectId: string; inboxKey: string } {
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(projectId) || projectId === 'root') {
    throw new Error(`Invalid project id "${projectId}": use lower-case letters, digits and dashes`)
  }
  const inboxKey = options.inboxKey ?? newInboxKey()
  if (inboxKey.length < MIN_INBOX_KEY_LENGTH) throw new Error(`The inbox key must be at least ${MIN_INBOX_KEY_LENGTH} characters`)
  if (options.shiftProcessDate && !options.dev) throw new Error('shiftProcessDate needs dev mode: the test clock is a dev endpoint')
  return { projectId, inboxKey }
}

/** The runtime clock; in dev mode on disk the test clock's offset survives a restart (time never goes back). */
async function openClock(options: BackendOptions, wallNow: () => number): Promise<RuntimeClock> {
  const clockDir = options.shiftProcessDate && options.storage !== 'memory' ? options.storage.dir : undefined
  if (clockDir === undefined) return createRuntimeClock(wallNow, {})
  const clockFile = await import('./storage/clock-file')
  return createRuntimeClock(wallNow, { offsetMs: clockFile.loadClockOffset(clockDir), onMove: (offsetMs) => clockFile.saveClockOffset(clockDir, offsetMs) })
}

/**
 * Keeps a gated identity's member record in step with its sessions; a failure only logs (the
 * rules then refuse). `written()` resolves once the writes under way are done: a session call
 * answers after them, so its first listener is served.
 */
function memberKeeper(members: MemberRecords | null, gated: GatedIdentities, logger: Logger) {
  const writes = new Set<Promise<void>>()
  return {
    keep(caller: Caller, present: boolean): void {
      if (!members || gated[caller.identity] === undefined) return
      const email = claimedEmail(caller)
      const done = present && email !== undefined ? members.grant(caller.identity, caller.userId, email) : members.revoke(caller.identity, caller.userId)
      const settled = done.catch((err: unknown) => logger.warn('member record not written', { identity: caller.identity, error: String(err) }))
      writes.add(settled)
      void settled.finally(() => writes.delete(settled))
    },
    written: async (): Promise<void> => {
      await Promise.all([...writes])
    },
  }
}

/** Stores each e-mail the SMTP receiver gets in the dev outbox (and prints sign-in codes when asked). */
function outboxWriter(storage: Storage, now: () => number, logger: Logger, printOtp: boolean): (mail: ReceivedMail) => void {
  return (mail) => {
    const sentAt = new Date(now()).toISOString()
    const code = signInCodeOf(mail)
    const outbox = mail.to.map((to): DevOutboxMessage => ({
      to: to.trim().toLowerCase(),
      subject: mail.subject,
      text: mail.text,
      ...(code === undefined ? {} : { code }),
      ...(mail.html === undefined ? {} : { html: mail.html }),
      ...(mail.attachments === undefined ? {} : { attachments: mail.attachments }),
      sentAt,
    }))
    storage.commit({ outbox })
    if (!printOtp) return
    for (const m of outbox) {
      if (m.code !== undefined) logger.info(`outbox: code ${m.code} for ${m.to}`, { to: m.to, code: m.code, subject: m.subject })
      else logger.info(`outbox: "${m.subject}" for ${m.to}`, { to: m.to, subject: m.subject })
    }
  }
}

/**
 * The project's environment, as Retter hands a project's settings to its class code: the process's
 * own plus `projectEnv`, with SMTP_URL on this runtime's receiver. The runtime adds nothing of a
 * project's own (what a project needs, it or the scripts that start it supply). Module-level class
 * code may read its environment at require time: this runs before loading.
 */
function setProjectEnvironment(options: BackendOptions, smtpUrl: string): void {
  Object.assign(process.env, {
    ...options.projectEnv,
    SMTP_URL: options.smtpUrl ?? smtpUrl,
  })
}

/**
 * Before anything is served: state committed before the last stop that never reached the live
 * documents (a crash in between) is written, and members no longer listed lose their records.
 */
async function catchUpLiveState(mirror: StateMirror | null, members: MemberRecords | null, storage: Storage, projectId: string, gated: GatedIdentities, logger: Logger, listed: ListedInState): Promise<void> {
  if (mirror) {
    const reconciled = await reconcileMirror(mirror, storage, projectId)
    if (reconciled.mirrored + reconciled.failed > 0) logger.info('mirrored state the last run had not', reconciled)
  }
  if (members) await reconcileMembers(members, gated, logger, listed)
}

interface RouterParts {
  options: BackendOptions
  projectId: string
  inboxKey: string
  storage: Storage
  tokens: TokenService
  engine: Engine
  devClock: Parameters<typeof handleDev>[4]
  extraRoutes: RouteHandler[]
  /** Resolves once the member records a session call started are written. */
  membersWritten: () => Promise<void>
}

/** The request router: extra routes, health, dev endpoints, the root project's sessions, then cloud-object calls. */
function createRouter({ options, projectId, inboxKey, storage, tokens, engine, devClock, extraRoutes, membersWritten }: RouterParts) {
  // Request ids only correlate log lines; a counter is cheaper than randomness per request.
  const requestIdPrefix = randomBytes(4).toString('hex')
  let requestCount = 0
  return async function route(req: BackendRequest): Promise<BackendResponse> {
    for (const extra of extraRoutes) {
      const res = await extra(req)
      if (res) return res
    }
    const parsed = parseRequest(req)
    const [first, ...rest] = parsed.segments
    if (first === '__health') return json(200, { ok: true, projectId })
    // The app's read of the test clock: dev mode only; elsewhere the path is as unknown as any other.
    if (options.dev && first === CLOCK_READ_SEGMENT && rest.length === 0) return handleClockRead(parsed, devClock.clock)
    // The same test the CORS layer and the local TLS front refuse on (any case or encoding).
    if (isDevPath(req.url)) {
      if (!options.dev) throw new HttpError(404, 'NOT_FOUND', 'Dev endpoints are off (set RIO_LOCAL_DEV=1)')
      // A browser navigation cannot send the header: the inbox page checks its key instead.
      const inbox = rest.length === 1 && rest[0] === 'inbox'
      checkDevRequest(parsed.headers, !inbox)
      return inbox ? serveInbox(parsed, storage, inboxKey) : handleDev(rest, parsed, storage, engine, devClock)
    }
    if (first === 'root') {
      const answer = await handleSession(projectId, tokens, rest, parsed)
      await membersWritten()
      return answer
    }
    if (first !== projectId) {
      throw new HttpError(404, 'PROJECT_NOT_FOUND', first ? `This backend serves project "${projectId}", not "${first}"` : 'Not found')
    }
    const [action, classId, ...after] = rest
    if (action === undefined || !CLOUD_ACTIONS.has(action)) {
      throw new HttpError(404, 'NOT_FOUND', `Unknown action "${action ?? ''}"; use INSTANCE, CALL, STATE or LIST`)
    }
    if (classId === undefined) throw new HttpError(404, 'CLASS_NOT_FOUND', 'The class id is missing from the path')
    const call: CloudCall = {
      action: action as CloudCall['action'],
      classId,
      rest: after,
      request: parsed,
      requestId: `${requestIdPrefix}-${(requestCount++).toString(36)}`,
      sourceIP: req.remoteAddress ?? '127.0.0.1',
    }
    return engine.handle(call)
  }
}

/** Any failure of a request as an answer: its own HttpError, 507 for a full disk, else a logged 500. */
function failureResponse(err: unknown, req: BackendRequest, logger: Logger): BackendResponse {
  if (err instanceof HttpError) return errorResponse(err)
  if (isDiskFull(err)) {
    // Nothing of this request was committed (SQLite rolls the transaction back); reads go on.
    logger.error('storage is full: a write was refused', { method: req.method })
    return json(507, { code: 'STORAGE_FULL', message: 'The backend cannot save anything right now (its disk is full), so this change was not made. Nothing else changed; try again later.' })
  }
  logger.error('unhandled error', { method: req.method, url: req.url.replace(/([?&](_token|customToken|refreshToken|accessToken)=)[^&]*/g, '$1…'), error: err instanceof Error ? err.stack : String(err) })
  return json(500, { code: 'INTERNAL', message: 'The backend failed to handle this request' })
}

/**
 * Creates a backend: storage, tokens, classes and the request handler.
 * @param options see BackendOptions; only `storage` is required
 */
export async function createBackend(options: BackendOptions): Promise<Backend> {
  const { projectId, inboxKey } = checkOptions(options)
  // Read before any Date is shifted: the wall clock never includes the test clock's offset.
  const wallNow = options.now ?? Date.now
  const clock = await openClock(options, wallNow)
  const now = clock.now
  const logger = options.logger ?? silentLogger
  const secret = await resolveSecret(options)
  // Its purge is of token bookkeeping, which lives on the wall clock.
  const storage = await openStorage(options.storage, wallNow)
  // Every mirrored write clears storage's "not yet mirrored" mark (runtime/engine/mirror-journal.ts).
  const mirror = options.mirror ? journaledMirror(options.mirror, storage, logger) : null
  const gated = options.gatedIdentities ?? DEFAULT_GATED_IDENTITIES
  const memberLists = options.memberLists ?? DEFAULT_MEMBER_LISTS
  const listed = listedInStorage(storage, projectId, memberLists)
  const members = options.members ?? null
  const memberRecords = memberKeeper(members, gated, logger)
  // A member list changed (a member removed): their live documents close at once, as at a restart.
  const liveMirror = mirror && members ? memberListWatcher(mirror, memberLists, (identity) => reconcileMembers(members, gated, logger, listed, identity)) : mirror
  const firebase = options.firebase ?? DEFAULT_FIREBASE
  // The classes whose user states may hold a session epoch: known once the project has loaded.
  let classIds: string[] = []
  const tokens = createTokenService({
    sessionEnded: (caller) => endedBySessionEpoch(storage, projectId, classIds, caller),
    entitled: (caller) => stillEntitled(caller, gated, process.env, listed),
    onIssued: (caller) => memberRecords.keep(caller, stillEntitled(caller, gated, process.env, listed)),
    onIdentityLost: (caller) => memberRecords.keep(caller, false),
    projectId,
    secret,
    storage,
    // Sessions live on the wall clock: the SDK judges their expiry on its own (real) clock.
    now: wallNow,
    accessTtl: positiveInt('accessTokenTtlSeconds', options.accessTokenTtlSeconds, DEFAULT_ACCESS_TTL_SECONDS),
    refreshTtl: positiveInt('refreshTokenTtlSeconds', options.refreshTokenTtlSeconds, DEFAULT_REFRESH_TTL_SECONDS),
    firebase,
  })
  const smtp = await attachOutbox(outboxWriter(storage, now, logger, options.printOtpToTerminal ?? false), options.smtpPort)
  setProjectEnvironment(options, smtp.url)
  let project
  let restoreDate: () => void = () => undefined
  try {
    project = loadProjectOnce(options.projectDir ?? projectDirFromEnv())
    if (options.compileModelsAtStart) project.models.compileAll()
    classIds = [...project.classes.keys()]
    if (options.shiftProcessDate) restoreDate = shiftProcessDate(clock)
  } catch (err) {
    await smtp.detach()
    storage.close()
    throw err
  }
  // What loads but cannot run as on Retter (a method whose handler is missing, a key not emulated): said at every start.
  for (const warning of project.warnings) logger.warn(`project: ${warning}`)
  const engine = createEngine({ projectId, storage, tokens, project, mirror: liveMirror, logger, now, timers: options.timers, taskConcurrency: options.taskConcurrency })
  const devClock = { clock, mover: options.shiftProcessDate ? createClockMover(clock, engine.tasks, engine.schedules) : null }
  await catchUpLiveState(mirror, members, storage, projectId, gated, logger, listed)
  const extraRoutes = [...(options.extraRoutes ?? [])]
  if (options.firebaseAuth) {
    extraRoutes.push(createFirebaseAuthRoutes({
      secret,
      firebaseProjectId: firebase.projectId,
      apiKey: firebase.apiKey,
      now: wallNow,
      isSessionRevoked: (sid) => storage.isSessionRevoked(sid),
    }))
  }
  const route = createRouter({ options, projectId, inboxKey, storage, tokens, engine, devClock, extraRoutes, membersWritten: memberRecords.written })
  let closed = false
  /** Requests being handled, which `close` lets finish before it stops the rest. */
  const handling = new Set<Promise<BackendResponse>>()

  return {
    projectId,
    secret,
    projectDir: project.dir,
    inboxPath: options.dev ? `/__dev/inbox?key=${inboxKey}` : null,
    clock,
    runDueTasks: () => engine.tasks.runDue(),
    runDueSchedules: () => engine.schedules.runDue(),
    queuesIdle: () => engine.queuesIdle(),
    remirror: async () => (mirror ? remirrorAll(mirror, storage, projectId) : { mirrored: 0, failed: 0 }),
    async handle(req) {
      if (closed) return json(503, { code: 'SHUTTING_DOWN', message: 'The backend is shutting down' })
      // http/server.ts normalises too; in-process callers (the app's msw handlers) come straight here.
      const answer = route({ ...req, url: normaliseTarget(req.url) }).catch((err: unknown) => failureResponse(err, req, logger))
      handling.add(answer)
      try {
        return await answer
      } finally {
        handling.delete(answer)
      }
    },
    async close() {
      if (closed) return
      closed = true
      // A request under way finishes before its storage closes, and sends its mail while this
      // runtime still receives it: on a shared receiver, later mail would reach the next runtime.
      if (handling.size > 0) await settledWithin(Promise.allSettled([...handling]), CLOSE_WAIT_MS)
      await engine.stop()
      restoreDate()
      if (mirror) await mirror.flush().catch((err: unknown) => logger.warn('mirror flush failed', { error: String(err) }))
      await smtp.detach()
      storage.close()
    },
  }
}
