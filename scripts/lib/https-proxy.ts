/**
 * The front of the local production stack (`npm run start:local`, the e2e run): TLS and HTTP/2 for
 * `next start`, which has neither, and the `/rio` route to the local backend, the way a production
 * edge serves an app and puts an API beside it. Chromium meets the app as customers do: https, minified bundles, no
 * dev overlay, and no local-only routing code in the bundle (Next's own `/rio` rewrite exists only
 * under `next dev`, see next.config.js).
 */
import fs from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import type { Socket } from 'node:net'
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER, clientAddressHeaders } from '../../rio-local/runtime/client-address'

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
 * Routes a request target: `/rio/...` goes to the backend without the prefix, anything else to the
 * app. The backend's `/__dev/*` endpoints (codes, state writes) are for tools on this machine only:
 * a path with a `__dev` segment, in any letter case or percent-encoding, is refused here (and the
 * backend refuses proxied dev requests as well).
 */
export function routeRequest(target: string): FrontRoute {
  const queryAt = target.indexOf('?')
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt)
  const query = queryAt === -1 ? '' : target.slice(queryAt)
  if (pathname !== BACKEND_PREFIX && !pathname.startsWith(`${BACKEND_PREFIX}/`)) return { to: 'app', path: target }
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return { to: 'refused', status: 400, reason: 'Malformed percent-encoding in the path' }
  }
  if (decoded.toLowerCase().split('/').includes('__dev')) {
    return { to: 'refused', status: 404, reason: 'Not found' }
  }
  const rest = pathname.slice(BACKEND_PREFIX.length)
  return { to: 'backend', path: `${rest.startsWith('/') ? rest : `/${rest}`}${query}` }
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
 * `/rio/*` to `http://127.0.0.1:{backendPort}` (see `routeRequest`).
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
