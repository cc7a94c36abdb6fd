/** The node:http adapter: CORS pre-flights and headers, one structured log line per request, no tokens in logs. */
import { createBackend, type Backend } from '../../app'
import { createLogger } from '../../logger'
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

test('a route that sets its own CORS header does not make the server send it twice', async () => {
  // The Firebase Auth routes set a capitalised Access-Control-Allow-Origin; sent beside ours, Chromium
  // sees two values and blocks the answer (this hung every browser sign-in once).
  const withRoute = await createBackend({
    projectId: 'server-tests-cors',
    storage: 'memory',
    extraRoutes: [
      async (req) =>
        req.url.startsWith('/own-cors')
          ? { status: 200, headers: { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' }, body: '{}' }
          : null,
    ],
  })
  const own = await startServer(withRoute, { port: 0, logger: createLogger('silent') })
  try {
    const res = await fetch(`${own.origin}/own-cors`, { headers: { origin: 'https://localhost:3000' } })
    expect(res.status).toBe(200)
    // Duplicated headers would read back joined ("*, https://localhost:3000").
    expect(res.headers.get('access-control-allow-origin')).toBe('https://localhost:3000')
  } finally {
    await own.close()
    await withRoute.close()
  }
})
