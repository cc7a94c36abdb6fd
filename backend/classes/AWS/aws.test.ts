/** The AWS class: one instance per e-mail from body {email}, owner only, public state without secrets. */
import { createBackend, type Backend } from '../../app'
import { call, sessions } from '../../test/in-process'
import { awsIdFor } from '../identity'

const P = 'aws-tests'
let backend: Backend
beforeEach(async () => {
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true, now: () => Date.parse('2026-04-01T12:00:00Z') })
})
afterEach(() => backend.close())

test('the owner gets one AWS object per e-mail, initialised with e-mail, status and region', async () => {
  const { token } = await sessions(backend).customer('Kim@Example.com')
  const created = await call<{ instanceId: string; newInstance: boolean }>(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${token}`, { email: 'kim@example.com' })
  expect(created.body).toMatchObject({ instanceId: awsIdFor('kim@example.com'), newInstance: true })
  const again = await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${token}`, { email: ' KIM@example.com' })
  expect(again.body).toMatchObject({ instanceId: awsIdFor('kim@example.com'), newInstance: false })
  const state = await call<{ public: Record<string, unknown>; private: unknown }>(backend, 'POST', `/${P}/STATE/AWS/${awsIdFor('kim@example.com')}?_token=${token}`)
  expect(state.body.public).toEqual({
    email: 'kim@example.com',
    status: 'active',
    region: 'eu-west-1',
    createdAt: '2026-04-01T12:00:00.000Z',
    resources: { bucket: expect.stringMatching(/^bean-and-bloom-[0-9a-f]{12}$/), storageClass: 'STANDARD', queue: expect.stringMatching(/^orders-/) },
  })
  expect(state.body.private).toEqual({})
  const described = await call(backend, 'POST', `/${P}/CALL/AWS/describe/${awsIdFor('kim@example.com')}?_token=${token}`)
  expect(described.body).toEqual(state.body.public)
})

test('anyone else is refused: no token 401, anonymous 403, another customer 403; nothing is created', async () => {
  const anon = await sessions(backend).anonymous()
  const other = await sessions(backend).customer('lee@example.com')
  expect((await call(backend, 'POST', `/${P}/INSTANCE/AWS`, { email: 'kim@example.com' })).status).toBe(401)
  expect((await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${anon}`, { email: 'kim@example.com' })).status).toBe(403)
  const denied = await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${other.token}`, { email: 'kim@example.com' })
  expect(denied).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: expect.any(String) } })
  // Still nothing there for Kim: her own call creates it.
  const kim = await sessions(backend).customer('kim@example.com')
  const created = await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${kim.token}`, { email: 'kim@example.com' })
  expect(created.body).toMatchObject({ newInstance: true })
  expect((await call(backend, 'POST', `/${P}/STATE/AWS/${awsIdFor('kim@example.com')}?_token=${other.token}`)).status).toBe(403)
  expect((await call(backend, 'POST', `/${P}/LIST/AWS?_token=${anon}`)).status).toBe(403)
})

test('a missing or invalid e-mail is 400 INVALID_EMAIL', async () => {
  const { token } = await sessions(backend).customer('kim@example.com')
  expect((await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${token}`)).body).toMatchObject({ code: 'INVALID_EMAIL' })
  expect((await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${token}`, { email: 'not-an-email' })).status).toBe(400)
})
