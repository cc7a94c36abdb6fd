/**
 * A small TLS front for `next start`, which has no HTTPS option. The e2e run serves the production
 * build through it so Chromium meets the app as customers do (https, minified bundles, no dev overlay).
 */
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'

export interface HttpsProxy {
  close(): Promise<void>
}

/** Listens with TLS on `listenPort` and forwards every request to `http://127.0.0.1:{targetPort}`. */
export function startHttpsProxy(opts: {
  listenPort: number
  targetPort: number
  keyFile: string
  certFile: string
}): Promise<HttpsProxy> {
  const server = https.createServer(
    { key: fs.readFileSync(opts.keyFile), cert: fs.readFileSync(opts.certFile) },
    (req, res) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: opts.targetPort,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-host': req.headers.host ?? '' },
        },
        (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers)
          upRes.pipe(res)
        },
      )
      upstream.on('error', (error) => {
        // The app server is down (stopping, or crashed): answer like a real gateway would.
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
