/**
 * Where a price change finds a plan's subscribers, with the Shop, Account and Directory classes run
 * by the local runtime in-process on SQLite (fake `Date`) against localstripe: each Account's
 * customer-directory entry names the plans it is on, and the Shop keeps no list of its own, so the
 * state every Account call reads does not grow with the customers. A Shop stored with the list it
 * kept before still has it read, and each Account leaves it once its entry names its plans. The
 * stored states of that earlier version are written into the database between two runs of the
 * runtime, as an upgrade finds them.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend } from '../../../rio-local/app'
import { accountClient, type Customer as Who } from '../../../rio-local/test/account-client'
import { fakeDate } from '../../../rio-local/test/clock'
import { call, sessions } from '../../../rio-local/test/in-process'
import { createSqliteStorage } from '../../../rio-local/storage/sqlite'
import type { StoredInstance } from '../../../rio-local/storage/types'
import { directoryShardOf, type DirectoryEntry } from '@retter-shared/BeanBloomSubscription/directory'
import { baristaSubscriber } from '../Account/__tests__/backend'

const P = 'subscriber-tests'
const OWNER = 'olga@example.com'
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

let dir = ''
let current: Backend | undefined
let olga: Who | undefined
let seq = 0

const open = async (): Promise<Backend> => {
  current = await createBackend({ projectId: P, storage: { dir }, dev: true, projectEnv: { STAFF_EMAILS: OWNER } })
  return current
}
const backend = (): Backend => {
  if (!current) throw new Error('no backend open')
  return current
}
const account = accountClient(backend)

beforeEach(async () => {
  fakeDate(Date.parse('2026-11-23T09:00:00Z'))
  dir = mkdtempSync(join(tmpdir(), 'subscribers-'))
  await open()
  // The owner opens the Shop, as their first visit to the staff pages does.
  olga = await account.signIn(OWNER)
  expect((await call(backend(), 'POST', `/${P}/INSTANCE/Shop/main?_token=${olga.token}`)).status).toBe(200)
})
afterEach(async () => {
  await current?.close()
  current = undefined
  jest.useRealTimers()
  rmSync(dir, { recursive: true, force: true })
})
afterAll(() => {
  delete process.env.STAFF_EMAILS
})

const subscriber = async (name: string): Promise<Who> => baristaSubscriber(account, await account.signIn(`${name}.${process.pid}.${++seq}@example.com`), HOME)

const owner = (): Who => {
  if (!olga) throw new Error('the owner signs in before each test')
  return olga
}
async function changePrice(amountCents: number) {
  return call<{ from?: string; code?: string }>(backend(), 'POST', `/${P}/CALL/Shop/changePrice/main?_token=${owner().token}`, { planId: 'barista', amountCents })
}
/** The Accounts a price notice is waiting for (delayed calls run only when a test walks the clock). */
async function noticesWaiting(): Promise<string[]> {
  const tasks = (await call<Array<{ method: string; instanceId?: string }>>(backend(), 'GET', '/__dev/tasks')).body
  return tasks.filter((task) => task.method === 'priceNotice').map((task) => task.instanceId ?? '').sort()
}

/** Closes the runtime, lets `edit` change stored states as an earlier version left them, and opens it again. */
async function storedEarlier(edit: (read: (classId: string, id: string) => StoredInstance, write: (instance: StoredInstance) => void) => void): Promise<void> {
  await current?.close()
  const storage = createSqliteStorage(dir)
  try {
    edit(
      (classId, id) => {
        const found = storage.getInstance(P, classId, id)
        if (!found) throw new Error(`no ${classId} ${id}`)
        return found
      },
      (instance) => storage.commit({ instance }),
    )
  } finally {
    storage.close()
  }
  await open()
}

const shopPrivate = async (): Promise<Record<string, unknown>> => {
  let priv: Record<string, unknown> = {}
  await storedEarlier((read) => {
    priv = read('Shop', 'main').state.private as Record<string, unknown>
  })
  return priv
}

test('a price change tells the plan’s subscribers, found in the directory, each once; the Shop keeps no list of them', async () => {
  const sam = await subscriber('sam')
  const lea = await subscriber('lea')
  const kim = await account.signIn(`kim.${process.pid}.${++seq}@example.com`)
  await account.ok(kim, 'setDeliveryAddress', HOME)

  const res = await changePrice(2200)
  expect(res.status).toBe(200)
  expect(await noticesWaiting()).toEqual([sam.accountId, lea.accountId].sort())
  // Nothing of the subscribers in the Shop's state, which every Account call reads.
  const shop = await shopPrivate()
  expect(shop.subscribers).toBeUndefined()
  expect(JSON.stringify(shop)).not.toContain(sam.accountId)
})

test('a Shop stored with its old list of subscribers still tells them, and each Account leaves the list once its entry names its plans', async () => {
  const sam = await subscriber('sam')
  const lea = await subscriber('lea')
  const gone = 'a'.repeat(32)
  // As the earlier version left them: the Shop's list names Sam and an Account since closed (no entry
  // anywhere), Sam's directory entry names no plans and his Account remembers telling the Shop.
  await storedEarlier((read, write) => {
    const shop = read('Shop', 'main')
    write({ ...shop, state: { ...shop.state, private: { ...(shop.state.private as object), subscribers: { [sam.accountId]: ['barista'], [gone]: ['barista'] } } } })
    const own = read('Account', sam.accountId)
    write({ ...own, state: { ...own.state, private: { ...(own.state.private as object), shopNoted: 'barista', directoryEntry: 'stale' } } })
    const shard = read('Directory', directoryShardOf(sam.accountId))
    const entries = (shard.state.private as { entries: Record<string, DirectoryEntry> }).entries
    const { plans: _plans, ...earlier } = entries[sam.accountId] as DirectoryEntry
    write({ ...shard, state: { ...shard.state, private: { entries: { ...entries, [sam.accountId]: earlier } } } })
  })

  expect((await changePrice(2200)).status).toBe(200)
  expect(await noticesWaiting()).toEqual([sam.accountId, lea.accountId, gone].sort())

  // Sam's next request writes his entry with its plans, then takes him off the Shop's list.
  await account.ok(sam, 'setLocale', { locale: 'de' })
  expect((await shopPrivate()).subscribers).toEqual({ [gone]: ['barista'] })
  await storedEarlier((read) => {
    expect((read('Account', sam.accountId).state.private as { shopNoted?: string }).shopNoted).toBeUndefined()
    const entries = (read('Directory', directoryShardOf(sam.accountId)).state.private as { entries: Record<string, DirectoryEntry> }).entries
    expect(entries[sam.accountId]?.plans).toEqual(['barista'])
  })
  // The list goes from the Shop's state with its last Account.
  const platform = sessions(backend()).platform()
  expect((await call(backend(), 'POST', `/${P}/CALL/Shop/noteSubscriber/main?_token=${platform}`, { accountId: gone, plans: [] })).status).toBe(200)
  expect(await shopPrivate()).not.toHaveProperty('subscribers')
})

test('when a shard of the directory does not answer, the price stays and nobody is told (503)', async () => {
  const sam = await subscriber('sam')
  // A shard whose state its method cannot read: its search for subscribers fails.
  await storedEarlier((read, write) => {
    const shard = read('Directory', directoryShardOf(sam.accountId))
    const entries = (shard.state.private as { entries: Record<string, unknown> }).entries
    write({ ...shard, state: { ...shard.state, private: { entries: { ...entries, broken: { accountId: 'broken', plans: 5 } } } } })
  })
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  const res = await changePrice(2200)
  expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[directory\] customers-\d+ answered 500 to subscribersOf$/))
  logged.mockRestore()
  expect(res.status).toBe(503)
  expect(res.body.code).toBe('SUBSCRIBERS_UNAVAILABLE')
  expect(await noticesWaiting()).toEqual([])
  const catalogue = await call<{ plans: Array<{ id: string; amount: number }> }>(backend(), 'POST', `/${P}/CALL/Shop/getCatalogue/main?_token=${owner().token}`, { all: true })
  expect(catalogue.body.plans.find((plan) => plan.id === 'barista')?.amount).toBe(2000)
})
