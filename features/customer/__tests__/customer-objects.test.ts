/**
 * A change made through the customer's objects is sent only once their live state is set up: the
 * Cloud Firestore emulator corrupts a listener's stream when a write to its document lands while
 * the listener's first snapshot is still being sent, and Firebase then waits 30 to 60 s before it
 * listens again, so a change made at that moment would not show.
 */
import { openCustomerObjects } from '@/features/customer/api/account-api'
import type { RioClient, RioCloudObject } from '@/core/rio/client'
import { SNAPSHOT_FALLBACK_MS } from '@/core/rio/state'
import { emitSnapshot, silenceSnapshots } from '@/test/live-state-double'

function fakeObject(instanceId: string) {
  const call = jest.fn(async () => ({ data: {}, status: 200, statusText: 'OK', headers: {} }))
  const getState = jest.fn(async () => ({ data: { public: {}, private: {}, user: { u: { plan: null } }, role: {} }, status: 200, statusText: 'OK', headers: {} }))
  return { object: { instanceId, call, getState, state: { public: {}, user: {}, role: {} } } as unknown as RioCloudObject, call }
}

async function open() {
  const account = fakeObject('acct_1')
  const aws = fakeObject('aws_1')
  const client = { getCloudObject: async ({ classId }: { classId: string }) => (classId === 'Account' ? account.object : aws.object) }
  const objects = await openCustomerObjects(async () => client as unknown as RioClient, 'a@example.com')
  return { objects, accountCall: account.call }
}

const handlers = { onState: () => undefined, onError: () => undefined }

beforeEach(() => {
  silenceSnapshots()
  jest.useFakeTimers()
})
afterEach(() => jest.useRealTimers())

test('choosing a plan right after subscribing waits for the first snapshot of the Account, then sends', async () => {
  const { objects, accountCall } = await open()
  objects.watch({ account: handlers, aws: handlers })
  const chosen = objects.choosePlan('barista')
  await jest.advanceTimersByTimeAsync(100)
  expect(accountCall).not.toHaveBeenCalled()
  emitSnapshot('acct_1', {}, 'public')
  await jest.advanceTimersByTimeAsync(0)
  expect(accountCall).not.toHaveBeenCalled()
  emitSnapshot('acct_1', { plan: null }, 'user')
  await chosen
  expect(accountCall).toHaveBeenCalledWith({ method: 'selectPlan', body: { planId: 'barista' } })
})

test('other changes wait the same way; once the snapshots are there, changes go at once', async () => {
  const { objects, accountCall } = await open()
  objects.watch({ account: handlers, aws: handlers })
  const paused = objects.changeSubscription({ kind: 'pause', weeks: 2 })
  await jest.advanceTimersByTimeAsync(50)
  expect(accountCall).not.toHaveBeenCalled()
  emitSnapshot('acct_1', {}, 'public')
  emitSnapshot('acct_1', {}, 'user')
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

test('objects nobody watches send at once', async () => {
  const { objects, accountCall } = await open()
  await objects.choosePlan('barista')
  expect(accountCall).toHaveBeenCalledTimes(1)
})
