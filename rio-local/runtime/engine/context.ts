/**
 * What every action shares: the project's classes, storage, tokens, locks, mirror, the `Data` a
 * handler gets, invoking a handler with its rdk operations, authorizing and persisting.
 */
import type { Data, Response } from '@retter/rdk'
import type { Logger } from '../../logger'
import type { Caller, TokenService } from '../../auth/tokens'
import type { ModelRegistry } from '../../project/models'
import type { ProjectMemory } from '../../project/memory'
import { runWithOperations, type LocalOperations } from '../../project/rdk'
import type { ChangeSet, LookupKeyRecord, Storage, StoredInstance, TaskRecord, TaskReferer } from '../../storage/types'
import type { BackendResponse, InstanceState, StateMirror } from '../wire-types'
import { errorResponse, HttpError, json } from '../responses'
import { KeyedLock } from './locks'
import { parseLookupSegment, type LookupKey } from './lookup'
import { createRecordOperations } from './records-operations'
import { RESERVED_QUERY, type ParsedRequest } from '../wire-types'
import type { LoadedClass, LoadedMethod } from './types'
import { isRecord } from '../../is-record'
import { storedJsonOf } from '../../storage/state-json'
import { mirrorMarkOf } from '../../storage/mirror-mark'

export type CloudAction = 'INSTANCE' | 'CALL' | 'STATE' | 'LIST'

export interface CloudCall {
  action: CloudAction
  classId: string
  /** Path segments after the class id. */
  rest: string[]
  request: ParsedRequest
  requestId: string
  sourceIP: string
  /**
   * Set for calls a class makes through rdk, delayed calls and scheduled methods (no token: the
   * runtime vouches for the caller); no referer for a scheduled method.
   */
  /**
   * A call the platform makes itself. `waitIfBusy`: a delayed call whose instance is busy waits for
   * it rather than answering 570 (Retter pauses and retries its task queue on a busy instance).
   */
  internal?: { caller: Caller; referer?: TaskReferer; waitIfBusy?: boolean }
}

/** Side effects of one invocation, committed together with its state. */
export interface Effects {
  lookupKeys: LookupKeyRecord[]
  removedLookupKeys: Array<Omit<LookupKeyRecord, 'instanceId'>>
  /** Delayed calls (`data.tasks`, `data.schedule`) of the invocation. */
  tasks: TaskRecord[]
}

export interface EngineContext {
  projectId: string
  storage: Storage
  tokens: TokenService
  classes: Map<string, LoadedClass>
  models: ModelRegistry
  memory: ProjectMemory
  mirror: StateMirror | null
  logger: Logger
  now: () => number
  locks: KeyedLock
  /** Serves a call a class makes through rdk (getInstance, methodCall, getState). */
  dispatch(call: CloudCall): Promise<BackendResponse>
  /** Instances this process has mirrored (the emulator keeps nothing across restarts while storage does). */
  mirroredThisRun: Set<string>
  /** Delayed calls were stored: the task runner looks at its timer again. */
  onTasksStored(): void
  /** QUEUED_WRITE calls accepted and not yet run. */
  queued: Set<Promise<void>>
}

const INSTANCE_ID_PATTERN = /^[A-Za-z0-9_\-.@+:=]{1,128}$/
export const NO_CALLER: Caller = { userId: '', identity: 'none', anonymous: false, claims: {} }
/** The caller of class-to-class calls, delayed calls and scheduled methods: no end-user token. */
export const DEVELOPER_CALLER: Caller = { userId: '', identity: 'developer', anonymous: false, claims: {} }

export const lockKey = (classId: string, instanceId: string) => `${classId}/${instanceId}`

export function assertInstanceId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || !INSTANCE_ID_PATTERN.test(id)) {
    throw new HttpError(400, 'BAD_INSTANCE_ID', 'Instance ids are 1-128 characters of letters, digits and _ - . @ + : =')
  }
}

export function normaliseState(state: unknown): InstanceState {
  const s = isRecord(state) ? state : {}
  return {
    public: isRecord(s.public) ? s.public : {},
    private: isRecord(s.private) ? s.private : {},
    user: isRecord(s.user) ? (s.user as InstanceState['user']) : {},
    role: isRecord(s.role) ? (s.role as InstanceState['role']) : {},
  }
}

export function classOf(ctx: EngineContext, classId: string): LoadedClass {
  const cls = ctx.classes.get(classId)
  if (!cls) throw new HttpError(404, 'CLASS_NOT_FOUND', `There is no class "${classId}"`)
  return cls
}

export function methodOf(cls: LoadedClass, name: string | undefined): LoadedMethod {
  if (!name) throw new HttpError(404, 'METHOD_NOT_FOUND', 'The method name is missing from the path')
  const method = cls.methods.find((m) => m.method === name)
  if (!method) throw new HttpError(404, 'METHOD_NOT_FOUND', `Class ${cls.classId} has no method "${name}"`)
  return method
}

export async function callerOf(ctx: EngineContext, call: CloudCall): Promise<Caller> {
  if (call.internal) return call.internal.caller
  const token = call.request.query._token
  if (token === undefined || token === '') return NO_CALLER
  const result = await ctx.tokens.verifyAccessToken(token)
  if (!result.ok) throw new HttpError(401, result.code, result.message)
  return result.value
}

export function newEffects(): Effects {
  return { lookupKeys: [], removedLookupKeys: [], tasks: [] }
}

/**
 * Defines `data.env`: the project's environment, copied from `process.env` when the handler first
 * reads it (copying it takes a tenth of a millisecond, and most handlers read `process.env` itself).
 * Each call has its own copy: a handler that changes or replaces it changes nothing elsewhere.
 */
function defineEnv(data: object): void {
  let env: NodeJS.ProcessEnv | undefined
  Object.defineProperty(data, 'env', {
    enumerable: true,
    configurable: true,
    get: () => (env ??= { ...process.env }),
    set: (value: NodeJS.ProcessEnv) => {
      env = value
    },
  })
}

export interface MakeDataOptions {
  /**
   * The state is the caller's own copy, used for nothing else while the handler runs (a state
   * storage just handed out): the handler gets it as it is instead of a copy of it.
   */
  ownState?: boolean
}

/**
 * The `Data` of `@retter/rdk` for one handler call. The handler gets its own copy of the state (it
 * may change it in place), so the runtime can tell whether it changed; `version` is the stored one.
 */
export function makeData(ctx: EngineContext, call: CloudCall, caller: Caller, methodName: string, instanceId: string | undefined, state: InstanceState, body: unknown, version = 1, options: MakeDataOptions = {}): Data {
  const queryStringParams: Record<string, string> = {}
  for (const [k, v] of Object.entries(call.request.query)) if (!RESERVED_QUERY.has(k)) queryStringParams[k] = v
  const referer = call.internal?.referer
  // `env` is defined below, read on first use.
  const data: Omit<Data, 'env'> = {
    context: {
      requestId: call.requestId,
      projectId: ctx.projectId,
      action: call.action,
      classId: call.classId,
      instanceId,
      methodName,
      identity: caller.identity,
      userId: caller.userId || undefined,
      claims: caller.claims,
      isAnonymous: caller.anonymous,
      culture: call.request.query.__culture || 'en-us',
      platform: call.request.query.__platform,
      sourceIP: call.sourceIP,
      headers: call.request.headers,
      ...(referer
        ? {
            refererClassId: referer.classId,
            refererInstanceId: referer.instanceId,
            refererMethodName: referer.methodName,
            refererUserId: referer.userId,
            refererIdentity: referer.identity,
          }
        : {}),
    },
    config: {},
    version,
    state: options.ownState ? state : structuredClone(state),
    // requestTime (Retter's Request has it; rdk 1.1.15's type does not): ISO date-time of the
    // request, on the runtime's clock, so the test clock moves it too.
    request: { httpMethod: call.request.method, body, headers: call.request.headers, queryStringParams, ...{ requestTime: new Date(ctx.now()).toISOString() } },
    response: { statusCode: 200 },
    schedule: [],
    tasks: [],
    // data.events (rdk 1.3.4's Data has it; 1.1.15's type does not): events a handler publishes (events/publish.ts).
    ...{ events: [] },
  }
  defineEnv(data)
  return data as Data
}

/**
 * A call a class makes through rdk, answered as Retter answers it: a refusal (404 for a missing
 * instance, 403, 570 busy, 400 validation…) is the call's status and `{code, message}` body, never
 * a throw inside the calling handler.
 */
async function dispatchAnswer(ctx: EngineContext, call: CloudCall): Promise<BackendResponse> {
  try {
    return await ctx.dispatch(call)
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err)
    throw err
  }
}

/** The rdk operations of one invocation of `call` on `instanceId` (collecting side effects in `fx`). */
function operations(ctx: EngineContext, call: CloudCall, data: Data, fx: Effects): LocalOperations {
  const classId = call.classId
  const instanceId = data.context.instanceId
  const internalCall = async (action: CloudAction, input: { classId: string; instanceId?: string; lookupKey?: { name: string; value: string }; methodName?: string; body?: unknown; httpMethod?: string; headers?: Record<string, string>; queryStringParams?: Record<string, unknown> }) => {
    const target = input.lookupKey ? `${input.lookupKey.name}!${input.lookupKey.value}` : input.instanceId
    const rest = action === 'CALL' ? [input.methodName ?? '', ...(target ? [target] : [])] : target ? [target] : []
    const query: Record<string, string> = {}
    for (const [k, v] of Object.entries(input.queryStringParams ?? {})) query[k] = String(v)
    const res = await dispatchAnswer(ctx, {
      action,
      classId: input.classId,
      rest,
      request: { method: input.httpMethod ?? 'POST', segments: [], query, body: input.body, headers: input.headers ?? {} },
      requestId: `${call.requestId}>${input.classId}`,
      sourceIP: call.sourceIP,
      internal: {
        // A class calling a class: no end-user token; the callee sees who called through referer*.
        caller: DEVELOPER_CALLER,
        referer: { classId, instanceId, methodName: data.context.methodName, userId: data.context.userId, identity: data.context.identity },
      },
    })
    return { statusCode: res.status, body: res.body === '' ? undefined : (JSON.parse(res.body) as unknown), headers: res.headers }
  }
  const needInstance = (op: string): string => {
    if (!instanceId) throw new Error(`rdk.${op} needs an instance (it was called from a STATIC method or getInstanceId)`)
    return instanceId
  }
  const records = createRecordOperations(ctx.storage, ctx.projectId, ctx.now)
  return {
    ...records,
    listInstanceIds: (input) => records.listInstanceIds(typeof input.classId === 'string' && input.classId !== '' ? input.classId : classId, input),
    async generateCustomToken(input) {
      return { success: true, data: { customToken: await ctx.tokens.createCustomToken(input) } }
    },
    getInstance: (input) => internalCall('INSTANCE', input),
    methodCall: (input) => internalCall('CALL', input),
    getState: (input) => internalCall('STATE', input),
    async setLookUpKey({ key }) {
      fx.lookupKeys.push({ projectId: ctx.projectId, classId, name: key.name, value: key.value, instanceId: needInstance('setLookUpKey') })
      return { success: true }
    },
    async getLookUpKey(input) {
      // Retter's GetLookUpKey takes an optional classId: the key of another class's instance.
      const { key } = input
      const target = (input as { classId?: unknown }).classId
      const found = ctx.storage.findLookupKey(ctx.projectId, typeof target === 'string' && target !== '' ? target : classId, key.name, key.value)
      return found ? { success: true, data: { instanceId: found } } : { success: false, error: 'not found' }
    },
    async deleteLookUpKey({ key }) {
      needInstance('deleteLookUpKey')
      fx.removedLookupKeys.push({ projectId: ctx.projectId, classId, name: key.name, value: key.value })
      return { success: true }
    },
    getMemory: async ({ key }) => ctx.memory.get(key),
    setMemory: async ({ key, value, expireAt }) => ctx.memory.set(key, value, expireAt),
    incrementMemory: async ({ key, value, path }) => ctx.memory.increment(key, value, path),
    deleteMemory: async ({ key }) => ctx.memory.delete(key),
  }
}

/** Runs one handler with its rdk operations; a throw is logged and answered 500 like an unhandled error. */
export async function invoke<T>(ctx: EngineContext, call: CloudCall, data: Data, fx: Effects, fn: (data: Data) => Promise<T> | T, what: string): Promise<T> {
  try {
    return await runWithOperations(operations(ctx, call, data, fx), async () => fn(data))
  } catch (err) {
    if (err instanceof HttpError) throw err
    ctx.logger.error(`${call.classId} ${what} threw`, { requestId: call.requestId, error: err instanceof Error ? err.stack : String(err) })
    throw new HttpError(500, 'HANDLER_ERROR', `${call.classId} ${what} failed; see the backend's log`)
  }
}

/** A handler's result as Data: handlers may return Data, a partial `{state, response}`, or nothing. */
export function resultOf(data: Data, out: unknown): { state: InstanceState; response: Response } {
  const o = isRecord(out) ? out : {}
  const state = 'state' in o ? o.state : data.state
  const response = isRecord(o.response) ? (o.response as unknown as Response) : data.response
  return { state: normaliseState(state), response: response ?? { statusCode: 200 } }
}

/** Runs the class authorizer (none: allowed); a non-2xx answer becomes the caller's error. */
export async function authorize(ctx: EngineContext, cls: LoadedClass, call: CloudCall, data: Data): Promise<void> {
  if (!cls.authorizer) return
  const authorizer = cls.authorizer
  const result = await invoke(ctx, call, data, newEffects(), (d) => authorizer(d), 'authorizer')
  const status = result?.statusCode ?? 200
  if (status >= 200 && status < 300) return
  const body = isRecord(result.body) ? result.body : {}
  throw new HttpError(
    status,
    typeof body.code === 'string' ? body.code : status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
    typeof body.message === 'string' ? body.message : 'Access denied',
  )
}

/**
 * The answer, checked against an outputModel (2xx) or errorModel (any other status): a body that
 * does not fit answers 500 VALIDATION with the issues, and is logged (Retter documents both as
 * validation models of the answer; it does not document the refusal's shape).
 */
export function answerChecked(ctx: EngineContext, call: CloudCall, what: string, res: Response, models: { outputModel?: string; errorModel?: string }): BackendResponse {
  const ok = res.statusCode >= 200 && res.statusCode < 300
  const model = ok ? models.outputModel : models.errorModel
  if (!model) return respond(res)
  const issues = ctx.models.issues(model, res.body ?? {})
  if (issues.length === 0) return respond(res)
  const which = ok ? 'outputModel' : 'errorModel'
  ctx.logger.error(`${call.classId}.${what} answered a body its ${which} ${model} refuses`, { requestId: call.requestId, issues: JSON.stringify(issues) })
  return json(500, { code: 'VALIDATION', message: `The answer of ${call.classId}.${what} does not fit its ${which} ${model}.`, issues })
}

export function respond(res: Response): BackendResponse {
  const status = Number.isInteger(res.statusCode) && res.statusCode >= 200 && res.statusCode <= 599 ? res.statusCode : 200
  const headers = res.headers ?? {}
  // A string body the handler labels as something other than JSON goes out as it is (Retter, like
  // API Gateway, sends a text/plain or text/html body unquoted).
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  if (typeof res.body === 'string' && typeof type === 'string' && !/json/i.test(type)) {
    const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'))
    return { status, headers: { ...rest, 'content-type': type }, body: res.body }
  }
  return json(status, res.body, headers)
}

/**
 * Mirrors an instance. With `waitMs` the promise settles once the mirror wrote it or after that
 * long, whichever is first (the mirror owns that wait); without it, once written or given up.
 */
export function publish(ctx: EngineContext, instance: StoredInstance, waitMs?: number): Promise<void> {
  if (!ctx.mirror) return Promise.resolve()
  const change = { projectId: instance.projectId, classId: instance.classId, instanceId: instance.instanceId, state: instance.state, mark: mirrorMarkOf(instance) }
  return ctx.mirror
    .publish(change, waitMs === undefined ? undefined : { settleWithinMs: waitMs })
    .then(() => {
      ctx.mirroredThisRun.add(lockKey(instance.classId, instance.instanceId))
    })
    .catch((err: unknown) => ctx.logger.warn('mirror publish failed', { instanceId: instance.instanceId, error: String(err) }))
}

/**
 * Writes a changed instance together with the invocation's side effects, then mirrors it.
 * `mirrored` settles once the mirror wrote it (or gave up); callers normally do not wait for it.
 */
export function persist(
  ctx: EngineContext,
  base: Omit<StoredInstance, 'state' | 'updatedAt'>,
  state: InstanceState,
  fx: Effects,
  mirrorWaitMs?: number,
): StoredInstance & { mirrored: Promise<void> } {
  const before = (base as Partial<StoredInstance>).state
  const json = JSON.stringify(state)
  // The committed state's JSON as storage handed it out (the handler may have changed `before` in place since).
  const beforeJson = before === undefined ? undefined : (storedJsonOf(before) ?? JSON.stringify(before))
  // Retter counts state versions: a commit that changes the state makes the next one.
  const version = beforeJson === undefined ? 1 : (base.version ?? 1) + (beforeJson === json ? 0 : 1)
  const instance: StoredInstance = { ...base, state, updatedAt: ctx.now(), version }
  const changes: ChangeSet = { instance, instanceStateJson: json, lookupKeys: fx.lookupKeys, removedLookupKeys: fx.removedLookupKeys, tasks: fx.tasks }
  ctx.storage.commit(changes)
  // Retter hands a handler's delayed calls over when the invocation has ended: one due at once
  // must not find its own instance still held by the write that asked for it (570, a retry later).
  if (fx.tasks.length > 0) ctx.locks.whenFree(lockKey(base.classId, base.instanceId), ctx.onTasksStored)
  return { ...instance, mirrored: publish(ctx, instance, mirrorWaitMs) }
}

/** The stored instance a path segment addresses (id or `name!value`); 404 when unknown. */
export function resolveExisting(ctx: EngineContext, cls: LoadedClass, segment: string | undefined): StoredInstance {
  return readExisting(ctx, cls, instanceIdOf(ctx, cls, segment))
}

/** The id of the stored instance a path segment addresses, its state not read; 404 when unknown. */
export function resolveExistingId(ctx: EngineContext, cls: LoadedClass, segment: string | undefined): string {
  const instanceId = instanceIdOf(ctx, cls, segment)
  if (!ctx.storage.hasInstance(ctx.projectId, cls.classId, instanceId)) throw missingInstance(cls, instanceId)
  return instanceId
}

/** A stored instance by id; 404 when unknown. */
export function readExisting(ctx: EngineContext, cls: LoadedClass, instanceId: string): StoredInstance {
  const instance = ctx.storage.getInstance(ctx.projectId, cls.classId, instanceId)
  if (!instance) throw missingInstance(cls, instanceId)
  return instance
}

const missingInstance = (cls: LoadedClass, instanceId: string) => new HttpError(404, 'INSTANCE_NOT_FOUND', `There is no ${cls.classId} instance "${instanceId}"`)

/** The instance id a path segment names (a lookup key resolved; 404 when it is unbound). */
function instanceIdOf(ctx: EngineContext, cls: LoadedClass, segment: string | undefined): string {
  if (segment === undefined) throw new HttpError(400, 'MISSING_INSTANCE_ID', 'The instance id is missing from the path')
  const key = parseLookupKeyOrId(segment)
  if (typeof key === 'string') return key
  const found = ctx.storage.findLookupKey(ctx.projectId, cls.classId, key.name, key.value)
  if (!found) throw new HttpError(404, 'INSTANCE_NOT_FOUND', `No ${cls.classId} instance has ${key.name} "${key.value}"`)
  return found
}

/** A segment as a lookup key or a checked instance id. */
export function parseLookupKeyOrId(segment: string): LookupKey | string {
  const key = parseLookupSegment(segment)
  if (key) return key
  assertInstanceId(segment)
  return segment
}

export function methodsSummary(cls: LoadedClass) {
  return cls.methods.map((m) => ({ name: m.method, type: m.type, sync: true, readonly: m.type === 'READ' || m.type === 'STATIC' }))
}
