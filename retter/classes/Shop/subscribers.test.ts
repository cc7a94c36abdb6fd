/**
 * Where a price change finds a plan's subscribers, with the Shop, Account and Directory classes run
 * by the local runtime in-process on SQLite (fake `Date`) against localstripe: each Account's
 * customer-directory entry names the plans it is on, and the Shop keeps no list of its own, so the
 * state every Account call reads does not grow with the customers. A Shop stored with the list it
 * kept before still has it read, and each Account leaves it once its entry names its plans; an
 * Account the directory missed announces a recent change at its next request. The stored states of
 * that earlier version are written into the database between two runs of the runtime, as an
 * upgrade finds them; a directory that does not answer is a switch in a composed copy of the project.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend } from '../../../rio-local/app'
import type { TempProject } from '../../../rio-local/test/projects'
import { walkTo } from '../../../rio-local/test/walk'
import { accountClient, type Customer as Who } from '../../../rio-local/test/account-client'
import { fakeDate } from '../../../rio-local/test/clock'
import { call, sessions } from '../../../rio-local/test/in-process'
import { createSqliteStorage } from '../../../rio-local/storage/sqlite'
import type { StoredInstance } from '../../../rio-local/storage/types'
import { directoryShardOf, type DirectoryEntry } from '@retter-shared/BeanBloomSubscription/directory'
import { baristaSubscriber } from '../Account/__tests__/backend'
import { composeWithWrappers } from '../Account/__tests__/project'

const P = 'subscriber-tests'
const OWNER = 'olga@example.com'
const HOME = { name: 'Sam Rivera', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' }

let dir = ''
let current: Backend | undefined
let olga: Who | undefined
let time: ReturnType<typeof fakeDate> | undefined
let seq = 0
let project: TempProject | undefined

// The same project, with a switch that makes the directory's shards fail as an outage would.
const OUTAGE = [
  "import { Data } from '@retter/rdk'",
  "import { setEntry as realSetEntry, subscribersOf as realSubscribersOf } from './index'",
  "const down = () => process.env.TEST_DIRECTORY_DOWN === '1'",
  'export async function subscribersOf(data: Data) {',
  "  if (down()) throw new Error('the directory is down')",
  '  return realSubscribersOf(data as Parameters<typeof realSubscribersOf>[0])',
  '}',
  'export async function setEntry(data: Data) {',
  "  if (down()) throw new Error('the directory is down')",
  '  return realSetEntry(data as Parameters<typeof realSetEntry>[0])',
  '}',
]
beforeAll(() => {
  project = composeWithWrappers(['subscribersOf', 'setEntry'].map((method) => ({
    file: 'classes/Directory/outage.ts', source: OUTAGE,
    template: 'classes/Directory/template.yml', from: `handler: index.${method}`, to: `handler: outage.${method}`,
  })))
})
afterAll(() => {
  project?.remove()
  delete process.env.TEST_DIRECTORY_DOWN
})

const open = async (): Promise<Backend> => {
  current = await createBackend({ projectId: P, storage: { dir }, dev: true, projectDir: project?.dir, projectEnv: { STAFF_EMAILS: OWNER } })
  return current
}
const backend = (): Backend => {
  if (!current) throw new Error('no backend open')
  return current
}
const account = accountClient(backend)

beforeEach(async () => {
  process.env.TEST_DIRECTORY_DOWN = '0'
  time = fakeDate(Date.parse('2026-11-23T09:00:00Z'))
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

/** Runs the delayed calls due until `iso` on the test's clock. */
async function walk(iso: string): Promise<void> {
  if (!time) throw new Error('the clock is made before each test')
  await walkTo(backend(), time, iso)
}
/** The subjects of the price-change e-mails `who` was sent. */
const notices = async (who: Who) => (await account.outbox(who.email)).map((m) => m.subject).filter((subject) => subject.startsWith('The price of'))

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

/** What a test may do to the stored states while the runtime is closed. */
interface Stored {
  read(classId: string, id: string): StoredInstance
  /** Merges `fields` into the instance's private state. */
  setPrivate(classId: string, id: string, fields: Record<string, unknown>): void
  /** Leaves the Account's directory entry as entries were written before they named plans. */
  dropPlans(accountId: string): void
}

/** Closes the runtime, lets `edit` change stored states as an earlier version left them, and opens it again. */
async function storedEarlier(edit: (stored: Stored) => void): Promise<void> {
  await current?.close()
  const storage = createSqliteStorage(dir)
  const read = (classId: string, id: string): StoredInstance => {
    const found = storage.getInstance(P, classId, id)
    if (!found) throw new Error(`no ${classId} ${id}`)
    return found
  }
  const setPrivate = (classId: string, id: string, fields: Record<string, unknown>): void => {
    const instance = read(classId, id)
    storage.commit({ instance: { ...instance, state: { ...instance.state, private: { ...(instance.state.private as object), ...fields } } } })
  }
  try {
    edit({
      read,
      setPrivate,
      dropPlans: (accountId) => {
        const shard = directoryShardOf(accountId)
        const entries = (read('Directory', shard).state.private as { entries: Record<string, DirectoryEntry> }).entries
        const { plans: _plans, ...earlier } = entries[accountId] as DirectoryEntry
        setPrivate('Directory', shard, { entries: { ...entries, [accountId]: earlier } })
      },
    })
  } finally {
    storage.close()
  }
  await open()
}

const shopPrivate = async (): Promise<Record<string, unknown>> => {
  let priv: Record<string, unknown> = {}
  await storedEarlier(({ read }) => {
    priv = read('Shop', 'main').state.private as Record<string, unknown>
  })
  return priv
}

test('a price change tells the plan’s subscribers, found in the directory, each once; the Shop keeps no list of them', async () => {
  const sam = await subscriber('sam')
  const lea = await subscriber('lea')
  // Not told: a customer with no subscription, one on another plan, one who cancelled.
  const kim = await account.signIn(`kim.${process.pid}.${++seq}@example.com`)
  await account.ok(kim, 'setDeliveryAddress', HOME)
  const tom = await subscriber('tom')
  await account.ok(tom, 'selectPlan', { planId: 'taster' })
  const una = await subscriber('una')
  await account.ok(una, 'cancelSubscription', { reason: 'moving' })

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
  await storedEarlier(({ setPrivate, dropPlans }) => {
    setPrivate('Shop', 'main', { subscribers: { [sam.accountId]: ['barista'], [gone]: ['barista'] } })
    setPrivate('Account', sam.accountId, { shopNoted: 'barista', directoryEntry: 'stale' })
    dropPlans(sam.accountId)
  })

  expect((await changePrice(2200)).status).toBe(200)
  expect(await noticesWaiting()).toEqual([sam.accountId, lea.accountId, gone].sort())

  // Sam's next request writes his entry with its plans, then takes him off the Shop's list.
  await account.ok(sam, 'setLocale', { locale: 'de' })
  expect((await shopPrivate()).subscribers).toEqual({ [gone]: ['barista'] })
  await storedEarlier(({ read }) => {
    expect((read('Account', sam.accountId).state.private as { shopNoted?: string }).shopNoted).toBeUndefined()
    const entries = (read('Directory', directoryShardOf(sam.accountId)).state.private as { entries: Record<string, DirectoryEntry> }).entries
    expect(entries[sam.accountId]?.plans).toEqual(['barista'])
  })
  // Lea, on the list too (put there once she asked for the code), deletes her account: the deletion
  // itself takes her off.
  await account.ok(lea, 'requestAccountDeletion', {})
  // The code's e-mail is sent and reported first (a call on her Account that would take her off).
  await walk('2026-11-23T09:05:00Z')
  await storedEarlier(({ read, setPrivate }) => {
    const list = (read('Shop', 'main').state.private as { subscribers: Record<string, string[]> }).subscribers
    setPrivate('Shop', 'main', { subscribers: { ...list, [lea.accountId]: ['barista'] } })
    setPrivate('Account', lea.accountId, { shopNoted: 'barista' })
  })
  const code = (await account.outbox(lea.email)).find((m) => /code to delete/.test(m.subject))?.text.match(/Your code is (\d{6})\./)?.[1]
  await account.ok(lea, 'deleteMyAccount', { code })
  expect((await shopPrivate()).subscribers).toEqual({ [gone]: ['barista'] })

  // The list goes from the Shop's state with its last Account.
  const platform = sessions(backend()).platform()
  expect((await call(backend(), 'POST', `/${P}/CALL/Shop/noteSubscriber/main?_token=${platform}`, { accountId: gone, plans: [] })).status).toBe(200)
  expect(await shopPrivate()).not.toHaveProperty('subscribers')
})

test('when the directory does not answer, the price stays and nobody is told (503)', async () => {
  await subscriber('sam')
  process.env.TEST_DIRECTORY_DOWN = '1'
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    const res = await changePrice(2200)
    expect(res.status).toBe(503)
    expect(res.body.code).toBe('SUBSCRIBERS_UNAVAILABLE')
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[directory\] customers-\d+ answered 500 to subscribersOf$/))
  } finally {
    logged.mockRestore()
  }
  expect(await noticesWaiting()).toEqual([])
  const catalogue = await call<{ plans: Array<{ id: string; amount: number }> }>(backend(), 'POST', `/${P}/CALL/Shop/getCatalogue/main?_token=${owner().token}`, { all: true })
  expect(catalogue.body.plans.find((plan) => plan.id === 'barista')?.amount).toBe(2000)
})

test('an Account the directory did not list announces a recent price change at its next request, once', async () => {
  const sam = await subscriber('sam')
  // Sam's entry as written before entries named plans, and no list in the Shop: the change misses him.
  await storedEarlier(({ setPrivate, dropPlans }) => {
    setPrivate('Account', sam.accountId, { directoryEntry: 'stale' })
    dropPlans(sam.accountId)
  })
  time?.advance(60_000)
  expect((await changePrice(2200)).status).toBe(200)
  expect(await noticesWaiting()).toEqual([])
  await account.ok(sam, 'setLocale', { locale: 'en' })
  await walk('2026-11-23T09:10:00Z')
  expect(await notices(sam)).toEqual(['The price of Barista changes from Wednesday 30 December 2026'])
  await account.ok(sam, 'setLocale', { locale: 'en' })
  await walk('2026-11-23T09:20:00Z')
  expect(await notices(sam)).toHaveLength(1)
})

test('an Account whose directory entry could not be written stays on the Shop’s old list until it is', async () => {
  const sam = await subscriber('sam')
  await storedEarlier(({ setPrivate }) => {
    setPrivate('Shop', 'main', { subscribers: { [sam.accountId]: ['barista'] } })
    setPrivate('Account', sam.accountId, { shopNoted: 'barista', directoryEntry: 'stale' })
  })
  process.env.TEST_DIRECTORY_DOWN = '1'
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    await account.ok(sam, 'setLocale', { locale: 'de' })
  } finally {
    logged.mockRestore()
  }
  expect((await shopPrivate()).subscribers).toEqual({ [sam.accountId]: ['barista'] })
  process.env.TEST_DIRECTORY_DOWN = '0'
  await account.ok(sam, 'setLocale', { locale: 'en' })
  expect(await shopPrivate()).not.toHaveProperty('subscribers')
})
