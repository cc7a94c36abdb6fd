/**
 * A method's answer, one way for every class: `respond` with what it did, `refuse` what it would
 * not do ({code, message} with the status; the handler leaves the state as it was). Each returns
 * `data`, so a handler can end with `return refuse(data, 409, 'NOT_ACTIVE', '...')`.
 */
import type { Data } from '@retter/rdk'

/** Answers `statusCode` (200 unless said) with `body` (`{}` unless said). */
export function respond<D extends Pick<Data, 'response'>>(data: D, body?: unknown, statusCode?: number): D {
  data.response = { statusCode: statusCode === undefined ? 200 : statusCode, body: body === undefined ? {} : body }
  return data
}

/**
 * Answers `statusCode` with `{code, message}` (and `extra`'s fields after them, e.g. the field or
 * the seconds to wait): a caller reads `code`, a person reads `message`.
 */
export function refuse<D extends Pick<Data, 'response'>>(data: D, statusCode: number, code: string, message: string, extra?: { [key: string]: unknown }): D {
  const body: { [key: string]: unknown } = { code: code, message: message }
  if (extra) for (const key of Object.keys(extra)) body[key] = extra[key]
  data.response = { statusCode: statusCode, body: body }
  return data
}
