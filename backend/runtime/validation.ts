/** Input-model validation with ajv, compiled once per model. */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import { HttpError } from './http'
import type { JsonSchema } from './types'

const ajv = new Ajv({ allErrors: true, strict: true })
const compiled = new WeakMap<JsonSchema, ValidateFunction>()

/** A compact, JSON-safe form of ajv's errors for the `issues` array. */
function toIssues(errors: ErrorObject[] | null | undefined) {
  return (errors ?? []).map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'is invalid', keyword: e.keyword, params: e.params }))
}

/**
 * Throws HttpError 400 `{code:'VALIDATION', message, issues}` when `body` does not satisfy `schema`.
 * @param schema the method's input model
 * @param body the decoded request body
 */
export function validateInput(schema: JsonSchema, body: unknown): void {
  let validate = compiled.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    compiled.set(schema, validate)
  }
  if (!validate(body)) {
    const issues = toIssues(validate.errors)
    const first = issues[0]
    const detail = first ? `: ${first.path} ${first.message}` : ''
    throw new HttpError(400, 'VALIDATION', `Model validation has been failed${detail}`, { issues })
  }
}
