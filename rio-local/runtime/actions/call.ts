/** CALL: runs a READ, WRITE or STATIC method (authorizer, input models, per-instance WRITE lock). */
import type { Data } from '@retter/rdk'
import { HttpError } from '../http'
import type { BackendResponse } from '../plugins'
import type { LoadedMethod } from '../types'
import { emptyState } from '../types'
import {
  authorize,
  callerOf,
  classOf,
  invoke,
  lockKey,
  makeData,
  methodOf,
  newEffects,
  persist,
  resolveExisting,
  respond,
  resultOf,
  type CloudCall,
  type EngineContext,
} from '../context'
import { collectTasks, storeTasksAlone } from '../tasks/collect'

// A call without a body is checked as `{}`, so optional-only models accept it and `required` still bites.
function validate(ctx: EngineContext, method: LoadedMethod, call: CloudCall): void {
  if (method.inputModel) ctx.models.validate(method.inputModel, call.request.body ?? {})
  if (method.queryStringModel) ctx.models.validate(method.queryStringModel, makeQuery(call))
}

function makeQuery(call: CloudCall): Record<string, string> {
  const q: Record<string, string> = {}
  for (const [k, v] of Object.entries(call.request.query)) if (!k.startsWith('_')) q[k] = v
  return q
}

/** Runs a method that keeps no state (STATIC has none, a READ's changes are discarded); its delayed calls are stored on their own. */
async function runKeepingNoState(ctx: EngineContext, call: CloudCall, method: LoadedMethod, data: Data): Promise<BackendResponse> {
  const fx = newEffects()
  const out = await invoke(ctx, call, data, fx, method.handler, method.method)
  collectTasks(ctx, call, data, out, fx)
  storeTasksAlone(ctx, fx)
  return respond(resultOf(data, out).response)
}

export async function callAction(ctx: EngineContext, call: CloudCall): Promise<BackendResponse> {
  const cls = classOf(ctx, call.classId)
  const method = methodOf(cls, call.rest[0])
  const caller = callerOf(ctx, call)
  const body = call.request.body

  if (method.type === 'STATIC') {
    // STATIC methods have no instance: whatever follows the method name is ignored.
    const data = makeData(ctx, call, caller, method.method, undefined, emptyState(), body)
    await authorize(ctx, cls, call, data)
    validate(ctx, method, call)
    return runKeepingNoState(ctx, call, method, data)
  }

  const existing = resolveExisting(ctx, cls, call.rest[1])
  // Like Retter, authorizers see no state: ownership follows from the instance id and the token.
  await authorize(ctx, cls, call, makeData(ctx, call, caller, method.method, existing.instanceId, emptyState(), body))
  validate(ctx, method, call)

  if (method.type === 'READ') {
    // A READ's state changes are discarded; its delayed calls are not.
    return runKeepingNoState(ctx, call, method, makeData(ctx, call, caller, method.method, existing.instanceId, existing.state, body))
  }

  const release = ctx.locks.tryAcquire(lockKey(cls.classId, existing.instanceId))
  if (!release) throw new HttpError(570, 'INSTANCE_BUSY', `${cls.classId} ${existing.instanceId} is busy with another write; retry`)
  try {
    const fresh = ctx.storage.getInstance(ctx.projectId, cls.classId, existing.instanceId) ?? existing
    const data = makeData(ctx, call, caller, method.method, fresh.instanceId, fresh.state, body)
    const fx = newEffects()
    const returned = await invoke(ctx, call, data, fx, method.handler, method.method)
    const out = resultOf(data, returned)
    collectTasks(ctx, call, data, returned, fx)
    // Retter keeps a method's state changes even when it answers 4xx/5xx (and its delayed calls with them).
    persist(ctx, fresh, out.state, fx)
    return respond(out.response)
  } finally {
    release()
  }
}
