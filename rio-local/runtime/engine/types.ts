/**
 * A Retter v1 class as the local runtime holds it once loaded from its template.yml
 * (project/load.ts): the handler functions, method types and the names of their models.
 * Handlers receive `Data` of `@retter/rdk` and use `rdk` from the import, as on Retter.
 */
import type { Data, InitResponse, Response } from '@retter/rdk'
import type { InstanceState } from '../wire-types'
import type { ScheduleExpression } from './tasks/schedule-expression'
import type { Subscription } from './events/subscriptions'

export type MethodType = 'READ' | 'WRITE' | 'STATIC' | 'QUEUED_WRITE'

/** Authorizer method names besides the class's own methods. */
export type LifecycleAction = 'INIT' | 'GET' | 'STATE' | 'LIST'

/** init / get / methods: may return Data, a partial `{state, response}` (init) or nothing. */
export type ClassHandler = (data: Data) => Promise<Data | InitResponse | void> | Data | InitResponse | void

export interface LoadedMethod {
  method: string
  type: MethodType
  description?: string
  /** Model names (models/<name>.json). */
  inputModel?: string
  queryStringModel?: string
  /** Checked against a 2xx answer's body (outputModel) or another answer's (errorModel). */
  outputModel?: string
  errorModel?: string
  handler: ClassHandler
  /** `schedule:` of a STATIC method: the runtime calls it at these times while it runs. */
  schedule?: ScheduleExpression
  /** `subscriptions:` of a READ or STATIC method: the events delivered to it (events/subscriptions.ts). */
  subscriptions?: Subscription[]
}

export interface LoadedClass {
  classId: string
  init?: ClassHandler
  initInputModel?: string
  initOutputModel?: string
  initErrorModel?: string
  get?: ClassHandler
  getOutputModel?: string
  getErrorModel?: string
  getInstanceId?: (data: Data) => Promise<string> | string
  authorizer?: (data: Data) => Promise<Response> | Response
  getState?: (data: Data) => Promise<Response> | Response
  methods: LoadedMethod[]
}

/** Empty state with the four parts Retter always provides. */
export function emptyState(): InstanceState {
  return { public: {}, private: {}, user: {}, role: {} }
}
