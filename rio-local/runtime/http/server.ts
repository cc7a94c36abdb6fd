/**
 * node:http adapter of the backend core: our own `Host` names only (421 otherwise), body limit
 * (413), CORS for the app's own origins only (never for `/__dev/*`), one structured log line per request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Backend } from '../../app'
import type { Logger } from '../../logger'
import { allowedHostNames, isAllowedHost } from './allowed-hosts'
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER, trustedClientAddress } from './client-address'
import type { BackendResponse } from '../wire-types'
import { isDevPath } from './dev-path'
import { normaliseTarget } from './request'

/** Bodies above this get 413: it caps the memory one request can take; no call of ours comes near it. */
export const BODY_LIMIT_BYTES = 256 * 1024

export interface ServerOptions {
  port?: number
  host?: string
  logger: Logger
  bodyLimitBytes?: number
  /**
   * Browser origins allowed to read answers (the app's own, e.g. `https://localhost:3000`). Any
   * other origin gets no CORS headers, so a page elsewhere in the developer's browser cannot read
   * codes or tokens. Default: DEFAULT_ALLOWED_ORIGINS.
   */
  allowedOrigins?: readonly string[]
  /**
   * The secret shared with the local TLS front (RIO_LOCAL_FRONT_SECRET): a client address the front
   * signed with it is the request's source; without it the TCP peer always is (./runtime/client-address).
   */
  frontSecret?: string
  /**
   * Further `Host` names to answer besides loopback, the allowed origins' hosts and the listen
   * address (RIO_LOCAL_ALLOWED_HOSTS); any other name gets 421 (./runtime/allowed-hosts).
   */
  allowedHosts?: readonly string[]
}

/** The app origin of `npm run dev` and `npm run start:local` with default ports. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = ['https://localhost:3000']

export interface RunningServer {
  server: Server
  port: number
  /** e.g. `http://127.0.0.1:4000` */
  origin: string
  /** Stops accepting connections, finishes in-flight requests, closes idle sockets. */
  close(): Promise<void>
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        reject(new BodyTooLarge())
        req.removeAllListeners('data')
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** @param target the request target as normaliseTarget gives it */
function corsHeaders(req: IncomingMessage, target: string, allowed: readonly string[]): Record<string, string> {
  const origin = req.headers.origin
  // Vary even when refusing, so a cache never serves one origin's answer to another.
  if (typeof origin !== 'string' || !allowed.includes(origin) || isDevPath(target)) return { vary: 'Origin' }
  const requested = req.headers['access-control-request-headers']
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': typeof requested === 'string' && requested !== '' ? requested : 'content-type, authorization',
    'access-control-max-age': '600',
    vary: 'Origin, Access-Control-Request-Headers',
  }
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers)) {
    // Read once into the source address; handlers never see them.
    if (k === CLIENT_ADDRESS_HEADER || k === CLIENT_ADDRESS_SIGNATURE_HEADER) continue
    if (typeof v === 'string') out[k] = v
    else if (Array.isArray(v)) out[k] = v.join(', ')
  }
  return out
}

function send(res: ServerResponse, reply: BackendResponse, cors: Record<string, string>): number {
  const body = Buffer.from(reply.body, 'utf8')
  // Only this adapter decides CORS: a route's own `Access-Control-*` headers are dropped (they
  // would widen the allowed origins, and a doubled allow-origin makes Chromium fail the request).
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(reply.headers)) {
    const lower = name.toLowerCase()
    if (!lower.startsWith('access-control-') && !(lower in cors)) headers[name] = value
  }
  res.writeHead(reply.status, { ...headers, ...cors, 'content-length': String(body.length) })
  res.end(body)
  return body.length
}

/**
 * Serves `backend` over HTTP on `host:port` (port 0 = ephemeral).
 * @param backend the core from createBackend
 */
export function startServer(backend: Backend, options: ServerOptions): Promise<RunningServer> {
  const limit = options.bodyLimitBytes ?? BODY_LIMIT_BYTES
  const { logger } = options
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS
  const hosts = allowedHostNames(allowedOrigins, options.host, options.allowedHosts)

  const server = createServer((req, res) => {
    const started = process.hrtime.bigint()
    // One form of the path for every decision below and in the backend (dot segments resolved).
    const target = normaliseTarget(req.url ?? '/')
    const cors = corsHeaders(req, target, allowedOrigins)
    const path = target.split('?')[0] ?? '/'
    const finish = (status: number, bytes: number) =>
      logger.info('request', {
        method: req.method,
        // Tokens travel in the query string: never log it.
        path,
        status,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        bytes,
      })

    if (!isAllowedHost(req.headers.host, hosts)) {
      // No CORS headers and no body of ours: a rebound page learns nothing.
      const reply: BackendResponse = {
        status: 421,
        headers: { 'content-type': 'application/json; charset=utf-8', connection: 'close' },
        body: JSON.stringify({ code: 'HOST_NOT_ALLOWED', message: `This backend answers only its own host names, not "${String(req.headers.host ?? '')}" (set RIO_LOCAL_ALLOWED_HOSTS to add one)` }),
      }
      req.resume()
      finish(reply.status, send(res, reply, {}))
      return
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'content-length': '0' })
      res.end()
      finish(204, 0)
      return
    }
    readBody(req, limit)
      .then((body) =>
        backend.handle({
          method: req.method ?? 'GET',
          url: target,
          headers: headersOf(req),
          body: body === '' ? undefined : body,
          // The TCP peer, or the client address the local TLS front signed: never X-Forwarded-For,
          // which is whatever the client wrote.
          remoteAddress: trustedClientAddress(req.headers, options.frontSecret) ?? req.socket.remoteAddress,
        }),
      )
      .then((reply) => finish(reply.status, send(res, reply, cors)))
      .catch((err: unknown) => {
        const tooLarge = err instanceof BodyTooLarge
        const reply: BackendResponse = {
          status: tooLarge ? 413 : 400,
          headers: { 'content-type': 'application/json; charset=utf-8', ...(tooLarge ? { connection: 'close' } : {}) },
          body: JSON.stringify(
            tooLarge
              ? { code: 'PAYLOAD_TOO_LARGE', message: `The request body exceeds ${Math.round(limit / 1024)} KB` }
              : { code: 'BAD_REQUEST', message: 'The request body could not be read' },
          ),
        }
        if (res.headersSent) {
          res.destroy()
          return
        }
        finish(reply.status, send(res, reply, cors))
      })
  })
  server.requestTimeout = 30_000
  server.headersTimeout = 20_000

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      const { port, address } = server.address() as AddressInfo
      resolve({
        server,
        port,
        origin: `http://${address}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeIdleConnections()
          }),
      })
    })
  })
}
