/** INSTANCE: gets or creates an instance by id, by lookup key, or through the class's getInstanceId. */
import { randomBytes } from 'node:crypto'
import type { Caller } from '../../../auth/tokens'
import type { StoredInstance } from '../../../storage/types'
import { HttpError, json } from '../../responses'
import type { BackendResponse } from '../../wire-types'
import type { LoadedClass } from '../types'
import { emptyState } from '../types'
import {
  answerChecked,
  assertInstanceId,
  authorize,
  callerOf,
  classOf,
  invoke,
  lockKey,
  makeData,
  methodsSummary,
  newEffects,
  parseLookupKeyOrId,
  persist,
  publish,
  resultOf,
  type CloudCall,
  type EngineContext,
} from '../context'
import { collectTasks } from '../tasks/collect'

/** How long INSTANCE waits for the mirror's first write before answering anyway. */
const MIRROR_CREATE_WAIT_MS = 2000

async function deriveInstanceId(ctx: EngineContext, cls: LoadedClass, call: CloudCall, caller: Caller, body: unknown): Promise<string> {
  // The init model is checked first, so getInstanceId only ever sees a body init would accept.
  if (cls.initInputModel) ctx.models.validate(cls.initInputModel, body ?? {})
  const getInstanceId = cls.getInstanceId
  if (!getInstanceId) return randomBytes(12).toString('hex')
  const data = makeData(ctx, call, caller, 'INIT', undefined, emptyState(), body)
  const id = await invoke(ctx, call, data, newEffects(), (d) => getInstanceId(d), 'getInstanceId')
  assertInstanceId(id)
  return id
}

async function getExisting(ctx: EngineContext, cls: LoadedClass, call: CloudCall, caller: Caller, existing: StoredInstance, body: unknown): Promise<BackendResponse> {
  await authorize(ctx, cls, call, makeData(ctx, call, caller, 'GET', existing.instanceId, emptyState(), body))
  // A returning customer after a restart: (re)create the documents before the client subscribes,
  // for the same reason as on creation (the rules deny a listener on a missing document for good).
  if (ctx.mirror && !ctx.mirroredThisRun.has(lockKey(cls.classId, existing.instanceId))) {
    await publish(ctx, existing, MIRROR_CREATE_WAIT_MS)
  }
  // The client subscribes as soon as this answers, and the Firestore emulator corrupts a listener's
  // stream when a write to its document lands during the listener's first snapshot (Firebase then
  // waits 30-60 s before listening again): let writes already on their way (a sign-in's) land first.
  await ctx.mirror?.settle?.({ projectId: ctx.projectId, classId: cls.classId, instanceId: existing.instanceId }, MIRROR_CREATE_WAIT_MS)
  let response: unknown = null
  const get = cls.get
  if (get) {
    const data = makeData(ctx, call, caller, 'GET', existing.instanceId, existing.state, body, existing.version)
    const out = resultOf(data, await invoke(ctx, call, data, newEffects(), (d) => get(d), 'get'))
    const models = { outputModel: cls.getOutputModel, errorModel: cls.getErrorModel }
    if (out.response.statusCode < 200 || out.response.statusCode >= 300) return answerChecked(ctx, call, 'get', out.response, models)
    const getAnswer = answerChecked(ctx, call, 'get', { statusCode: 200, body: out.response.body ?? {} }, models)
    if (getAnswer.status !== 200) return getAnswer
    response = out.response.body ?? null
  }
  return json(200, { instanceId: existing.instanceId, methods: methodsSummary(cls), response, newInstance: false })
}

export async function instanceAction(ctx: EngineContext, call: CloudCall): Promise<BackendResponse> {
  const cls = classOf(ctx, call.classId)
  const caller = await callerOf(ctx, call)
  if (call.rest.length > 1) throw new HttpError(404, 'NOT_FOUND', 'INSTANCE takes at most one path segment after the class')
  const segment = call.rest[0]
  const body = call.request.body
  let instanceId: string
  const target = segment === undefined ? undefined : parseLookupKeyOrId(segment)

  if (target === undefined) {
    instanceId = await deriveInstanceId(ctx, cls, call, caller, body)
  } else if (typeof target === 'string') {
    instanceId = target
  } else {
    // As on Retter, a lookup key only finds: an unknown one is 404 and creates nothing (Retter's
    // authentication sample looks a user up by key and creates one only when that fails).
    const found = ctx.storage.findLookupKey(ctx.projectId, cls.classId, target.name, target.value)
    if (!found) throw new HttpError(404, 'INSTANCE_NOT_FOUND', `No ${cls.classId} instance has ${target.name} "${target.value}"`)
    instanceId = found
  }

  const existing = ctx.storage.getInstance(ctx.projectId, cls.classId, instanceId)
  if (existing) return getExisting(ctx, cls, call, caller, existing, body)

  await authorize(ctx, cls, call, makeData(ctx, call, caller, 'INIT', instanceId, emptyState(), body))
  if (cls.initInputModel) ctx.models.validate(cls.initInputModel, body ?? {})
  const release = await ctx.locks.acquire(lockKey(cls.classId, instanceId))
  try {
    // Someone may have created it while we waited for the lock.
    const raced = ctx.storage.getInstance(ctx.projectId, cls.classId, instanceId)
    if (raced) return getExisting(ctx, cls, call, caller, raced, body)
    const data = makeData(ctx, call, caller, 'INIT', instanceId, emptyState(), body)
    const fx = newEffects()
    const init = cls.init
    const returned = init ? await invoke(ctx, call, data, fx, (d) => init(d), 'init') : data
    const out = resultOf(data, returned)
    // Unlike a method's, INIT's state is dropped when it answers an error (its delayed calls too).
    const models = { outputModel: cls.initOutputModel, errorModel: cls.initErrorModel }
    if (out.response.statusCode < 200 || out.response.statusCode >= 300) return answerChecked(ctx, call, 'init', out.response, models)
    const initAnswer = answerChecked(ctx, call, 'init', { statusCode: 200, body: out.response.body ?? {} }, models)
    if (initAnswer.status !== 200) return initAnswer
    collectTasks(ctx, call, data, returned, fx)
    const base = { projectId: ctx.projectId, classId: cls.classId, instanceId, createdAt: ctx.now() }
    // Clients subscribe right after INSTANCE answers, and the rules deny a listener on a document
    // that does not exist yet (for good): let the first write land, within a bound.
    await persist(ctx, base, out.state, fx, MIRROR_CREATE_WAIT_MS).mirrored
    return json(200, { instanceId, methods: methodsSummary(cls), response: out.response.body ?? null, newInstance: true })
  } finally {
    release()
  }
}
