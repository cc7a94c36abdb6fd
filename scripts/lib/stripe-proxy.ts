/**
 * A counting proxy in front of localstripe, on loopback: the runtime's STRIPE_API_URL points at it,
 * so a benchmark counts the Stripe requests the runtime makes, and a crash test can act at an exact
 * request (kill the runtime after Stripe did something and before the runtime heard of it).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ProxiedRequest {
  method: string
  /** The path without the query, ids replaced by `{id}` (`POST /v1/payment_intents/{id}/confirm`). */
  route: string
  status: number
  /** How many requests of this route have been answered, this one included. */
  nth: number
}

export interface StripeProxy {
  /** `http://127.0.0.1:PORT`: the runtime's STRIPE_API_URL. */
  url: string
  /** Requests answered, all routes. */
  total(): number
  /** Requests answered per route. */
  counts(): Map<string, number>
  close(): Promise<void>
}

/** `/v1/payment_intents/pi_123/confirm` → `/v1/payment_intents/{id}/confirm`. */
export function routeOf(method: string, url: string): string {
  const path = url.split('?')[0] ?? ''
  // An id is a prefix, `_`, and letters and digits with at least one capital or digit (`payment_intents` is none).
  return `${method} ${path.replace(/\/[a-z]+_(?=[a-z]*[A-Z0-9])[A-Za-z0-9]+(?=\/|$)/g, '/{id}')}`
}

/**
 * Starts the proxy to `targetUrl` (localstripe) on 127.0.0.1.
 * @param beforeAnswer awaited after localstripe answered and before the answer is passed on
 */
export async function startStripeProxy(targetUrl: string, beforeAnswer?: (request: ProxiedRequest) => Promise<void> | void): Promise<StripeProxy> {
  const target = new URL(targetUrl)
  // Connections to localstripe are kept and reused, as the runtime's Stripe client and the
  // ceiling's direct load keep theirs: a new one per request costs localstripe (single-threaded) a
  // connection set-up each time, which the runtime's charging rate would then be measured against.
  const agent = new http.Agent({ keepAlive: true })
  const counts = new Map<string, number>()
  let total = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent },
        (answer) => {
          const body: Buffer[] = []
          answer.on('data', (chunk: Buffer) => body.push(chunk))
          answer.on('end', () => {
            const route = routeOf(req.method ?? 'GET', req.url ?? '/')
            const nth = (counts.get(route) ?? 0) + 1
            counts.set(route, nth)
            total++
            Promise.resolve(beforeAnswer?.({ method: req.method ?? 'GET', route, status: answer.statusCode ?? 0, nth }))
              .catch(() => undefined)
              .then(() => {
                if (res.destroyed) return
                res.writeHead(answer.statusCode ?? 502, answer.headers)
                res.end(Buffer.concat(body))
              })
          })
        },
      )
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: `localstripe did not answer: ${error.message}` } }))
      })
      upstream.end(Buffer.concat(chunks))
    })
  })
  // The runtime may be killed mid-request: its broken connections are not the proxy's failure.
  server.on('clientError', (_error, socket) => socket.destroy())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    total: () => total,
    counts: () => new Map(counts),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        agent.destroy()
        server.close(() => resolve())
      }),
  }
}
