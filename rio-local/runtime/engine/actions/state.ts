/** STATE: the instance's state through the class's getState (the whole state without one). */
import { HttpError, json } from '../../responses'
import type { BackendResponse } from '../../wire-types'
import { emptyState } from '../types'
import { authorize, callerOf, classOf, invoke, makeData, newEffects, resolveExisting, respond, type CloudCall, type EngineContext } from '../context'

export async function stateAction(ctx: EngineContext, call: CloudCall): Promise<BackendResponse> {
  const cls = classOf(ctx, call.classId)
  const caller = await callerOf(ctx, call)
  if (call.rest.length !== 1) throw new HttpError(404, 'NOT_FOUND', 'STATE takes exactly one instance id')
  const existing = resolveExisting(ctx, cls, call.rest[0])
  await authorize(ctx, cls, call, makeData(ctx, call, caller, 'STATE', existing.instanceId, emptyState(), call.request.body))
  const getState = cls.getState
  if (!getState) return json(200, existing.state)
  const data = makeData(ctx, call, caller, 'STATE', existing.instanceId, existing.state, call.request.body, existing.version)
  const out = await invoke(ctx, call, data, newEffects(), (d) => getState(d), 'getState')
  return respond(out ?? { statusCode: 200, body: existing.state })
}
