/**
 * CALL: runs a READ, WRITE, QUEUED_WRITE or STATIC method (authorizer, input models, per-instance
 * WRITE lock, the FIFO queue of QUEUED_WRITE, output and error models).
 */
import type { Data, Response } from '@retter/rdk'
import type { Caller } from '../../../auth/tokens'
import { HttpError, json } from '../../responses'
import type { BackendResponse } from '../../wire-types'
import type { LoadedClass, LoadedMethod } from '../types'
import { emptyState } from '../types'
import {
  answerChecked,
  authorize,
  callerOf,
  classOf,
  invoke,
  lockKey,
  makeData,
  methodOf,
  newEffects,
  persist,
  readExisting,
  resolveExistingId,
  resultOf,
  type CloudCall,
  type EngineContext,
} from '../context'
import { collectTasks, storeTasksAlone } from '../tasks/collect'
import { storedJsonOf } from '../../../storage/state-json'

// A call without a body is checked as `{}`, so optional-only models accept it and `required` still bites.
function validate(ctx: EngineContext, method: LoadedMethod, call: CloudCall): void {
  if (method.inputModel) ctx.models.validate(method.inputModel, call.request.body ?? {})
  if (method.queryStringModel) ctx.models.validate(method.queryStringModel, makeQuery(call))
}

function checkedAnswer(ctx: EngineContext, call: CloudCall, method: LoadedMethod, res: Response): BackendResponse {
  return answerChecked(ctx, call, method.method, res, method)
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
  return checkedAnswer(ctx, call, method, resultOf(data, out).response)
}

/** Runs a WRITE or QUEUED_WRITE method on the freshest state while holding the instance's lock. */
async function runWrite(ctx: EngineContext, call: CloudCall, method: LoadedMethod, caller: Caller, cls: LoadedClass, instanceId: string): Promise<BackendResponse> {
  // Read here, under the lock: what another write committed before is the state this call sees.
  const fresh = readExisting(ctx, cls, instanceId)
  // A state storage parsed for this read is the handler's to change: persist compares against the
  // JSON it was parsed from, so it needs no copy (other states are copied for the handler).
  const ownState = storedJsonOf(fresh.state) !== undefined
  const data = makeData(ctx, call, caller, method.method, fresh.instanceId, fresh.state, call.request.body, fresh.version, { ownState })
  const fx = newEffects()
  const returned = await invoke(ctx, call, data, fx, method.handler, method.method)
  const out = resultOf(data, returned)
  collectTasks(ctx, call, data, returned, fx)
  // Retter keeps a method's state changes even when it answers 4xx/5xx (and its delayed calls with them).
  persist(ctx, fresh, out.state, fx)
  return checkedAnswer(ctx, call, method, out.response)
}

/**
 * QUEUED_WRITE: Retter queues the call (FIFO per instance) and runs it in order, never 570; the
 * caller gets no answer of the method. Here the call is accepted with 202 once authorized and
 * validated, and runs when every call queued before it on the instance (and any WRITE running)
 * is done. A queued call's failure is logged, as nobody waits for it.
 */
function enqueue(ctx: EngineContext, call: CloudCall, method: LoadedMethod, caller: Caller, cls: LoadedClass, instanceId: string): BackendResponse {
  // acquire() is called now, synchronously: the lock's FIFO is the queue's order.
  const turn = ctx.locks.acquire(lockKey(cls.classId, instanceId))
  const job = turn.then(async (release) => {
    try {
      const res = await runWrite(ctx, call, method, caller, cls, instanceId)
      if (res.status >= 300) ctx.logger.warn(`queued ${call.classId}.${method.method} answered ${res.status}`, { requestId: call.requestId, instanceId, body: res.body.slice(0, 500) })
    } catch (err) {
      ctx.logger.warn(`queued ${call.classId}.${method.method} failed`, { requestId: call.requestId, instanceId, error: err instanceof Error ? err.message : String(err) })
    } finally {
      release()
    }
  })
  ctx.queued.add(job)
  void job.finally(() => ctx.queued.delete(job))
  return json(202, { queued: true })
}

export async function callAction(ctx: EngineContext, call: CloudCall): Promise<BackendResponse> {
  const cls = classOf(ctx, call.classId)
  const method = methodOf(cls, call.rest[0])
  const caller = await callerOf(ctx, call)
  const body = call.request.body

  if (method.type === 'STATIC') {
    // STATIC methods have no instance: whatever follows the method name is ignored.
    const data = makeData(ctx, call, caller, method.method, undefined, emptyState(), body)
    await authorize(ctx, cls, call, data)
    validate(ctx, method, call)
    return runKeepingNoState(ctx, call, method, data)
  }

  // The state is read only where a method runs (a WRITE's under its lock): the authorizer sees none.
  let instanceId = resolveExistingId(ctx, cls, call.rest[1])
  // Like Retter, authorizers see no state: ownership follows from the instance id and the token.
  await authorize(ctx, cls, call, makeData(ctx, call, caller, method.method, instanceId, emptyState(), body))
  validate(ctx, method, call)

  if (method.type === 'READ') {
    // A READ's state changes are discarded; its delayed calls are not. The state storage reads
    // here is this call's own copy (nothing else uses it), so the handler may have it as it is.
    const existing = readExisting(ctx, cls, instanceId)
    return runKeepingNoState(ctx, call, method, makeData(ctx, call, caller, method.method, existing.instanceId, existing.state, body, existing.version, { ownState: true }))
  }

  if (method.type === 'QUEUED_WRITE') return enqueue(ctx, call, method, caller, cls, instanceId)

  // A WRITE runs at once or answers 570 (also while queued writes hold the instance); a delayed
  // call waits its turn instead, as Retter's task queue retries a busy instance.
  const key = lockKey(cls.classId, instanceId)
  let release = ctx.locks.tryAcquire(key)
  if (!release && call.internal?.waitIfBusy) {
    const held = await ctx.locks.acquire(key)
    release = held
    try {
      // A lookup key may name another instance by now.
      instanceId = resolveExistingId(ctx, cls, call.rest[1])
    } catch (err) {
      held()
      throw err
    }
  }
  if (!release) throw new HttpError(570, 'INSTANCE_BUSY', `${cls.classId} ${instanceId} is busy with another write; retry`)
  try {
    return await runWrite(ctx, call, method, caller, cls, instanceId)
  } finally {
    release()
  }
}
