/** The node:http adapter: CORS pre-flights and headers, one structured log line per request, no tokens in logs. */
import { createBackend, type Backend } from './app'
import { createLogger } from './logger'
import { startServer, type RunningServer } from './server'

let backend: Backend
let server: RunningServer
const lines: string[] = []

beforeAll(async () => {
  backend = await createBackend({ projectId: 'server-tests', storage: 'memory' })
  const sink = { write: (line: string) => lines.push(line) }
  server = await startServer(backend, { port: 0, logger: createLogger('info', { out: sink, err: sink }) })
})
afterAll(async () => {
  await server.close()
  await backend.close()
})
beforeEach(() => {
  lines.length = 0
})

test('a pre-flight is answered 204 and echoes the requested headers and origin', async () => {
  const res = await fetch(`${server.origin}/server-tests/CALL/Account/sendOtp/x`, {
    method: 'OPTIONS',
    headers: { origin: 'https://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-custom-thing' },
  })
  expect(res.status).toBe(204)
  expect(res.headers.get('access-control-allow-origin')).toBe('https://localhost:3000')
  expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-custom-thing')
  expect(res.headers.get('access-control-allow-methods')).toContain('POST')
})

test('answers carry CORS headers too, errors included', async () => {
  const res = await fetch(`${server.origin}/server-tests/INSTANCE/Nope`, { method: 'POST', headers: { origin: 'https://localhost:3000' } })
  expect(res.status).toBe(404)
  expect(res.headers.get('access-control-allow-origin')).toBe('https://localhost:3000')
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
})

test('one JSON log line per request, with method, path, status and time, never the query string', async () => {
  const anon = await fetch(`${server.origin}/root/INSTANCE/ProjectUser?projectId=server-tests`)
  const { response } = (await anon.json()) as { response: { accessToken: string } }
  await fetch(`${server.origin}/server-tests/CALL/Account/getSubscriptionPlans/static?_token=${response.accessToken}`)
  expect(lines).toHaveLength(2)
  const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
  expect(entries[1]).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/server-tests/CALL/Account/getSubscriptionPlans/static', status: 200 })
  expect(typeof entries[1]?.ms).toBe('number')
  expect(lines.join('\n')).not.toContain(response.accessToken)
})
