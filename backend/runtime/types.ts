/**
 * The programming model of our cloud classes, after Retter's (template + handlers, `Data` in and
 * out). See ../../../shared/reference/retter-protocol.md section 1.
 */
import type { Logger } from '../logger'
import type { OutboxMessage } from '../../lib/contract'
import type { InstanceState } from './plugins'

export type MethodType = 'READ' | 'WRITE' | 'STATIC'

/** Authorizer method names besides the class's own methods. */
export type LifecycleAction = 'INIT' | 'GET' | 'STATE' | 'LIST'

/** A JSON Schema (draft 2020-12 subset ajv understands). */
export type JsonSchema = Record<string, unknown>

export interface Context {
  requestId: string
  projectId: string
  action: 'INSTANCE' | 'CALL' | 'STATE' | 'LIST'
  classId: string
  instanceId?: string
  /** A method name, or INIT / GET / STATE / LIST. */
  methodName: string
  /** Identity of the caller's token, or `none` without a token. */
  identity: string
  userId?: string
  claims: Record<string, unknown>
  isAnonymous: boolean
  culture: string
  platform?: string
  sourceIP: string
}

export interface HandlerResponse {
  statusCode: number
  body?: unknown
  headers?: Record<string, string>
}

export interface Data<I = unknown> {
  context: Context
  state: InstanceState
  request: {
    httpMethod: string
    body?: I
    headers: Record<string, string>
    queryStringParams: Record<string, string>
    requestTime: string
  }
  response: HandlerResponse
}

/** Services a handler may use (the role of `@retter/rdk` on Retter). Side effects commit with the state. */
export interface Rdk {
  /** Epoch milliseconds. */
  now(): number
  /** A single-use custom token for `authWithCustomToken` (valid 60 s). */
  generateCustomToken(input: { userId: string; identity: string; claims?: Record<string, unknown> }): string
  /** Binds a lookup key of this class to the calling instance. */
  setLookUpKey(key: { name: string; value: string }): void
  /** Delivers a message to the local outbox (our stand-in for an e-mail provider). */
  sendEmail(message: Omit<OutboxMessage, 'sentAt'>): void
  logger: Logger
}

export type Handler<I = unknown> = (data: Data<I>, rdk: Rdk) => Promise<Data<I>>
export type Authorizer = (data: Data, rdk: Rdk) => Promise<HandlerResponse>
export type GetInstanceId = (data: Data, rdk: Rdk) => Promise<string>

export interface MethodTemplate {
  method: string
  type: MethodType
  description?: string
  inputModel?: JsonSchema
  /** Receives a body already validated against `inputModel`. */
  handler: Handler
}

export interface ClassTemplate {
  classId: string
  description?: string
  /** Names of the lookup keys instances of this class may bind (`INSTANCE/{class}/{name}!{value}`). */
  lookupKeys?: string[]
  authorizer: Authorizer
  getInstanceId?: GetInstanceId
  init: Handler
  get?: Handler
  getState?: Handler
  /** userIds owning an instance, derived from its state (mirror `__owners`, LIST filter). */
  owners(state: InstanceState, instanceId: string): string[]
  methods: MethodTemplate[]
}

/** Empty state with the four parts Retter always provides. */
export function emptyState(): InstanceState {
  return { public: {}, private: {}, user: {}, role: {} }
}
