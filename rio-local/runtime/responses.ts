/** Helpers for building the backend's JSON responses and typed HTTP errors. */
import type { BackendResponse } from './wire-types'

/** An error that maps to an HTTP answer with a JSON `{code, message}` body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' }

/** A JSON response; `undefined` bodies are sent as `null` so every answer stays valid JSON. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): BackendResponse {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body ?? null) }
}

/** The JSON error answer for an HttpError. */
export function errorResponse(err: HttpError): BackendResponse {
  return json(err.status, { code: err.code, message: err.message, ...err.extra })
}
