/**
 * The front of every local stack (`npm run dev`, `npm run start:local`, the e2e run): TLS and
 * HTTP/2 for the Next server behind it (`next dev` or `next start`, both plain http on a loopback
 * port), and the `/rio` route to the local backend, the way a production edge serves an app and
 * puts an API beside it. One route in every mode: the app carries no local-only routing (no Next
 * rewrite, whose client-side matcher a production build would ship to every visitor), and the
 * backend's dev endpoints are refused here by the backend's own test (`isDevPath`).
 *
 * WebSockets (`next dev`'s hot reload at `/_next/hmr`) are tunnelled to the app over HTTP/1.1: the
 * front does not announce WebSockets over HTTP/2 (RFC 8441), so browsers open an HTTP/1.1
 * connection for them, which `allowHTTP1` accepts.
 */
import fs from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER, clientAddressHeaders } from '../../rio-local/runtime/http/client-address'
import { isDevPath } from '../../rio-local/runtime/http/dev-path'
import { normaliseTarget } from '../../rio-local/runtime/http/request'
import { isWebSocketUpgrade, refuseUpgrade, tunnelWebSocket } from './websocket-tunnel'

export interface HttpsProxy {
  close(): Promise<void>
}

/** Where the front sends one request. */
export type FrontRoute =
  | { to: 'app'; path: string }
  | { to: 'backend'; path: string }
  | { to: 'refused'; status: 400 | 404; reason: string }

/** The path prefix the SDK's url points at in local mode (`${host}/rio`). */
export const BACKEND_PREFIX = '/rio'

/**
 * Routes a request target. It is read in the backend's own form (`normaliseTarget`: dot segments
 * resolved), so `/x/../rio/...` is `/rio/...` here as it would be to any server behind. `/rio/...`
 * goes to the backend without the prefix, in that form; anything else goes to the app unchanged.
 * The backend's dev endpoints (codes, state writes; `isDevPath`, any letter case or
 * percent-encoding) are for tools on this machine only and are refused with 404, as is nothing
 * else; a `/rio` path whose percent-encoding is malformed is refused with 400.
 * @param target the request target as the client sent it, e.g. `/rio/coffee-local/CALL/...?x=1`
 */
export function routeRequest(target: string): FrontRoute {
  const normalised = normaliseTarget(target)
  const queryAt = normalised.indexOf('?')
  const pathname = queryAt === -1 ? normalised : normalised.slice(0, queryAt)
  if (pathname !== BACKEND_PREFIX && !pathname.startsWith(`${BACKEND_PREFIX}/`)) return { to: 'app', path: target }
  const rest = normalised.slice(BACKEND_PREFIX.length)
  const path = rest.startsWith('/') ? rest : `/${rest}`
  if (isDevPath(path)) return { to: 'refused', status: 404, reason: 'Not found' }
  try {
    decodeURIComponent(pathname)
  } catch {
    return { to: 'refused', status: 400, reason: 'Malformed percent-encoding in the path' }
  }
  return { to: 'backend', path }
}

/**
 * Headers HTTP/2 does not carry (RFC 9113 section 8.2.2): the app's HTTP/1.1 answers may hold them,
 * and forwarding one to an HTTP/2 client is an error.
 */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

/**
 * A request's headers as the HTTP/1.1 server behind the front expects them, with the body framed
 * explicitly. Bytes of a body the server was not told about would be read by it as a next request
 * on the connection (request smuggling past the `__dev` filter), so a body arrives either with the
 * length HTTP/1.1's parser already checked, or chunked.
 * @param hasBody the client sent a body (HTTP/1.1: a length or chunked; HTTP/2: the stream did not
 *   end with its headers)
 * @param lengthChecked the `content-length` was enforced on the way in (HTTP/1.1's parser does)
 */
function upstreamHeaders(headers: http.IncomingHttpHeaders, authority: string, body: { hasBody: boolean; lengthChecked: boolean }): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    // HTTP/2 pseudo-headers (`:path`, `:authority`, ...) are not headers to an HTTP/1.1 server.
    if (name.startsWith(':') || CONNECTION_HEADERS.has(name) || value === undefined) continue
    // Only the front says who the client is (below); whatever a client wrote there is dropped.
    if (name === CLIENT_ADDRESS_HEADER || name === CLIENT_ADDRESS_SIGNATURE_HEADER) continue
    if (name === 'content-length' && !body.lengthChecked) continue
    out[name] = value
  }
  if (body.hasBody && out['content-length'] === undefined) out['transfer-encoding'] = 'chunked'
  out.host = authority
  out['x-forwarded-proto'] = 'https'
  out['x-forwarded-host'] = authority
  return out
}

/** Whether a request carries a body, and whether its length was enforced on the way in. */
function bodyOf(req: http2.Http2ServerRequest | http.IncomingMessage): { hasBody: boolean; lengthChecked: boolean } {
  if (req instanceof http2.Http2ServerRequest) {
    // An HTTP/2 stream that ended with its headers has no body; any other may (the length header,
    // if any, is only a claim here, so the body goes chunked).
    return { hasBody: !req.stream.endAfterHeaders, lengthChecked: false }
  }
  const length = req.headers['content-length']
  return { hasBody: (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined, lengthChecked: true }
}

/**
 * `next dev` (Turbopack, pages router) lists this file among every page's scripts but its dev server
 * answers it with the matchers as JSON (`application/json`), so with `X-Content-Type-Options:
 * nosniff`, which every page carries, the browser refuses it and logs an error on every page. The
 * front gives the browser the script Next writes for it on disk instead. Production builds have no
 * `development` folder under `/_next/static/`, so this never touches them.
 */
export const DEV_MIDDLEWARE_SCRIPT = '/_next/static/development/_clientMiddlewareManifest.js'

/**
 * The script `next dev` means to serve at DEV_MIDDLEWARE_SCRIPT, from the JSON it answers there:
 * the same two statements as the file it writes (`self.__MIDDLEWARE_MATCHERS = …`, then the
 * waiting callback, if any).
 * @param json the matchers as `next dev` answered them; anything but a JSON array is an error
 */
export function devMiddlewareScript(json: string): string {
  const matchers: unknown = JSON.parse(json)
  if (!Array.isArray(matchers)) throw new Error(`${DEV_MIDDLEWARE_SCRIPT}: expected a JSON array of matchers from next dev, got ${json.slice(0, 80)}`)
  return `self.__MIDDLEWARE_MATCHERS = ${JSON.stringify(matchers)};self.__MIDDLEWARE_MATCHERS_CB && self.__MIDDLEWARE_MATCHERS_CB()`
}

/** Whether an app answer is next dev's JSON at DEV_MIDDLEWARE_SCRIPT (see there). */
function isDevMiddlewareJson(path: string, headers: http.IncomingHttpHeaders): boolean {
  const pathname = path.split('?')[0]
  return pathname === DEV_MIDDLEWARE_SCRIPT && /^application\/json\b/i.test(headers['content-type'] ?? '')
}

/** Answers with next dev's matchers (read whole from `upRes`) as the script it meant to serve. */
function answerDevMiddlewareScript(upRes: http.IncomingMessage, res: http2.Http2ServerResponse | http.ServerResponse): void {
  const chunks: Buffer[] = []
  upRes.on('data', (chunk: Buffer) => chunks.push(chunk))
  upRes.on('end', () => {
    let body: string
    try {
      body = devMiddlewareScript(Buffer.concat(chunks).toString('utf8'))
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
      res.end(error instanceof Error ? error.message : String(error))
      return
    }
    const headers = downstreamHeaders(upRes.headers)
    delete headers['content-length']
    delete headers.etag
    res.writeHead(upRes.statusCode ?? 200, { ...headers, 'content-type': 'application/javascript; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    res.end(body)
  })
}

/** An answer's headers as the client may receive them over HTTP/2 or HTTP/1.1. */
function downstreamHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!CONNECTION_HEADERS.has(name) && value !== undefined) out[name] = value
  }
  return out
}

/**
 * Listens with TLS on `listenPort` (loopback only), speaking HTTP/2 (and HTTP/1.1 to clients
 * without it), as a production edge does, and forwards to `http://127.0.0.1:{appPort}`, and
 * `/rio/*` to `http://127.0.0.1:{backendPort}` (see `routeRequest`). WebSocket upgrades (over
 * HTTP/1.1) are tunnelled to the app only.
 */
export function startHttpsProxy(opts: {
  listenPort: number
  appPort: number
  backendPort: number
  keyFile: string
  certFile: string
  /**
   * Shared with the backend (its RIO_LOCAL_FRONT_SECRET): requests to it carry the client's address
   * signed with it, as every client reaches the backend from this front's 127.0.0.1.
   */
  frontSecret?: string
}): Promise<HttpsProxy> {
  const server = http2.createSecureServer(
    { key: fs.readFileSync(opts.keyFile), cert: fs.readFileSync(opts.certFile), allowHTTP1: true },
    (req: http2.Http2ServerRequest | http.IncomingMessage, res: http2.Http2ServerResponse | http.ServerResponse) => {
      const route = routeRequest(req.url ?? '/')
      if (route.to === 'refused') {
        req.resume()
        res.writeHead(route.status, { 'content-type': 'text/plain; charset=utf-8' })
        res.end(route.reason)
        return
      }
      const authority = (req.headers[':authority'] as string | undefined) ?? req.headers.host ?? ''
      const headers = upstreamHeaders(req.headers, authority, bodyOf(req))
      const client = req.socket.remoteAddress
      if (route.to === 'backend' && opts.frontSecret && client) Object.assign(headers, clientAddressHeaders(opts.frontSecret, client))
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: route.to === 'backend' ? opts.backendPort : opts.appPort,
          method: req.method,
          path: route.path,
          headers,
          // One connection per request: nothing one client sends can share a connection with another's.
          agent: false,
        },
        (upRes) => {
          if (route.to === 'app' && isDevMiddlewareJson(route.path, upRes.headers)) return answerDevMiddlewareScript(upRes, res)
          res.writeHead(upRes.statusCode ?? 502, downstreamHeaders(upRes.headers))
          upRes.pipe(res)
        },
      )
      upstream.on('error', (error) => {
        // The server behind is down (stopping, crashed, or an outage being tried): answer like a
        // real gateway would. Mid-answer, the answer is cut off rather than completed with text.
        if (res.headersSent) {
          res.destroy()
          return
        }
        res.writeHead(502, { 'content-type': 'text/plain' })
        res.end(`Bad gateway: ${error.message}`)
      })
      // A client that went away takes its upstream request with it.
      res.on('close', () => upstream.destroy())
      req.pipe(upstream)
    },
  )
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const route = routeRequest(req.url ?? '/')
    if (route.to === 'refused') return refuseUpgrade(socket, route.status, route.reason)
    // The backend serves no socket; a tunnel to it would carry raw bytes past every check above.
    if (route.to === 'backend') return refuseUpgrade(socket, 404, 'The backend takes no WebSocket connections')
    if (!isWebSocketUpgrade(req)) return refuseUpgrade(socket, 400, 'Only WebSocket upgrades are forwarded')
    if (bodyOf(req).hasBody) return refuseUpgrade(socket, 400, 'A WebSocket handshake carries no body')
    const headers = upstreamHeaders(req.headers, req.headers.host ?? '', { hasBody: false, lengthChecked: true })
    tunnelWebSocket({ socket, head }, { port: opts.appPort, path: route.path, headers: { ...headers, connection: 'Upgrade', upgrade: 'websocket' } })
  })
  const sessions = new Set<http2.ServerHttp2Session>()
  server.on('session', (session: http2.ServerHttp2Session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.listenPort, '127.0.0.1', () => {
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            for (const session of sessions) session.destroy()
            for (const socket of sockets) socket.destroy()
          }),
      })
    })
  })
}
