/**
 * Module resolution of class code under tsx/node, as on Retter:
 * - `require('@retter/rdk')` loads the local RDK (./rdk.ts) instead of the real package, whose
 *   entry point needs aws-sdk and the Lambda runtime;
 * - `require('<name>')` (or `<name>/sub/path`) of a project dependency loads `dependencies/<name>/`
 *   when the requiring class lists it (./dependencies.ts has the rule).
 * Under jest the same mappings are jest.config.js's moduleNameMapper (`@retter/rdk`) and
 * jest-resolver.js (dependencies): jest has its own resolver and never reaches this hook.
 */
import Module from 'node:module'
import { dirname, join } from 'node:path'
import { dependencyRequestTarget } from './dependencies'

const LOCAL_RDK = join(__dirname, 'rdk.ts')

type ResolveFilename = (request: string, parent: { filename?: string | null } | null | undefined, isMain: boolean, options?: unknown) => string

let installed = false

/** Idempotent; changes only `@retter/rdk` and the dependency names the requiring class lists. */
export function installClassResolution(): void {
  if (installed) return
  installed = true
  const mod = Module as unknown as { _resolveFilename: ResolveFilename }
  const original = mod._resolveFilename
  mod._resolveFilename = function (request, parent, isMain, options) {
    if (request === '@retter/rdk') return original.call(this, LOCAL_RDK, parent, isMain, options)
    const from = parent && parent.filename ? dirname(parent.filename) : undefined
    const target = from ? dependencyRequestTarget(request, from) : undefined
    return original.call(this, target ?? request, parent, isMain, options)
  }
}
