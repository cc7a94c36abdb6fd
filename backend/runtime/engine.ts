/**
 * The cloud-object runtime: INSTANCE / CALL / STATE / LIST over our class templates, with
 * authorizers, input models, per-instance WRITE locks and persistence of every state change.
 */
import { randomBytes } from 'node:crypto'
import type { Logger } from '../logger'
import type { TokenService, Caller } from '../auth/tokens'
import type { ChangeSet, LookupKeyRecord, Storage, StoredInstance } from '../storage/types'
import type { OutboxMessage } from '../../lib/contract'
import type { BackendResponse, InstanceState, StateMirror } from './plugins'
import { HttpError, json } from './http'
import { KeyedLock } from './locks'
import { RESERVED_QUERY, type ParsedRequest } from './request'
import { emptyState, type ClassTemplate, type Context, type Data, type HandlerResponse, type MethodTemplate, type Rdk } from './types'
import { validateInput } from './validation'

export interface EngineOptions {
  projectId: string
  storage: Storage
  tokens: TokenService
  classes: ClassTemplate[]
  mirror: StateMirror | null
  logger: Logger
  /** Epoch milliseconds. */
  now: () => number
  /** Also log each outbox message (with its code) at info level, for a developer's terminal. */
  printOtpToTerminal: boolean
}

export interface CloudCall {
  action: Context['action']
  classId: string
  /** Path segments after the class id. */
  rest: string[]
  request: ParsedRequest
  requestId: string
  sourceIP: string
}

/** Rdk plus the side effects it collected, committed together with the state. */
interface InvocationEffects {
  rdk: Rdk
  lookupKeys: Array<{ name: string; value: string }>
  outbox: OutboxMessage[]
}

/** How long INSTANCE creation waits for the mirror's first write before answering anyway. */
const MIRROR_CREATE_WAIT_MS = 2000

function settledWithin(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    void promise.finally(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}

const INSTANCE_ID_PATTERN = /^[A-Za-z0-9_\-.@+:=]{1,128}$/
const NO_CALLER: Caller = { userId: '', identity: 'none', anonymous: false, claims: {} }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function normaliseState(state: Partial<InstanceState> | undefined): InstanceState {
  const s = state ?? {}
  return {
    public: isRecord(s.public) ? s.public : {},
    private: isRecord(s.private) ? s.private : {},
    user: isRecord(s.user) ? (s.user as InstanceState['user']) : {},
    role: isRecord(s.role) ? (s.role as InstanceState['role']) : {},
  }
}

function assertInstanceId(id: string): void {
  if (!INSTANCE_ID_PATTERN.test(id)) {
    throw new HttpError(400, 'BAD_INSTANCE_ID', 'Instance ids are 1-128 characters of letters, digits and _ - . @ + : =')
  }
}

/** Creates the runtime of one project. */
export function createEngine(opts: EngineOptions) {
  const classes = new Map(opts.classes.map((c) => [c.classId, c]))
  const locks = new KeyedLock()
  const lockKey = (classId: string, instanceId: string) => `${classId}/${instanceId}`

  function templateOf(classId: string): ClassTemplate {
    const tpl = classes.get(classId)
    if (!tpl) throw new HttpError(404, 'CLASS_NOT_FOUND', `There is no class "${classId}"`)
    return tpl
  }

  function callerOf(req: ParsedRequest): Caller {
    const token = req.query._token
    if (token === undefined || token === '') return NO_CALLER
    const result = opts.tokens.verifyAccessToken(token)
    if (!result.ok) throw new HttpError(401, result.code, result.message)
    return result.value
  }

  function effects(classId: string): InvocationEffects {
    const collected: InvocationEffects = {
      lookupKeys: [],
      outbox: [],
      rdk: {
        now: opts.now,
        logger: opts.logger,
        generateCustomToken: (input) => opts.tokens.createCustomToken(input),
        setLookUpKey: (key) => {
          const tpl = classes.get(classId)
          if (!tpl?.lookupKeys?.includes(key.name)) throw new Error(`Class ${classId} declares no lookup key "${key.name}"`)
          collected.lookupKeys.push({ ...key })
        },
        sendEmail: (message) => {
          collected.outbox.push({ ...message, sentAt: new Date(opts.now()).toISOString() })
        },
      },
    }
    return collected
  }

  function makeData(call: CloudCall, caller: Caller, methodName: string, instanceId: string | undefined, state: InstanceState, body: unknown): Data {
    const queryStringParams: Record<string, string> = {}
    for (const [k, v] of Object.entries(call.request.query)) if (!RESERVED_QUERY.has(k)) queryStringParams[k] = v
    return {
      context: {
        requestId: call.requestId,
        projectId: opts.projectId,
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
      },
      state,
      request: {
        httpMethod: call.request.method,
        body,
        headers: call.request.headers,
        queryStringParams,
        requestTime: new Date(opts.now()).toISOString(),
      },
      response: { statusCode: 200 },
    }
  }

  async function authorize(tpl: ClassTemplate, data: Data, fx: InvocationEffects): Promise<void> {
    const result = await tpl.authorizer(data, fx.rdk)
    if (result.statusCode >= 200 && result.statusCode < 300) return
    const body = isRecord(result.body) ? result.body : {}
    throw new HttpError(
      result.statusCode,
      typeof body.code === 'string' ? body.code : result.statusCode === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
      typeof body.message === 'string' ? body.message : 'Access denied',
    )
  }

  function respond(res: HandlerResponse): BackendResponse {
    const status = Number.isInteger(res.statusCode) && res.statusCode >= 200 && res.statusCode <= 599 ? res.statusCode : 200
    return json(status, res.body, res.headers ?? {})
  }

  /**
   * Instances this process has mirrored. The Firestore emulator keeps nothing across restarts while
   * storage does, so an instance stored by an earlier run has no document until it is mirrored again.
   */
  const mirroredThisRun = new Set<string>()

  function publish(instance: StoredInstance): Promise<void> {
    if (!opts.mirror) return Promise.resolve()
    return opts.mirror
      .publish({
        projectId: instance.projectId,
        classId: instance.classId,
        instanceId: instance.instanceId,
        state: instance.state,
        owners: instance.owners,
      })
      .then(() => {
        mirroredThisRun.add(lockKey(instance.classId, instance.instanceId))
      })
      .catch((err: unknown) => opts.logger.warn('mirror publish failed', { instanceId: instance.instanceId, error: String(err) }))
  }

  /**
   * Writes a changed instance together with the side effects of the invocation, then mirrors it.
   * `mirrored` settles once the mirror wrote it (or gave up); callers normally do not wait for it.
   */
  function persist(
    tpl: ClassTemplate,
    base: Omit<StoredInstance, 'state' | 'owners' | 'updatedAt'>,
    state: InstanceState,
    fx: InvocationEffects,
  ): StoredInstance & { mirrored: Promise<void> } {
    const instance: StoredInstance = { ...base, state, owners: tpl.owners(state, base.instanceId), updatedAt: opts.now() }
    const lookupKeys: LookupKeyRecord[] = fx.lookupKeys.map((k) => ({
      projectId: opts.projectId,
      classId: tpl.classId,
      name: k.name,
      value: k.value,
      instanceId: base.instanceId,
    }))
    const changes: ChangeSet = { instance, lookupKeys, outbox: fx.outbox }
    opts.storage.commit(changes)
    if (opts.printOtpToTerminal) {
      for (const m of fx.outbox) opts.logger.info(`outbox: code ${m.code} for ${m.to}`, { to: m.to, code: m.code, subject: m.subject })
    }
    return { ...instance, mirrored: publish(instance) }
  }

  /** The instance id an existing instance is addressed by (id or `name!value`); 404 when unknown. */
  function resolveExisting(tpl: ClassTemplate, segment: string | undefined): StoredInstance {
    if (segment === undefined) throw new HttpError(400, 'MISSING_INSTANCE_ID', 'The instance id is missing from the path')
    let instanceId = segment
    const bang = segment.indexOf('!')
    if (bang >= 0) {
      const name = segment.slice(0, bang)
      const value = segment.slice(bang + 1)
      if (!tpl.lookupKeys?.includes(name)) throw new HttpError(400, 'UNKNOWN_LOOKUP_KEY', `Class ${tpl.classId} has no lookup key "${name}"`)
      const found = opts.storage.findLookupKey(opts.projectId, tpl.classId, name, value)
      if (!found) throw new HttpError(404, 'INSTANCE_NOT_FOUND', `No ${tpl.classId} instance has ${name} "${value}"`)
      instanceId = found
    } else {
      assertInstanceId(instanceId)
    }
    const instance = opts.storage.getInstance(opts.projectId, tpl.classId, instanceId)
    if (!instance) throw new HttpError(404, 'INSTANCE_NOT_FOUND', `There is no ${tpl.classId} instance "${instanceId}"`)
    return instance
  }

  async function deriveInstanceId(tpl: ClassTemplate, call: CloudCall, caller: Caller, body: unknown, fx: InvocationEffects): Promise<string> {
    if (!tpl.getInstanceId) return randomBytes(12).toString('hex')
    const id = await tpl.getInstanceId(makeData(call, caller, 'INIT', undefined, emptyState(), body), fx.rdk)
    assertInstanceId(id)
    return id
  }

  function methodsSummary(tpl: ClassTemplate) {
    return tpl.methods.map((m) => ({ name: m.method, type: m.type, sync: true, readonly: m.type !== 'WRITE' }))
  }

  async function instance(call: CloudCall): Promise<BackendResponse> {
    const tpl = templateOf(call.classId)
    const caller = callerOf(call.request)
    if (call.rest.length > 1) throw new HttpError(404, 'NOT_FOUND', 'INSTANCE takes at most one path segment after the class')
    const segment = call.rest[0]
    let body = call.request.body
    let instanceId: string
    const fx = effects(tpl.classId)

    if (segment !== undefined && segment.includes('!')) {
      const bang = segment.indexOf('!')
      const name = segment.slice(0, bang)
      const value = segment.slice(bang + 1)
      if (!tpl.lookupKeys?.includes(name)) throw new HttpError(400, 'UNKNOWN_LOOKUP_KEY', `Class ${tpl.classId} has no lookup key "${name}"`)
      if (value === '') throw new HttpError(400, 'BAD_LOOKUP_KEY', `The value of lookup key "${name}" is empty`)
      const found = opts.storage.findLookupKey(opts.projectId, tpl.classId, name, value)
      if (found) {
        instanceId = found
      } else {
        // An unknown key creates the instance the class derives from it (an Account for a new e-mail).
        if (!tpl.getInstanceId) throw new HttpError(404, 'INSTANCE_NOT_FOUND', `No ${tpl.classId} instance has ${name} "${value}"`)
        body = { ...(isRecord(body) ? body : {}), [name]: value }
        instanceId = await deriveInstanceId(tpl, call, caller, body, fx)
      }
    } else if (segment !== undefined) {
      assertInstanceId(segment)
      instanceId = segment
    } else {
      instanceId = await deriveInstanceId(tpl, call, caller, body, fx)
    }

    const existing = opts.storage.getInstance(opts.projectId, tpl.classId, instanceId)
    if (existing) return getExisting(tpl, call, caller, existing, body, fx)

    await authorize(tpl, makeData(call, caller, 'INIT', instanceId, emptyState(), body), fx)
    const release = await locks.acquire(lockKey(tpl.classId, instanceId))
    try {
      // Someone may have created it while we waited for the lock.
      const raced = opts.storage.getInstance(opts.projectId, tpl.classId, instanceId)
      if (raced) return getExisting(tpl, call, caller, raced, body, fx)
      const data = makeData(call, caller, 'INIT', instanceId, emptyState(), body)
      const out = (await tpl.init(data, fx.rdk)) ?? data
      const status = out.response?.statusCode ?? 200
      if (status < 200 || status >= 300) return respond(out.response)
      const now = opts.now()
      const created = persist(tpl, { projectId: opts.projectId, classId: tpl.classId, instanceId, createdAt: now }, normaliseState(out.state), fx)
      // Clients subscribe right after INSTANCE answers, and the rules deny a listener on a document
      // that does not exist yet (for good): let the first write land, within a bound.
      await settledWithin(created.mirrored, MIRROR_CREATE_WAIT_MS)
      return json(200, { instanceId, methods: methodsSummary(tpl), response: out.response?.body ?? null, newInstance: true })
    } finally {
      release()
    }
  }

  async function getExisting(tpl: ClassTemplate, call: CloudCall, caller: Caller, existing: StoredInstance, body: unknown, fx: InvocationEffects): Promise<BackendResponse> {
    await authorize(tpl, makeData(call, caller, 'GET', existing.instanceId, emptyState(), body), fx)
    // A returning customer after a restart: (re)create the document before the client subscribes,
    // for the same reason as on creation (the rules deny a listener on a missing document for good).
    if (opts.mirror && !mirroredThisRun.has(lockKey(tpl.classId, existing.instanceId))) {
      await settledWithin(publish(existing), MIRROR_CREATE_WAIT_MS)
    }
    const data = makeData(call, caller, 'GET', existing.instanceId, existing.state, body)
    let response: unknown = null
    if (tpl.get) {
      const out = (await tpl.get(data, fx.rdk)) ?? data
      const status = out.response?.statusCode ?? 200
      if (status < 200 || status >= 300) return respond(out.response)
      response = out.response?.body ?? null
    }
    return json(200, { instanceId: existing.instanceId, methods: methodsSummary(tpl), response, newInstance: false })
  }

  function methodOf(tpl: ClassTemplate, name: string | undefined): MethodTemplate {
    if (!name) throw new HttpError(404, 'METHOD_NOT_FOUND', 'The method name is missing from the path')
    const method = tpl.methods.find((m) => m.method === name)
    if (!method) throw new HttpError(404, 'METHOD_NOT_FOUND', `Class ${tpl.classId} has no method "${name}"`)
    return method
  }

  async function run(method: MethodTemplate, data: Data, fx: InvocationEffects): Promise<Data> {
    const out = (await method.handler(data, fx.rdk)) ?? data
    return { ...out, response: out.response ?? { statusCode: 200 } }
  }

  // A call without a body is checked as `{}`, so optional-only models accept it and `required` still bites.
  async function callMethod(call: CloudCall): Promise<BackendResponse> {
    const tpl = templateOf(call.classId)
    const method = methodOf(tpl, call.rest[0])
    const caller = callerOf(call.request)
    const fx = effects(tpl.classId)
    const body = call.request.body

    if (method.type === 'STATIC') {
      // STATIC methods have no instance: whatever follows the method name is ignored.
      const data = makeData(call, caller, method.method, undefined, emptyState(), body)
      await authorize(tpl, data, fx)
      if (method.inputModel) validateInput(method.inputModel, body ?? {})
      return respond((await run(method, data, fx)).response)
    }

    const existing = resolveExisting(tpl, call.rest[1])
    // Like Retter, authorizers see no state: ownership follows from the instance id and the token.
    await authorize(tpl, makeData(call, caller, method.method, existing.instanceId, emptyState(), body), fx)
    if (method.inputModel) validateInput(method.inputModel, body ?? {})

    if (method.type === 'READ') {
      const out = await run(method, makeData(call, caller, method.method, existing.instanceId, existing.state, body), fx)
      return respond(out.response)
    }

    const release = locks.tryAcquire(lockKey(tpl.classId, existing.instanceId))
    if (!release) throw new HttpError(570, 'INSTANCE_BUSY', `${tpl.classId} ${existing.instanceId} is busy with another write; retry`)
    try {
      const fresh = opts.storage.getInstance(opts.projectId, tpl.classId, existing.instanceId) ?? existing
      const out = await run(method, makeData(call, caller, method.method, fresh.instanceId, fresh.state, body), fx)
      // Retter keeps a method's state changes even when it answers 4xx/5xx.
      persist(tpl, fresh, normaliseState(out.state), fx)
      return respond(out.response)
    } finally {
      release()
    }
  }

  async function getState(call: CloudCall): Promise<BackendResponse> {
    const tpl = templateOf(call.classId)
    const caller = callerOf(call.request)
    if (call.rest.length !== 1) throw new HttpError(404, 'NOT_FOUND', 'STATE takes exactly one instance id')
    const existing = resolveExisting(tpl, call.rest[0])
    const fx = effects(tpl.classId)
    await authorize(tpl, makeData(call, caller, 'STATE', existing.instanceId, emptyState(), call.request.body), fx)
    if (!tpl.getState) return json(200, existing.state)
    const data = makeData(call, caller, 'STATE', existing.instanceId, existing.state, call.request.body)
    const out = (await tpl.getState(data, fx.rdk)) ?? data
    return respond(out.response ?? { statusCode: 200, body: out.state })
  }

  async function list(call: CloudCall): Promise<BackendResponse> {
    const tpl = templateOf(call.classId)
    const caller = callerOf(call.request)
    if (call.rest.length !== 0) throw new HttpError(404, 'NOT_FOUND', 'LIST takes no path segment after the class')
    await authorize(tpl, makeData(call, caller, 'LIST', undefined, emptyState(), call.request.body), effects(tpl.classId))
    // Only the caller's own instances: ids are derived from e-mails and would leak who has an account.
    const instanceIds = opts.storage
      .listInstances(opts.projectId, tpl.classId)
      .filter((i) => caller.userId !== '' && i.owners.includes(caller.userId))
      .map((i) => i.instanceId)
    return json(200, { instanceIds })
  }

  return {
    /** Serves one cloud-object call (path already split after `/{projectId}/{ACTION}/{classId}`). */
    handle(call: CloudCall): Promise<BackendResponse> {
      switch (call.action) {
        case 'INSTANCE':
          return instance(call)
        case 'CALL':
          return callMethod(call)
        case 'STATE':
          return getState(call)
        case 'LIST':
          return list(call)
      }
    },

    /** Merges `patch` into an instance's public state (dev endpoint); publishes it. */
    async mergePublicState(classId: string, instanceId: string, patch: Record<string, unknown>): Promise<InstanceState> {
      const tpl = templateOf(classId)
      assertInstanceId(instanceId)
      const release = await locks.acquire(lockKey(classId, instanceId))
      try {
        const existing = opts.storage.getInstance(opts.projectId, classId, instanceId)
        if (!existing) throw new HttpError(404, 'INSTANCE_NOT_FOUND', `There is no ${classId} instance "${instanceId}"`)
        const state = { ...existing.state, public: { ...existing.state.public, ...patch } }
        return persist(tpl, existing, state, effects(classId)).state
      } finally {
        release()
      }
    },
  }
}

export type Engine = ReturnType<typeof createEngine>
