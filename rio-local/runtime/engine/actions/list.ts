/**
 * LIST: the instances of a class that hold user state for the caller, i.e. the ones that keep
 * something of theirs (all instance ids would tell any caller how many customers there are). Read
 * from storage's per-user index, so the cost follows the answer, not the number of instances.
 */
import { HttpError, json } from '../../responses'
import type { BackendResponse } from '../../wire-types'
import { emptyState } from '../types'
import { authorize, callerOf, classOf, makeData, type CloudCall, type EngineContext } from '../context'

export async function listAction(ctx: EngineContext, call: CloudCall): Promise<BackendResponse> {
  const cls = classOf(ctx, call.classId)
  const caller = await callerOf(ctx, call)
  if (call.rest.length !== 0) throw new HttpError(404, 'NOT_FOUND', 'LIST takes no path segment after the class')
  await authorize(ctx, cls, call, makeData(ctx, call, caller, 'LIST', undefined, emptyState(), call.request.body))
  const instanceIds = caller.userId === '' ? [] : ctx.storage.listInstanceIdsForUser(ctx.projectId, cls.classId, caller.userId)
  return json(200, { instanceIds })
}
