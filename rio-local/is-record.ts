/** The one test for "a plain object with string keys" the runtime applies to parsed JSON and YAML. */

/**
 * Whether `value` is a non-null, non-array object, e.g. a JSON body, a YAML mapping or a stored state.
 * @param value anything parsed from outside
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
