/**
 * A full disk (SQLite's SQLITE_FULL) never ends the backend: a write fails with a clear 507 and
 * commits nothing, e-mails nobody (class code sends e-mail only after its commit), reads go on, and a mirrored state that cannot be recorded as such is logged and
 * left for the next start instead of rejecting into nowhere (which killed the process).
 */
import { createBackend } from '../../app'
import { silentLogger } from '../../logger'
import type { Storage } from '../../storage/types'
import { call, sessions } from '../../test/in-process'
import { journaledMirror } from './mirror-journal'
import type { StateMirror } from '../wire-types'

const full = { on: false }
const diskFull = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })

jest.mock('../../storage/memory', () => {
  const actual = jest.requireActual<typeof import('../../storage/memory')>('../../storage/memory')
  return {
    ...actual,
    createMemoryStorage: () => {
      const storage = actual.createMemoryStorage()
      const commit = storage.commit.bind(storage)
      storage.commit = (changes) => {
        // The dev outbox (what the SMTP receiver got) is written regardless: the test reads what was sent.
        if (full.on && !changes.outbox) throw diskFull()
        commit(changes)
      }
      return storage
    },
  }
})

afterEach(() => {
  full.on = false
})

test('a state the mirror wrote but storage cannot mark: false and a log line, no unhandled rejection', async () => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  try {
    const storage = { markMirrored: () => { throw diskFull() } } as unknown as Storage
    const mirror: StateMirror = { publish: async () => true, flush: async () => undefined, close: async () => undefined }
    const errors: string[] = []
    const logger = { ...silentLogger, error: (msg: string) => errors.push(msg) }
    const journaled = journaledMirror(mirror, storage, logger)
    const change = { projectId: 'p', classId: 'C', instanceId: 'i', state: { public: {}, private: {}, user: {}, role: {} }, mark: '1.1' }
    await expect(journaled.publish(change)).resolves.toBe(false)
    await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toEqual([])
    expect(errors).toEqual(['could not record a mirrored state'])
  } finally {
    process.off('unhandledRejection', onUnhandled)
  }
})

test('a write on a full disk answers 507 STORAGE_FULL and changes nothing; reads still answer; writes work again once there is room', async () => {
  const backend = await createBackend({ projectId: 'disk-full', storage: 'memory', dev: true })
  try {
    const anon = await sessions(backend).anonymous()
    full.on = true
    const refused = await call(backend, 'POST', `/disk-full/INSTANCE/Account?_token=${anon}`, { email: 'sam@example.com' })
    expect(refused).toMatchObject({ status: 507, body: { code: 'STORAGE_FULL' } })
    expect(String(refused.body.message)).toContain('this change was not made')
    expect((await call(backend, 'GET', '/__health')).status).toBe(200)
    expect((await call(backend, 'GET', '/disk-full/CALL/Account/getSubscriptionPlans/static')).status).toBe(200)
    full.on = false
    expect((await call(backend, 'POST', `/disk-full/INSTANCE/Account?_token=${anon}`, { email: 'sam@example.com' })).status).toBe(200)
  } finally {
    await backend.close()
  }
})

test('a change that cannot be committed e-mails nobody; made once there is room, it is e-mailed once', async () => {
  const backend = await createBackend({ projectId: 'disk-full', storage: 'memory', dev: true })
  try {
    const sam = await sessions(backend).customer('sam@example.com')
    const home = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }
    const change = () => call(backend, 'POST', `/disk-full/CALL/Account/setDeliveryAddress/${sam.accountId}?_token=${sam.token}`, home)
    // Reading the dev outbox first runs every delayed call already due, so an e-mail sent after a commit is there.
    const confirmations = async () => (await call<Array<{ subject: string }>>(backend, 'GET', '/__dev/outbox?to=sam%40example.com&limit=500'))
      .body.filter((m) => m.subject === 'Your delivery address is saved')
    full.on = true
    expect(await change()).toMatchObject({ status: 507, body: { code: 'STORAGE_FULL' } })
    full.on = false
    expect(await confirmations()).toEqual([])
    expect((await change()).status).toBe(200)
    expect(await confirmations()).toHaveLength(1)
  } finally {
    await backend.close()
  }
})
