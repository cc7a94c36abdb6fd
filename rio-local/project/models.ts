/**
 * The project's models (`models/<Name>.json`, JSON Schema) compiled with ajv + ajv-formats, as Rio
 * validates input. A failure is Retter's 400 `{code:'VALIDATION', message, issues}`.
 */
import Ajv, { type AnySchema, type ValidateFunction } from 'ajv'
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
  /** Compiles every model not compiled yet; the first that ajv refuses throws, naming it. */
  compileAll(): void
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

/**
 * The models under `modelsDir`, `Group:Name` for `models/Group/Name.json` (rio-cli 1.13). Each is
 * added to ajv here, which checks it against JSON Schema's meta-schema and registers its `$id` (a
 * duplicate is refused, a `$ref` to another model resolves whatever is used first), and compiled
 * when first used (or by `compileAll`): compiling all of a project's models took the shop about
 * 0.2 s, which every test file that made a runtime paid for the few models its calls use.
 */
export function createModelRegistry(modelsDir: string): ModelRegistry {
  const ajv = new Ajv({ allErrors: true, strict: true })
  addFormats(ajv)
  const names = new Set<string>()
  const refused = (name: string, err: unknown) => new Error(`Model ${name} is not a schema ajv accepts: ${err instanceof Error ? err.message : String(err)}`)
  for (const file of modelFiles(modelsDir)) {
    const name = relative(modelsDir, file).replace(/\.json$/, '').split(sep).join(':')
    let schema: unknown
    try {
      schema = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      throw new Error(`Model ${name} (${file}) is not valid JSON`)
    }
    // An array would be taken as several schemas.
    if (Array.isArray(schema)) throw refused(name, 'a schema is an object or a boolean, not an array')
    try {
      ajv.addSchema(schema as AnySchema, name)
    } catch (err) {
      throw refused(name, err)
    }
    names.add(name)
  }
  function validatorOf(name: string): ValidateFunction {
    if (!names.has(name)) throw new Error(`There is no model "${name}"`)
    let validate: ValidateFunction | undefined
    try {
      // Compiled the first time, ajv's own cache after that.
      validate = ajv.getSchema(name)
    } catch (err) {
      throw refused(name, err)
    }
    if (!validate) throw new Error(`There is no model "${name}"`)
    return validate
  }
  function issuesOf(name: string, value: unknown): ValidationIssue[] {
    const validate = validatorOf(name)
    if (validate(value)) return []
    return (validate.errors ?? []).map((e) => ({ instancePath: e.instancePath, schemaPath: e.schemaPath, keyword: e.keyword, params: e.params, message: e.message ?? 'is invalid' }))
  }
  return {
    has: (name) => names.has(name),
    validate(name, value) {
      const issues = issuesOf(name, value)
      if (issues.length > 0) throw new HttpError(400, 'VALIDATION', 'Model validation has been failed.', { issues })
    },
    issues: (name, value) => issuesOf(name, value),
    compileAll() {
      for (const name of names) validatorOf(name)
    },
  }
}
