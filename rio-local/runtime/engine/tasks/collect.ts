/**
 * Where the actions hand over a handler's delayed calls: checked against the project (entries.ts)
 * and added to the invocation's effects, so they are stored in the same commit as its state; an
 * invocation with no state to store (STATIC, READ) stores them on their own.
 */
import type { Data } from '@retter/rdk'
import type { CloudCall, EngineContext, Effects } from '../context'
import { HttpError } from '../../responses'
import { tasksOf } from './entries'

/**
 * Adds the delayed calls of `data` / `out` to `fx` (stored by the action's `persist`).
 * @throws HttpError 500 INVALID_TASKS (logged) for a bad entry; the caller then stores nothing
 */
export function collectTasks(ctx: EngineContext, call: CloudCall, data: Data, out: unknown, fx: Effects): void {
  try {
    fx.tasks.push(
      ...tasksOf(
        {
          projectId: ctx.projectId,
          classes: ctx.classes,
          classId: call.classId,
          methodName: data.context.methodName,
          instanceId: data.context.instanceId,
          userId: data.context.userId,
          identity: data.context.identity,
          sourceIP: call.sourceIP,
          now: ctx.now(),
        },
        data,
        out,
      ),
    )
  } catch (err) {
    if (err instanceof HttpError) ctx.logger.error(err.message, { requestId: call.requestId, code: err.code })
    throw err
  }
}

/** Stores the delayed calls of an invocation that stores no state (STATIC, READ). */
export function storeTasksAlone(ctx: EngineContext, fx: Effects): void {
  if (fx.tasks.length === 0) return
  ctx.storage.commit({ tasks: fx.tasks })
  ctx.onTasksStored()
}
