/**
 * Makes `require('@retter/rdk')` in class code load the local RDK (./rdk.ts) instead of the real
 * package, whose entry point needs aws-sdk and the Lambda runtime. Under jest the same mapping is
 * jest.config.js's moduleNameMapper (jest has its own resolver and never reaches this hook).
 */
import Module from 'node:module'
import { join } from 'node:path'

const LOCAL_RDK = join(__dirname, 'rdk.ts')

type ResolveFilename = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string

let installed = false

/** Idempotent; affects only the exact specifier `@retter/rdk`. */
export function installRdkAlias(): void {
  if (installed) return
  installed = true
  const mod = Module as unknown as { _resolveFilename: ResolveFilename }
  const original = mod._resolveFilename
  mod._resolveFilename = function (request, parent, isMain, options) {
    return original.call(this, request === '@retter/rdk' ? LOCAL_RDK : request, parent, isMain, options)
  }
}
