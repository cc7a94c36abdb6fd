/**
 * The AWS class run by the local runtime: one instance per e-mail from body {email}, owner only,
 * public state without secrets or anything that identifies the customer.
 */
import { createBackend, type Backend } from '../../../rio-local/app'
import { fakeDate } from '../../../rio-local/test/clock'
import { awsIdFor, userIdFor } from '../../../rio-local/test/ids'
import { call, sessions } from '../../../rio-local/test/in-process'

const P = 'aws-tests'
let backend: Backend
beforeEach(async () => {
  fakeDate(Date.parse('2026-04-01T12:00:00Z'))
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true })
})
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})

test('the owner gets one AWS object per e-mail: status and region public, e-mail in their user state', async () => {
  const { token } = await sessions(backend).customer('Kim@Example.com')
  const created = await call<{ instanceId: string; newInstance: boolean }>(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${token}`, { email: 'kim@example.com' })
  expect(created.body).toMatchObject({ instanceId: awsIdFor('kim@example.com'), newInstance: true })
  const again = await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${token}`, { email: ' KIM@example.com' })
  expect(again.body).toMatchObject({ instanceId: awsIdFor('kim@example.com'), newInstance: false })
  const state = await call<{ public: Record<string, unknown>; private: unknown; user: unknown }>(backend, 'POST', `/${P}/STATE/AWS/${awsIdFor('kim@example.com')}?_token=${token}`)
  expect(state.body.public).toEqual({
    status: 'active',
    region: 'eu-west-1',
    resources: { bucket: expect.stringMatching(/^bean-and-bloom-[0-9a-f]{12}$/), storageClass: 'STANDARD', queue: expect.stringMatching(/^orders-/) },
  })
  expect(state.body.user).toEqual({ [userIdFor('kim@example.com')]: { email: 'kim@example.com', createdAt: '2026-04-01T12:00:00.000Z' } })
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

test('a missing or invalid e-mail is 400 VALIDATION (the InitBody model)', async () => {
  const { token } = await sessions(backend).customer('kim@example.com')
  expect((await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${token}`)).body).toMatchObject({ code: 'VALIDATION' })
  expect((await call(backend, 'POST', `/${P}/INSTANCE/AWS?_token=${token}`, { email: 'not-an-email' })).status).toBe(400)
})
