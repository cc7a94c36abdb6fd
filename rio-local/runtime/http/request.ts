/** Decodes a BackendRequest into path segments, query parameters and a JSON body. */
import { Buffer } from 'node:buffer'
import type { BackendRequest, ParsedRequest } from '../wire-types'
import { HttpError } from '../responses'

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new HttpError(400, 'BAD_PATH', `Malformed percent-encoding in path segment "${segment.slice(0, 80)}"`)
  }
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'BAD_JSON', `The ${where} is not valid JSON`)
  }
}

const TARGET_BASE = 'http://backend.local'

/**
 * Parses a request target with the WHATWG URL parser. A target starting with `/` (the origin-form
 * every client sends) is read as a path, so `//__dev/outbox` is the path `//__dev/outbox` and not
 * a host named `__dev` (which a relative parse would make of it); any other target (the
 * absolute-form `http://host/path`) is read relative to a fixed base. Throws a TypeError when the
 * parser cannot read it.
 * @param target e.g. `/x/../__dev/outbox?to=a`
 */
export function parseTarget(target: string): URL {
  return target.startsWith('/') ? new URL(`${TARGET_BASE}${target}`) : new URL(target, TARGET_BASE)
}

const SINGLE_DOT = /^(?:\.|%2e)$/i
const DOUBLE_DOT = /^(?:\.|%2e){2}$/i

/**
 * A parsed pathname with any dot segments left in it resolved, as the WHATWG URL standard resolves
 * them: Node 20's parser (ada 2.9) leaves every one of them in a path that has a segment starting
 * with a dot after its first (`/a/.b/..` stays as it is; browsers read `/a/`). On a path without
 * dot segments this changes nothing.
 */
function resolveDotSegments(pathname: string): string {
  const segments = pathname.split('/').slice(1)
  const resolved: string[] = []
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1
    if (SINGLE_DOT.test(segment) || DOUBLE_DOT.test(segment)) {
      if (DOUBLE_DOT.test(segment)) resolved.pop()
      // A dot segment at the end leaves the path ending with a slash (`/a/b/..` is `/a/`).
      if (last) resolved.push('')
      return
    }
    resolved.push(segment)
  })
  return `/${resolved.join('/')}`
}

/**
 * A request target (path and query) as the router reads it: dot segments (`/./`, `/x/../`,
 * `/%2e/`, in any letter case) resolved and a backslash read as a slash, the way the WHATWG URL
 * parser does it (`parseTarget`), since that is what `parseRequest` routes on. Every decision about
 * a request (CORS, the dev endpoints, the Firebase Auth routes, the local TLS front's routing) must
 * use this form, or a path could look like one route to one decision and like another to the next.
 * The form is stable: normalising it again changes nothing. A target the parser cannot read stays
 * as it is (parseRequest answers it with 400).
 * @param target e.g. `/x/../__dev/outbox?to=a`
 */
export function normaliseTarget(target: string): string {
  try {
    const url = parseTarget(target)
    return `${resolveDotSegments(url.pathname)}${url.search}`
  } catch {
    return target
  }
}

/**
 * Parses the URL and body of a request. Throws HttpError 400 on malformed encodings or JSON.
 * @param req the transport-independent request
 */
export function parseRequest(req: BackendRequest): ParsedRequest {
  let url: URL
  try {
    url = parseTarget(req.url)
  } catch {
    throw new HttpError(400, 'BAD_PATH', 'The request URL cannot be parsed')
  }
  // Split the raw pathname ourselves: decoding first would turn an encoded "/" into a separator.
  const segments = url.pathname.split('/').filter((s) => s !== '').map(decodeSegment)
  const query: Record<string, string> = {}
  for (const [k, v] of url.searchParams) query[k] = v

  let body: unknown
  if (query.__isbase64 === 'true' && query.data !== undefined) {
    // URLSearchParams turns a literal "+" into a space; base64 never contains spaces.
    const decoded = Buffer.from(query.data.replace(/ /g, '+'), 'base64').toString('utf8')
    body = parseJson(decoded, 'base64 "data" parameter')
  } else if (req.body !== undefined && req.body.trim() !== '') {
    body = parseJson(req.body, 'request body')
  }
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = v
  return { method: req.method.toUpperCase(), segments, query, body, headers }
}
