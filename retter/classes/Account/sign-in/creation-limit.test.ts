/**
 * Account creation is throttled per source: one network (one anonymous session or many) starts at
 * most 20 Accounts per clock hour, then gets 429 ACCOUNT_CREATION_LIMIT; other networks, and
 * Accounts that already exist, are unaffected.
 */
import { createBackend, type Backend } from '../../../../rio-local/app'
import { fakeDate } from '../../../../rio-local/test/clock'
import { sessions } from '../../../../rio-local/test/in-process'

const P = 'creation-limit-tests'
let backend: Backend
let anon: string

beforeEach(async () => {
  fakeDate(Date.parse('2026-11-23T09:10:00Z'))
  backend = await createBackend({ projectId: P, storage: 'memory', dev: true })
  anon = await sessions(backend).anonymous()
})
afterEach(async () => {
  await backend.close()
  jest.useRealTimers()
})

async function create(email: string, from: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await backend.handle({ method: 'POST', url: `/${P}/INSTANCE/Account?_token=${anon}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }), remoteAddress: from })
  return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> }
}

test('one source starts 30 Accounts an hour, then gets a clear 429; another network and existing Accounts are unaffected', async () => {
  const statuses: number[] = []
  for (let i = 0; i < 35; i++) statuses.push((await create(`bulk${i}@example.com`, '203.0.113.7')).status)
  expect(statuses.filter((s) => s === 200)).toHaveLength(30)
  expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429])
  // Another address is another source (IPv4 is counted per address, IPv6 per /64).
  expect((await create('one-more@example.com', '203.0.113.8')).status).toBe(200)
  const again = await create('another@example.com', '203.0.113.7')
  expect(again).toMatchObject({ status: 429, body: { code: 'ACCOUNT_CREATION_LIMIT' } })
  expect(String(again.body.message)).toMatch(/^Too many new accounts were started from your network\. You can start one in \d+ minutes?\.$/)
  // An Account that exists is found, not created: no budget needed.
  expect((await create('bulk3@example.com', '203.0.113.7')).status).toBe(200)
})
