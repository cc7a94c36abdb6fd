/**
 * DNS rebinding: a request under a foreign `Host` name gets nothing, not even with the dev header;
 * our own names (loopback, the app's origin, RIO_LOCAL_ALLOWED_HOSTS) are answered.
 */
import { request } from 'node:http'
import fc from 'fast-check'
import { createBackend, type Backend } from '../../app'
import { silentLogger } from '../../logger'
import { startServer, type RunningServer } from './server'
import { allowedHostNames, isAllowedHost } from './allowed-hosts'

let backend: Backend
let server: RunningServer

beforeAll(async () => {
  backend = await createBackend({ projectId: 'host-tests', storage: 'memory', dev: true })
  server = await startServer(backend, { port: 0, logger: silentLogger, allowedOrigins: ['https://localhost:3000', 'https://shop.test:8443'], allowedHosts: ['lan-box'] })
})
afterAll(async () => {
  await server.close()
  await backend.close()
})

/** GET `path` with exactly this Host header (fetch would not let us set it). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { host, 'x-rio-dev': '1', origin: `http://${host}` } }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('a rebound name cannot read the dev outbox (sign-in codes), whatever headers it sends', async () => {
  for (const host of ['evil.rebind.test', 'evil.rebind.test:4000', 'localhost.evil.test', '127.0.0.1.nip.io']) {
    const res = await getWithHost('/__dev/outbox', host)
    expect(res.status).toBe(421)
    expect(JSON.parse(res.body)).toMatchObject({ code: 'HOST_NOT_ALLOWED' })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  }
})

test('our own names are answered: loopback by name and address, the app origin\'s host, an extra name', async () => {
  for (const host of ['localhost:4000', '127.0.0.1', `127.0.0.1:${server.port}`, '[::1]:4000', 'LOCALHOST', 'shop.test', 'lan-box:4000']) {
    const res = await getWithHost('/__health', host)
    expect({ host, status: res.status }).toEqual({ host, status: 200 })
  }
})

test('only names in the allowed set pass, with or without a port (fast-check)', () => {
  const allowed = allowedHostNames(['https://localhost:3000'], '127.0.0.1')
  fc.assert(fc.property(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })), (name, port) => {
    const host = port === null ? name : `${name}:${port}`
    expect(isAllowedHost(host, allowed)).toBe(allowed.has(name.toLowerCase()))
  }))
  expect(isAllowedHost(undefined, allowed)).toBe(false)
  expect(isAllowedHost('localhost@evil.test', allowed)).toBe(false)
})
