/**
 * Local mode: a change made through the customer's objects is sent only once their live state is
 * set up. The Cloud Firestore emulator corrupts a listener's stream when a write to its document
 * lands while the listener's first snapshot is still being sent, and Firebase then waits 30 to 60 s
 * before it listens again, so a change made at that moment would not show. The local wiring holds
 * the calls (lib/rio/live-gate.ts); the request layer is the same in cloud mode, where calls go at
 * once. The snapshots here run through the real lib/rio/snapshots.ts, over observables the test
 * drives, as the SDK's are.
 */
import { openCustomerObjects } from '@/lib/customer/account-api'
import type { RioClient, RioCloudObject } from '@/lib/rio/client'
import { holdCallsUntilLive, LIVE_READY_WAIT_MS } from '@/lib/rio/live-gate'
import { SNAPSHOT_FALLBACK_MS } from '@/lib/rio/state'

jest.unmock('@/lib/rio/snapshots')

type Observer = (value: unknown) => void

/** The part of an RxJS Subject the SDK's state observables offer: subscribe, and (here) emit. */
function subject() {
  const observers = new Set<{ next: Observer }>()
  return {
    subscribe(observer: Observer | { next: Observer }) {
      const entry = typeof observer === 'function' ? { next: observer } : observer
      observers.add(entry)
      return { unsubscribe: () => observers.delete(entry) }
    },
    emit(value: unknown) {
      for (const observer of [...observers]) observer.next(value)
    },
  }
}

function fakeObject(instanceId: string) {
  const call = jest.fn(async () => ({ data: {}, status: 200, statusText: 'OK', headers: {} }))
  const getState = jest.fn(async () => ({ data: { public: {}, private: {}, user: { u: { plan: null } }, role: {} }, status: 200, statusText: 'OK', headers: {} }))
  const state = { public: subject(), user: subject(), role: subject() }
  return { object: { instanceId, call, getState, state } as unknown as RioCloudObject, call, state }
}

/** The customer's objects through a client as local mode makes it (`gated`) or as cloud mode does. */
async function open({ gated = true } = {}) {
  const account = fakeObject('acct_1')
  const aws = fakeObject('aws_1')
  const client = { getCloudObject: async ({ classId }: { classId: string }) => (classId === 'Account' ? account.object : aws.object) } as unknown as RioClient
  if (gated) holdCallsUntilLive(client)
  const objects = await openCustomerObjects(async () => client, 'a@example.com')
  return { objects, accountCall: account.call, accountState: account.state }
}

const handlers = { onState: () => undefined, onError: () => undefined }

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

test('choosing a plan right after subscribing waits for the first snapshot of the Account, then sends', async () => {
  const { objects, accountCall, accountState } = await open()
  objects.watch({ account: handlers, aws: handlers })
  const chosen = objects.choosePlan('barista')
  await jest.advanceTimersByTimeAsync(100)
  expect(accountCall).not.toHaveBeenCalled()
  accountState.public.emit({})
  await jest.advanceTimersByTimeAsync(0)
  expect(accountCall).not.toHaveBeenCalled()
  accountState.user.emit({ plan: null })
  await chosen
  expect(accountCall).toHaveBeenCalledWith({ method: 'selectPlan', body: { planId: 'barista' } })
})

test('other changes wait the same way; once the snapshots are there, changes go at once', async () => {
  const { objects, accountCall, accountState } = await open()
  objects.watch({ account: handlers, aws: handlers })
  const paused = objects.changeSubscription({ kind: 'pause', weeks: 2 })
  await jest.advanceTimersByTimeAsync(50)
  expect(accountCall).not.toHaveBeenCalled()
  accountState.public.emit({})
  accountState.user.emit({})
  await paused
  expect(accountCall).toHaveBeenCalledTimes(1)
  await objects.changeSubscription({ kind: 'skip' })
  expect(accountCall).toHaveBeenCalledTimes(2)
})

test('without any snapshot, a change still goes once the state was read instead (the 5 s fallback)', async () => {
  const { objects, accountCall } = await open()
  objects.watch({ account: handlers, aws: handlers })
  const chosen = objects.choosePlan('barista')
  await jest.advanceTimersByTimeAsync(SNAPSHOT_FALLBACK_MS - 1)
  expect(accountCall).not.toHaveBeenCalled()
  await jest.advanceTimersByTimeAsync(1)
  await chosen
  expect(accountCall).toHaveBeenCalledTimes(1)
})

test('a listener that never settles holds a change for LIVE_READY_WAIT_MS at most', async () => {
  const client = holdCallsUntilLive({ getCloudObject: async () => fakeObject('acct_2').object } as unknown as RioClient)
  const object = await client.getCloudObject({ classId: 'Account' })
  // Subscribed directly, without the snapshot fallback's read: only the bound lets the change go.
  object.state!.public.subscribe(() => undefined)
  let sent = false
  void object.call({ method: 'pause' }).then(() => { sent = true })
  await jest.advanceTimersByTimeAsync(LIVE_READY_WAIT_MS - 1)
  expect(sent).toBe(false)
  await jest.advanceTimersByTimeAsync(1)
  expect(sent).toBe(true)
})

test('objects nobody watches send at once', async () => {
  const { objects, accountCall } = await open()
  await objects.choosePlan('barista')
  expect(accountCall).toHaveBeenCalledTimes(1)
})

test('in cloud mode (no local wiring) a change goes at once, watched or not', async () => {
  const { objects, accountCall } = await open({ gated: false })
  objects.watch({ account: handlers, aws: handlers })
  await objects.choosePlan('barista')
  expect(accountCall).toHaveBeenCalledTimes(1)
})
