/** Lookup keys in paths (`INSTANCE/{class}/{name}!{value}`, `CALL/{class}/{method}/{name}!{value}`). */
import { HttpError } from '../responses'

export interface LookupKey {
  name: string
  value: string
}

/** The key a path segment names, or undefined for a plain instance id. Empty names or values are 400. */
export function parseLookupSegment(segment: string): LookupKey | undefined {
  const bang = segment.indexOf('!')
  if (bang < 0) return undefined
  const name = segment.slice(0, bang)
  const value = segment.slice(bang + 1)
  if (name === '') throw new HttpError(400, 'BAD_LOOKUP_KEY', 'The lookup key name is empty')
  if (value === '') throw new HttpError(400, 'BAD_LOOKUP_KEY', `The value of lookup key "${name}" is empty`)
  return { name, value }
}
