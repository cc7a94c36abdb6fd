/**
 * Where the actions hand over a handler's delayed calls and published events: checked against the
 * project (entries.ts, events/publish.ts) and added to the invocation's effects, so they are stored
 * in the same commit as its state (an event's deliveries are delayed calls due at once); an
 * invocation with no state to store (STATIC, READ) stores them on their own.
 */
import type { Data } from '@retter/rdk'
import type { CloudCall, EngineContext, Effects } from '../context'
import { HttpError } from '../../responses'
import type { LoadedClass } from '../types'
import { deliveriesOf, eventsOf, type Subscriber } from '../events/publish'
import { tasksOf, type TaskSource } from './entries'

const subscribersByProject = new WeakMap<Map<string, LoadedClass>, Subscriber[]>()

/** Every subscribed method of the project, in class and template order. */
function subscribersOf(classes: Map<string, LoadedClass>): Subscriber[] {
  let found = subscribersByProject.get(classes)
  if (!found) {
    found = [...classes.values()].flatMap((cls) =>
      cls.methods.flatMap((m) => (m.subscriptions ? [{ classId: cls.classId, method: m.method, subscriptions: m.subscriptions }] : [])),
    )
    subscribersByProject.set(classes, found)
  }
  return found
}

/**
 * Adds the delayed calls and the published events' deliveries of `data` / `out` to `fx` (stored by the action's `persist`).
 * @throws HttpError 500 INVALID_TASKS / INVALID_EVENTS (logged) for a bad entry; the caller then stores nothing
 */
export function collectTasks(ctx: EngineContext, call: CloudCall, data: Data, out: unknown, fx: Effects): void {
  try {
    const source: TaskSource = {
      projectId: ctx.projectId,
      classes: ctx.classes,
      classId: call.classId,
      methodName: data.context.methodName,
      instanceId: data.context.instanceId,
      userId: data.context.userId,
      identity: data.context.identity,
      sourceIP: call.sourceIP,
      now: ctx.now(),
    }
    const tasks = tasksOf(source, data, out)
    const events = eventsOf(`${call.classId}.${data.context.methodName}`, data, out)
    fx.tasks.push(...tasks, ...deliveriesOf(source, subscribersOf(ctx.classes), events, ctx.logger))
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
