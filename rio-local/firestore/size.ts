/**
 * How many bytes a document takes toward Cloud Firestore's limit of 1 MiB per document, counted
 * the way Firestore documents it ("Storage size calculations"): a string is its UTF-8 bytes + 1, a
 * number, timestamp or integer 8, a boolean or null 1, an array the sum of its values, a map the sum
 * of its field names (UTF-8 + 1) and values; a document adds its name (each collection and document
 * id of its path, UTF-8 + 1, plus 16) and 32 bytes.
 */

/** Firestore's maximum size of one document. */
export const FIRESTORE_DOCUMENT_LIMIT_BYTES = 1_048_576

function stringBytes(text: string): number {
  return Buffer.byteLength(text, 'utf8') + 1
}

/**
 * Bytes of one value as Firestore counts it (JSON-like values, as the mirror writes them).
 * @param value a string, number, boolean, null, array or plain object
 */
export function firestoreValueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1
  if (typeof value === 'number') return 8
  if (typeof value === 'string') return stringBytes(value)
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + firestoreValueBytes(item), 0)
  if (typeof value === 'object') {
    let sum = 0
    for (const [name, field] of Object.entries(value as Record<string, unknown>)) sum += stringBytes(name) + firestoreValueBytes(field)
    return sum
  }
  return 0
}

/**
 * Bytes of a whole document: its name, its fields, and Firestore's 32 bytes of overhead.
 * @param path the document's path below the database (`collection/doc/collection/doc`)
 * @param fields the document's fields
 */
export function firestoreDocumentBytes(path: string, fields: Record<string, unknown>): number {
  const name = path.split('/').filter((segment) => segment !== '').reduce((sum, segment) => sum + stringBytes(segment), 16)
  return name + firestoreValueBytes(fields) + 32
}
