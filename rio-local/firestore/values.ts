/**
 * JSON state <-> Firestore REST `Value` encoding (https://firebase.google.com/docs/firestore/reference/rest/v1/Value).
 */

export type FirestoreValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { stringValue: string }
  | { timestampValue: string }
  | { arrayValue: { values?: FirestoreValue[] } }
  | { mapValue: { fields?: Record<string, FirestoreValue> } }

/** Field names Firestore reserves (`__name__` and the like); a write carrying one is rejected whole. */
export function isReservedFieldName(name: string): boolean {
  return name === '' || /^__.*__$/.test(name)
}

/**
 * Encodes a JSON-like value. `undefined`, functions and symbols are left out (as JSON.stringify
 * would), so the result is undefined for them.
 * @param onDropped called with the dotted path of every value or key that cannot be stored.
 */
export function toFirestoreValue(value: unknown, onDropped?: (path: string) => void, path = ''): FirestoreValue | undefined {
  if (value === null) return { nullValue: null }
  switch (typeof value) {
    case 'boolean':
      return { booleanValue: value }
    case 'string':
      return { stringValue: value }
    case 'bigint':
      return { integerValue: value.toString() }
    case 'number':
      return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value }
    case 'object': {
      if (value instanceof Date) return { timestampValue: value.toISOString() }
      if (Array.isArray(value)) {
        // Firestore arrays cannot hold arrays; JSON.stringify turns holes into null, so do we.
        const values = value.map((item, i) => {
          if (Array.isArray(item)) {
            onDropped?.(`${path}[${i}]`)
            return { nullValue: null }
          }
          return toFirestoreValue(item, onDropped, `${path}[${i}]`) ?? { nullValue: null }
        })
        return { arrayValue: { values } }
      }
      return { mapValue: { fields: toFirestoreFields(value as Record<string, unknown>, onDropped, path) } }
    }
    default:
      onDropped?.(path)
      return undefined
  }
}

/** Encodes an object's own enumerable keys as a `fields` map (reserved names are dropped). */
export function toFirestoreFields(
  object: Record<string, unknown>,
  onDropped?: (path: string) => void,
  path = '',
): Record<string, FirestoreValue> {
  const fields: Record<string, FirestoreValue> = {}
  for (const [key, raw] of Object.entries(object)) {
    const keyPath = path ? `${path}.${key}` : key
    if (isReservedFieldName(key)) {
      onDropped?.(keyPath)
      continue
    }
    const encoded = toFirestoreValue(raw, onDropped, keyPath)
    if (encoded !== undefined) fields[key] = encoded
  }
  return fields
}

/** Decodes a Firestore REST value (tests and diagnostics read documents back with it). */
export function fromFirestoreValue(value: FirestoreValue): unknown {
  if ('nullValue' in value) return null
  if ('booleanValue' in value) return value.booleanValue
  if ('integerValue' in value) return Number(value.integerValue)
  if ('doubleValue' in value) return Number(value.doubleValue)
  if ('stringValue' in value) return value.stringValue
  if ('timestampValue' in value) return value.timestampValue
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromFirestoreValue)
  return fromFirestoreFields(value.mapValue.fields ?? {})
}

/** Decodes a `fields` map into a plain object. */
export function fromFirestoreFields(fields: Record<string, FirestoreValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) out[key] = fromFirestoreValue(value)
  return out
}
