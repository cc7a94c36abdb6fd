/**
 * The project's models (`models/<Name>.json`, JSON Schema) compiled with ajv + ajv-formats, as Rio
 * validates input. A failure is Retter's 400 `{code:'VALIDATION', message, issues}`.
 */
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { HttpError } from '../runtime/responses'

export interface ModelRegistry {
  has(name: string): boolean
  /** Throws HttpError 400 VALIDATION when `value` does not satisfy model `name`. */
  validate(name: string, value: unknown): void
  /** The issues of `value` against model `name` (ajv's, as Retter lists them); empty when it satisfies it. */
  issues(name: string, value: unknown): ValidationIssue[]
}

/** One of ajv's errors as Retter's 400 VALIDATION answer lists it. */
export interface ValidationIssue {
  instancePath: string
  schemaPath: string
  keyword: string
  params: Record<string, unknown>
  message: string
}

function modelFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return modelFiles(path)
    return entry.endsWith('.json') ? [path] : []
  })
}

/** Compiles every model under `modelsDir`; `Group:Name` for `models/Group/Name.json` (rio-cli 1.13). */
export function createModelRegistry(modelsDir: string): ModelRegistry {
  const ajv = new Ajv({ allErrors: true, strict: true })
  addFormats(ajv)
  const compiled = new Map<string, ValidateFunction>()
  for (const file of modelFiles(modelsDir)) {
    const name = relative(modelsDir, file).replace(/\.json$/, '').split(sep).join(':')
    let schema: unknown
    try {
      schema = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      throw new Error(`Model ${name} (${file}) is not valid JSON`)
    }
    try {
      compiled.set(name, ajv.compile(schema as object))
    } catch (err) {
      throw new Error(`Model ${name} is not a schema ajv accepts: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  function issuesOf(name: string, value: unknown): ValidationIssue[] {
    const validate = compiled.get(name)
    if (!validate) throw new Error(`There is no model "${name}"`)
    if (validate(value)) return []
    return (validate.errors ?? []).map((e) => ({ instancePath: e.instancePath, schemaPath: e.schemaPath, keyword: e.keyword, params: e.params, message: e.message ?? 'is invalid' }))
  }
  return {
    has: (name) => compiled.has(name),
    validate(name, value) {
      const issues = issuesOf(name, value)
      if (issues.length > 0) throw new HttpError(400, 'VALIDATION', 'Model validation has been failed.', { issues })
    },
    issues: (name, value) => issuesOf(name, value),
  }
}
