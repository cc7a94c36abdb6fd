/**
 * The local stand-in for `@retter/rdk` 1.1.15 that class code gets at module resolution
 * (aliases.ts under tsx/node, moduleNameMapper under jest). `new RDK()` at module level works as
 * on Retter; each call is served by the invocation running at the time (AsyncLocalStorage), whose
 * operations the runtime provides. Operations the local runtime has no counterpart for fail with an
 * error naming them. Types are re-exported from the real package.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type {
  CloudObjectResponse,
  DeleteMemory,
  GenerateCustomToken,
  GenerateCustomTokenResponse,
  GetInstance,
  GetMemory,
  IncrementMemory,
  LookUpKey,
  MethodCall,
  OperationResponse,
  SetMemory,
} from '@retter/rdk'

export type * from '@retter/rdk'

/** An operation on records (database, sorted sets, files) or listings: input and answer as Retter's. */
// The inputs are checked by the runtime field by field, as the real operations take any JSON.
type RecordOperation = (input: Record<string, unknown>) => Promise<unknown>

/** What one invocation offers its handler's `rdk` calls (implemented by the runtime). */
export interface LocalOperations {
  writeToDatabase: RecordOperation
  readDatabase: RecordOperation
  queryDatabase: RecordOperation
  incrementDatabase: RecordOperation
  removeFromDatabase: RecordOperation
  removePartitionFromDatabase: RecordOperation
  addToSortedSet: RecordOperation
  getFromSortedSet: RecordOperation
  querySortedSet: RecordOperation
  removeFromSortedSet: RecordOperation
  setFile: RecordOperation
  getFile: RecordOperation
  listFiles: RecordOperation
  deleteFile: RecordOperation
  listInstanceIds: RecordOperation
  generateCustomToken(input: GenerateCustomToken): Promise<GenerateCustomTokenResponse>
  getInstance(input: GetInstance): Promise<CloudObjectResponse>
  methodCall(input: MethodCall): Promise<CloudObjectResponse>
  getState(input: GetInstance): Promise<CloudObjectResponse>
  setLookUpKey(input: LookUpKey): Promise<OperationResponse>
  getLookUpKey(input: LookUpKey): Promise<OperationResponse>
  deleteLookUpKey(input: LookUpKey): Promise<OperationResponse>
  getMemory(input: GetMemory): Promise<OperationResponse>
  setMemory(input: SetMemory): Promise<OperationResponse>
  incrementMemory(input: IncrementMemory): Promise<OperationResponse>
  deleteMemory(input: DeleteMemory): Promise<OperationResponse>
}

/** The operations the local runtime implements, for error messages. */
export const LOCAL_OPERATIONS: ReadonlyArray<keyof LocalOperations> = [
  'generateCustomToken',
  'getInstance',
  'methodCall',
  'getState',
  'setLookUpKey',
  'getLookUpKey',
  'deleteLookUpKey',
  'getMemory',
  'setMemory',
  'incrementMemory',
  'deleteMemory',
  'writeToDatabase',
  'readDatabase',
  'queryDatabase',
  'incrementDatabase',
  'removeFromDatabase',
  'removePartitionFromDatabase',
  'addToSortedSet',
  'getFromSortedSet',
  'querySortedSet',
  'removeFromSortedSet',
  'setFile',
  'getFile',
  'listFiles',
  'deleteFile',
  'listInstanceIds',
]

/** Real RDK operations that change the deployed project: nothing to emulate on one machine. */
const UNAVAILABLE = ['deployClass', 'upsertDependency', 'invalidateCache'] as const

const invocations = new AsyncLocalStorage<LocalOperations>()

/** Runs `fn` (a handler call) with `ops` serving every `rdk` call made inside it, across awaits. */
export function runWithOperations<T>(ops: LocalOperations, fn: () => Promise<T>): Promise<T> {
  return invocations.run(ops, fn)
}

function current(operation: string): LocalOperations {
  const ops = invocations.getStore()
  if (!ops) throw new Error(`rdk.${operation} was called outside a handler invocation (e.g. at module load); call it from a handler`)
  return ops
}

function unavailable(operation: string): never {
  throw new Error(
    `rdk.${operation} is not available in the local Retter runtime (rio-local): it changes the deployed project (deploy it with rio-cli); the runtime implements ${LOCAL_OPERATIONS.join(', ')}, pipeline`,
  )
}

/** Same name and shape as the real default export: `new RDK()`, no arguments. */
// Every local operation is a method (declaration merging with the interface below; the loop after
// it defines them on the prototype).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the loop below defines every method it declares
export default class CloudObjectsOperator {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- only merges the methods in
export default interface CloudObjectsOperator extends LocalOperations {}

for (const name of LOCAL_OPERATIONS) {
  Object.defineProperty(CloudObjectsOperator.prototype, name, {
    // Served by the invocation running at the time of the call, not at `new RDK()`.
    value(input: never) {
      const ops = current(name) as unknown as Record<string, (input: never) => unknown>
      return ops[name]!(input)
    },
    writable: true,
    configurable: true,
  })
}

/**
 * `rdk.pipeline()`: operations chained and sent together; `send()` runs them in the order they were
 * chained and answers each operation's results under its name, in order (rdk's OperationsOutput).
 */
function pipeline(this: CloudObjectsOperator): Record<string, unknown> {
  const queued: Array<{ name: string; input: unknown }> = []
  const builder: Record<string, unknown> = {
    async send(): Promise<Record<string, unknown[]>> {
      const output: Record<string, unknown[]> = {}
      for (const { name, input } of queued) {
        const ops = current(name) as unknown as Record<string, (input: unknown) => Promise<unknown>>
        const run = ops[name]
        if (!run) unavailable(name)
        ;(output[name] ??= []).push(await run(input))
      }
      return output
    },
  }
  for (const name of [...LOCAL_OPERATIONS, ...UNAVAILABLE]) {
    builder[name] = (input: unknown) => {
      if ((UNAVAILABLE as readonly string[]).includes(name)) unavailable(name)
      queued.push({ name, input })
      return builder
    }
  }
  return builder
}
Object.defineProperty(CloudObjectsOperator.prototype, 'pipeline', { value: pipeline, writable: true, configurable: true })

for (const name of UNAVAILABLE) {
  Object.defineProperty(CloudObjectsOperator.prototype, name, {
    value: () => unavailable(name),
    writable: true,
    configurable: true,
  })
}

/** The real package's runtime hook; locally the runtime needs no credentials. */
export function init(): void {}
