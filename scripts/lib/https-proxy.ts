/**
 * The front of the local production stack (`npm run start:local`, the e2e run): TLS for `next start`,
 * which has no HTTPS option, and the `/rio` route to the local backend, the way a production edge
 * puts an API beside the app. Chromium meets the app as customers do: https, minified bundles, no
 * dev overlay, and no local-only routing code in the bundle (Next's own `/rio` rewrite exists only
 * under `next dev`, see next.config.js).
 */
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'

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
 * Listens with TLS on `listenPort` (loopback only) and forwards to `http://127.0.0.1:{appPort}`, and
 * `/rio/*` to `http://127.0.0.1:{backendPort}` (see `routeRequest`).
 */
export function startHttpsProxy(opts: {
  listenPort: number
  appPort: number
  backendPort: number
  keyFile: string
  certFile: string
}): Promise<HttpsProxy> {
  const server = https.createServer(
    { key: fs.readFileSync(opts.keyFile), cert: fs.readFileSync(opts.certFile) },
    (req, res) => {
      const route = routeRequest(req.url ?? '/')
      if (route.to === 'refused') {
        req.resume()
        res.writeHead(route.status, { 'content-type': 'text/plain; charset=utf-8' })
        res.end(route.reason)
        return
      }
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: route.to === 'backend' ? opts.backendPort : opts.appPort,
          method: req.method,
          path: route.path,
          headers: { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-host': req.headers.host ?? '' },
        },
        (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers)
          upRes.pipe(res)
        },
      )
      upstream.on('error', (error) => {
        // The server behind is down (stopping, crashed, or an outage being tried): answer like a
        // real gateway would.
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
        res.end(`Bad gateway: ${error.message}`)
      })
      req.pipe(upstream)
    },
  )
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.listenPort, '127.0.0.1', () => {
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
