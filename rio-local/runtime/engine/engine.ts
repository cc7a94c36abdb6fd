/**
 * The cloud-object runtime of one project: INSTANCE / CALL / STATE / LIST (one module per action
 * under actions/) over the classes of a Retter v1 project folder.
 */
import type { Logger } from '../../logger'
import type { TokenService } from '../../auth/tokens'
import type { LoadedProject } from '../../project/load'
import { createProjectMemory } from '../../project/memory'
import type { Storage } from '../../storage/types'
import { callAction } from './actions/call'
import { instanceAction } from './actions/instance'
import { listAction } from './actions/list'
import { stateAction } from './actions/state'
import { assertInstanceId, classOf, lockKey, newEffects, persist, type CloudCall, type EngineContext } from './context'
import { HttpError } from '../responses'
import { KeyedLock } from './locks'
import type { BackendResponse, InstanceState, StateMirror } from '../wire-types'
import { createTaskRunner } from './tasks/runner'
import { createScheduler } from './tasks/scheduler'

export type { CloudCall } from './context'

export interface EngineOptions {
  projectId: string
  storage: Storage
  tokens: TokenService
  project: LoadedProject
  mirror: StateMirror | null
  logger: Logger
  /** Epoch milliseconds. */
  now: () => number
  /** Run delayed calls and scheduled methods on timers (default true; false: only when asked). */
  timers?: boolean
  /** How many instances' delayed calls run at once (tasks/runner.ts; default DEFAULT_TASK_CONCURRENCY). */
  taskConcurrency?: number
}

/** Creates the runtime of one project. */
export function createEngine(opts: EngineOptions) {
  const ctx: EngineContext = {
    projectId: opts.projectId,
    storage: opts.storage,
    tokens: opts.tokens,
    classes: opts.project.classes,
    models: opts.project.models,
    memory: createProjectMemory(opts.now),
    mirror: opts.mirror,
    logger: opts.logger,
    now: opts.now,
    locks: new KeyedLock(),
    mirroredThisRun: new Set(),
    dispatch: (call) => handle(call),
    onTasksStored: () => tasks.wake(),
    queued: new Set(),
  }
  const timers = opts.timers ?? true
  const tasks = createTaskRunner({ projectId: opts.projectId, storage: opts.storage, logger: opts.logger, now: opts.now, dispatch: handle, timers, concurrency: opts.taskConcurrency })
  const schedules = createScheduler({ classes: opts.project.classes, logger: opts.logger, now: opts.now, dispatch: handle, timers })
  tasks.start()
  schedules.start()

  function handle(call: CloudCall): Promise<BackendResponse> {
    switch (call.action) {
      case 'INSTANCE':
        return instanceAction(ctx, call)
      case 'CALL':
        return callAction(ctx, call)
      case 'STATE':
        return stateAction(ctx, call)
      case 'LIST':
        return listAction(ctx, call)
    }
  }

  return {
    /** Serves one cloud-object call (path already split after `/{projectId}/{ACTION}/{classId}`). */
    handle,

    /** Delayed calls (`data.tasks`, `data.schedule`): stored entries and their runner. */
    tasks,

    /** STATIC methods with a `schedule:`. */
    schedules,

    /** Stops the timers of delayed calls and scheduled methods and waits for calls in progress. */
    async stop(): Promise<void> {
      await Promise.all([tasks.stop(), schedules.stop(), this.queuesIdle()])
    },

    /** Resolves once every QUEUED_WRITE call accepted so far (and any they queue) has run. */
    async queuesIdle(): Promise<void> {
      while (ctx.queued.size > 0) await Promise.all([...ctx.queued])
    },

    /** Merges `patch` into an instance's public state (dev endpoint); publishes it. */
    async mergePublicState(classId: string, instanceId: string, patch: Record<string, unknown>): Promise<InstanceState> {
      classOf(ctx, classId)
      assertInstanceId(instanceId)
      const release = await ctx.locks.acquire(lockKey(classId, instanceId))
      try {
        const existing = opts.storage.getInstance(opts.projectId, classId, instanceId)
        if (!existing) throw new HttpError(404, 'INSTANCE_NOT_FOUND', `There is no ${classId} instance "${instanceId}"`)
        const state = { ...existing.state, public: { ...existing.state.public, ...patch } }
        return persist(ctx, existing, state, newEffects()).state
      } finally {
        release()
      }
    },
  }
}

export type Engine = ReturnType<typeof createEngine>
