/** The local stack's TLS front (every mode): what goes to the app, what to the backend, what nowhere. */
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import fs from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'
import os from 'node:os'
import tls from 'node:tls'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { ensureLocalhostCert } from './cert'
import { findFreePort } from './ports'
import { trustedClientAddress } from '../../rio-local/runtime/http/client-address'
import { isDevPath } from '../../rio-local/runtime/http/dev-path'
import { normaliseTarget } from '../../rio-local/runtime/http/request'
import { DEV_MIDDLEWARE_SCRIPT, devMiddlewareScript, routeRequest, startHttpsProxy } from './https-proxy'

test('pages, chunks and data go to the app unchanged', () => {
  for (const target of ['/', '/sign-in?next=%2Faccount', '/_next/static/chunks/a.js', '/rioting', '/account/rio/x']) {
    expect(routeRequest(target)).toEqual({ to: 'app', path: target })
  }
})

test('/rio/* goes to the backend without the prefix, with its query', () => {
  expect(routeRequest('/rio/coffee-local/CALL/Account/getSubscriptionPlans/static?__culture=en-us'))
    .toEqual({ to: 'backend', path: '/coffee-local/CALL/Account/getSubscriptionPlans/static?__culture=en-us' })
  expect(routeRequest('/rio')).toEqual({ to: 'backend', path: '/' })
  expect(routeRequest('/rio/')).toEqual({ to: 'backend', path: '/' })
})

test.each([
  '/rio/__dev/outbox?to=a@example.com',
  '/rio/%5F%5Fdev/outbox',
  '/rio/%5f_DEV/outbox',
  '/rio/__DEV/outbox',
  '/rio//__dev/outbox',
  '/rio/__dev',
  '/rio/x/../__dev/state/Account/a',
])('%s (the backend dev endpoints) is refused with 404', (target) => {
  expect(routeRequest(target)).toMatchObject({ to: 'refused', status: 404 })
})

test('a malformed percent-encoding under /rio is refused with 400, not forwarded', () => {
  expect(routeRequest('/rio/%E0%A4%A/x')).toMatchObject({ to: 'refused', status: 400 })
})

test('routes on the path as the servers behind read it: dot segments resolved', () => {
  expect(routeRequest('/x/../rio/__dev/outbox')).toMatchObject({ to: 'refused', status: 404 })
  expect(routeRequest('/x/../rio/p/CALL/Account/x/static?a=1')).toEqual({ to: 'backend', path: '/p/CALL/Account/x/static?a=1' })
  expect(routeRequest('/rio/../sign-in')).toEqual({ to: 'app', path: '/rio/../sign-in' })
})

test('__dev anywhere but first is an ordinary backend path (the backend serves no dev endpoint there)', () => {
  expect(routeRequest('/rio/p/CALL/Account/__dev/static')).toEqual({ to: 'backend', path: '/p/CALL/Account/__dev/static' })
  expect(routeRequest('/rio/p?next=/__dev/outbox')).toEqual({ to: 'backend', path: '/p?next=/__dev/outbox' })
})

/** A path under /rio as a client may write it: segments of every kind, encodings, dot segments. */
const rioRest = fc.array(
  fc.oneof(
    fc.constantFrom('__dev', '__DEV', '%5F%5Fdev', '%5f_D%45V', '.', '..', '%2e%2E', '', 'p', 'CALL', 'x__dev', '%2F__dev', '__dev_', 'outbox'),
    fc.stringMatching(/^[A-Za-z0-9_%.~-]{0,8}$/),
  ),
  { maxLength: 6 },
).map((segments) => segments.map((segment) => `/${segment}`).join(''))

test('property: /rio/<path> is refused exactly when the backend would serve <path> as a dev endpoint', () => {
  fc.assert(fc.property(rioRest, fc.constantFrom('', '?to=a%40example.com', '?x=/__dev'), (rest, query) => {
    const target = `/rio${rest}${query}`
    const route = routeRequest(target)
    const normalised = normaliseTarget(target)
    if (!normalised.startsWith('/rio/') && !/^\/rio(\?|$)/.test(normalised)) return route.to === 'app'
    if (route.to === 'refused' && route.status === 400) return true
    const dev = isDevPath(normalised.slice('/rio'.length) || '/')
    if (dev) return route.to === 'refused' && route.status === 404
    // What reaches the backend is in the form it reads, and never a dev path.
    return route.to === 'backend' && normaliseTarget(route.path) === route.path && !isDevPath(route.path)
  }), { numRuns: 2000 })
})

describe('over TLS', () => {
  let dir: string
  let app: http.Server
  let backend: http.Server
  let close: () => Promise<void>
  let port: number
  const seen: string[] = []
  const bodies: string[] = []
  /** The client address each request carried, as the backend verifies it. */
  const addresses: string[] = []
  const FRONT_SECRET = 'front-test-secret-Vq8xK2mPz7Lr4Nw9Ta3b'
  /** Each upgrade a server behind received: server, path, forwarded proto, host. */
  const upgrades: string[] = []
  const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

  const listen = (name: string) => new Promise<http.Server>((resolve) => {
    const server = http.createServer((req, res) => {
      seen.push(`${name} ${req.method ?? ''} ${req.url ?? ''} ${req.headers['x-forwarded-proto'] ?? ''}`)
      addresses.push(trustedClientAddress(req.headers, FRONT_SECRET) ?? `untrusted ${String(req.headers['x-rio-client-address'])}`)
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => { body += chunk })
      req.on('end', () => {
        bodies.push(body)
        // As `next dev` answers its middleware script: JSON where the page expects a script.
        if (req.url === DEV_MIDDLEWARE_SCRIPT) {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' })
          res.end('[{"regexp":"^/account$","originalSource":"/account"}]')
          return
        }
        res.writeHead(200, { 'content-type': 'text/plain' })
        res.end(name)
      })
    })
    // A WebSocket endpoint the way `next dev` has one (`/_next/hmr`): it answers the handshake and
    // echoes what arrives. `/declined` answers like a server without a socket there.
    server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => {
      upgrades.push(`${name} ${req.url ?? ''} ${req.headers['x-forwarded-proto'] ?? ''} ${req.headers.host ?? ''}`)
      if (req.url?.startsWith('/declined')) {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: 14\r\nConnection: close\r\n\r\nNo socket here')
        return
      }
      const accept = createHash('sha1').update(`${String(req.headers['sec-websocket-key'])}${WS_GUID}`).digest('base64')
      socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`)
      socket.on('data', (data: Buffer) => {
        if (data.toString('utf8') === 'bye') socket.end()
        else socket.write(`${name} echoes ${data.toString('utf8')}`)
      })
      // As a WebSocket server does: the peer going away ends this side too.
      socket.on('end', () => socket.end())
      socket.on('error', () => socket.destroy())
    })
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
  const get = (target: string) => new Promise<{ status: number; body: string; type?: string }>((resolve, reject) => {
    https.get({ host: '127.0.0.1', port, path: target, rejectUnauthorized: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { body += chunk })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ...(res.headers['content-type'] === 'text/plain' ? {} : { type: res.headers['content-type'] }) }))
    }).on('error', reject)
  })

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'front-'))
    const cert = await ensureLocalhostCert(dir)
    app = await listen('app')
    backend = await listen('backend')
    port = await findFreePort()
    const proxy = await startHttpsProxy({
      listenPort: port,
      appPort: (app.address() as AddressInfo).port,
      backendPort: (backend.address() as AddressInfo).port,
      keyFile: cert.keyFile,
      certFile: cert.certFile,
      frontSecret: FRONT_SECRET,
    })
    close = () => proxy.close()
  })
  afterAll(async () => {
    await close()
    await new Promise((done) => app.close(done))
    await new Promise((done) => backend.close(done))
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('routes each request to its server and refuses the dev endpoints', async () => {
    expect(await get('/sign-in')).toEqual({ status: 200, body: 'app' })
    expect(await get('/rio/p/CALL/Account/x/static?a=1')).toEqual({ status: 200, body: 'backend' })
    expect((await get('/rio/%5F%5Fdev/outbox')).status).toBe(404)
    expect(seen).toEqual(['app GET /sign-in https', 'backend GET /p/CALL/Account/x/static?a=1 https'])
  })

  test("serves next dev's middleware matchers as the script the page loads (nosniff refuses JSON there)", async () => {
    const answer = await get(DEV_MIDDLEWARE_SCRIPT)
    expect(answer.status).toBe(200)
    expect(answer.type).toBe('application/javascript; charset=utf-8')
    // Run as the browser would: it sets the matchers and calls the waiting callback.
    const self: { __MIDDLEWARE_MATCHERS?: unknown; __MIDDLEWARE_MATCHERS_CB?: () => void } = {}
    let called = 0
    self.__MIDDLEWARE_MATCHERS_CB = () => { called += 1 }
    new Function('self', answer.body)(self)
    expect(self.__MIDDLEWARE_MATCHERS).toEqual([{ regexp: '^/account$', originalSource: '/account' }])
    expect(called).toBe(1)
    // No matchers (this app has no middleware), and an answer that is not the matchers.
    expect(devMiddlewareScript('[]')).toBe('self.__MIDDLEWARE_MATCHERS = [];self.__MIDDLEWARE_MATCHERS_CB && self.__MIDDLEWARE_MATCHERS_CB()')
    expect(() => devMiddlewareScript('{"a":1}')).toThrow(/expected a JSON array/)
  })

  test("tells the backend the client's address in a header only the front can sign; what a client wrote there is dropped", async () => {
    const before = addresses.length
    await new Promise<void>((resolve, reject) => {
      https.get({
        host: '127.0.0.1', port, path: '/rio/p/x', rejectUnauthorized: false,
        headers: { 'x-rio-client-address': '203.0.113.9', 'x-rio-client-address-signature': 'f'.repeat(64) },
      }, (res) => { res.resume(); res.on('end', resolve) }).on('error', reject)
    })
    await get('/sign-in')
    // The TLS client is this machine; the app gets no address header at all.
    expect(addresses.slice(before)).toEqual(['127.0.0.1', 'untrusted undefined'])
  })

  test('speaks HTTP/2 to clients that offer it, without HTTP/1.1-only headers', async () => {
    const client = http2.connect(`https://localhost:${port}`, { rejectUnauthorized: false })
    try {
      const answer = await new Promise<{ status: number; body: string; headers: http2.IncomingHttpHeaders }>((resolve, reject) => {
        const stream = client.request({ ':path': '/rio/p/CALL/Account/x/static?b=2', ':method': 'GET' })
        let status = 0
        let headers: http2.IncomingHttpHeaders = {}
        let body = ''
        stream.on('response', (received) => { headers = received; status = Number(received[':status']) })
        stream.setEncoding('utf8')
        stream.on('data', (chunk: string) => { body += chunk })
        stream.on('end', () => resolve({ status, body, headers }))
        stream.on('error', reject)
        stream.end()
      })
      // The app's HTTP/1.1 answers carry `connection: keep-alive`: had it been forwarded, Node's
      // HTTP/2 server would have refused to send the answer at all.
      expect(answer).toMatchObject({ status: 200, body: 'backend' })
      expect(seen.at(-1)).toBe('backend GET /p/CALL/Account/x/static?b=2 https')
    } finally {
      client.close()
    }
  })

  // A request hidden in another request's body must reach the backend as that body, never as a
  // request of its own (it would be a dev request without the proxy's X-Forwarded headers).
  const SMUGGLED = 'GET /__dev/outbox?to=a@example.com HTTP/1.1\r\nHost: x\r\nX-Rio-Dev: 1\r\n\r\n'

  test('a chunked HTTP/1.1 body reaches the backend as a body, not as a second request', async () => {
    const before = seen.length
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] }, () => {
        const chunk = Buffer.byteLength(SMUGGLED).toString(16)
        socket.write(`DELETE /rio/p/x HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk}\r\n${SMUGGLED}\r\n0\r\n\r\n`)
      })
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (data: string) => { text += data })
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(reply).toMatch(/^HTTP\/1\.1 200/)
    // Let a smuggled request, if any, arrive.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen.slice(before)).toEqual(['backend DELETE /p/x https'])
    expect(bodies.at(-1)).toBe(SMUGGLED)
  })

  test('an HTTP/2 body without a length reaches the backend as a body, not as a second request', async () => {
    const before = seen.length
    const client = http2.connect(`https://localhost:${port}`, { rejectUnauthorized: false })
    try {
      const status = await new Promise<number>((resolve, reject) => {
        // Node's client ends a GET with its headers unless told not to.
        const stream = client.request({ ':path': '/rio/p/y', ':method': 'GET' }, { endStream: false })
        let code = 0
        stream.on('response', (received) => { code = Number(received[':status']) })
        stream.on('end', () => resolve(code))
        stream.on('error', reject)
        stream.resume()
        stream.end(SMUGGLED)
      })
      expect(status).toBe(200)
    } finally {
      client.close()
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen.slice(before)).toEqual(['backend GET /p/y https'])
    expect(bodies.at(-1)).toBe(SMUGGLED)
  })

  interface OpenedSocket {
    /** The answer's status line and headers. */
    head: string
    socket: tls.TLSSocket
    /** Resolves with what has arrived past the head once it holds `expected` (or the connection closed). */
    received(expected: string): Promise<string>
    closed: Promise<void>
  }

  /**
   * A WebSocket handshake over TLS and HTTP/1.1, the way a browser opens `next dev`'s hot-reload
   * socket: resolves once the head of the answer has arrived.
   */
  function openSocket(target: string, upgrade = 'websocket'): Promise<OpenedSocket> {
    return new Promise((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] }, () => {
        socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: https://localhost:${port}\r\nUpgrade: ${upgrade}\r\n` +
          'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n')
      })
      let text = ''
      let ended = false
      const waiters: Array<() => void> = []
      const wake = (): void => {
        for (const waiter of waiters.splice(0)) waiter()
      }
      const closed = new Promise<void>((done) => socket.once('close', () => {
        ended = true
        wake()
        done()
      }))
      let headEnd = -1
      socket.on('data', (data: Buffer) => {
        text += data.toString('utf8')
        if (headEnd === -1 && text.includes('\r\n\r\n')) {
          headEnd = text.indexOf('\r\n\r\n')
          const body = (): string => text.slice(headEnd + 4)
          resolve({
            head: text.slice(0, headEnd),
            socket,
            closed,
            received: (expected) => new Promise((done) => {
              const check = (): void => {
                if (body().includes(expected) || ended) done(body())
                else waiters.push(check)
              }
              check()
            }),
          })
        }
        wake()
      })
      socket.on('error', reject)
    })
  }

  test("tunnels a WebSocket to the app (next dev's hot reload): handshake, then bytes both ways", async () => {
    const before = upgrades.length
    const { head, socket, closed, received } = await openSocket('/_next/hmr?id=abc')
    try {
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 101 Switching Protocols')
      // The app's own accept key, for the client's key, passed through unchanged.
      expect(head).toContain('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=')
      socket.write('ping')
      expect(await received('app echoes ping')).toBe('app echoes ping')
      socket.write(' again')
      expect(await received('app echoes  again')).toBe('app echoes pingapp echoes  again')
      expect(upgrades.slice(before)).toEqual([`app /_next/hmr?id=abc https localhost:${port}`])
    } finally {
      socket.end()
    }
    // The client leaving closes the tunnel.
    await closed
  })

  test('the app closing its socket (next dev stopping) closes the client\'s', async () => {
    const { socket, closed } = await openSocket('/_next/hmr')
    socket.write('bye')
    await closed
  })

  test.each([
    ['/rio/p/socket', 404, 'The backend takes no WebSocket connections'],
    ['/rio/__dev/outbox', 404, 'Not found'],
    ['/rio/%5F%5Fdev/tasks', 404, 'Not found'],
  ])('refuses a WebSocket to %s with %i, before any server behind sees it', async (target, status, reason) => {
    const before = upgrades.length
    const { head, received, closed } = await openSocket(target)
    expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`)
    expect(await received(reason)).toBe(reason)
    await closed
    expect(upgrades.slice(before)).toEqual([])
  })

  test('refuses an upgrade to anything but a WebSocket with 400', async () => {
    const before = upgrades.length
    const { head, received, closed } = await openSocket('/_next/hmr', 'h2c')
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    expect(await received('forwarded')).toBe('Only WebSocket upgrades are forwarded')
    await closed
    expect(upgrades.slice(before)).toEqual([])
  })

  test("passes on the app's refusal of a socket, then closes", async () => {
    const { head, received, closed } = await openSocket('/declined')
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found')
    expect(await received('here')).toBe('No socket here')
    await closed
  })

  test('answers 502 when the backend is down (an outage), without taking the app down', async () => {
    await new Promise((done) => backend.close(done))
    const answer = await get('/rio/p/CALL/Account/x/static')
    expect(answer.status).toBe(502)
    expect(await get('/')).toEqual({ status: 200, body: 'app' })
    backend = await listen('backend')
  })
})
