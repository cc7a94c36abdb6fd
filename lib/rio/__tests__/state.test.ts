import type { RioCloudObject } from '@/lib/rio/client'
import { SNAPSHOT_FALLBACK_MS, subscribeLiveState } from '@/lib/rio/state'
import { emitSnapshot, silenceSnapshots } from '@/test/live-state-double'

function fakeObject(instanceId: string, publicState: Record<string, unknown>, opts: { noFirestore?: boolean } = {}) {
  const getState = jest.fn(async () => ({ data: { public: publicState, private: {}, user: {}, role: {} }, status: 200, statusText: 'OK', headers: {} }))
  const object = { instanceId, getState, state: opts.noFirestore ? undefined : { public: {}, user: {}, role: {} } }
  return { object: object as unknown as RioCloudObject, getState }
}

beforeEach(() => {
  silenceSnapshots()
  jest.useFakeTimers()
})
afterEach(() => jest.useRealTimers())

test('no snapshot within 5 s: getState() once, reported as not live; a late snapshot turns live back on', async () => {
  const { object, getState } = fakeObject('acct_1', { email: 'a@b.co' })
  const onState = jest.fn()
  const stop = subscribeLiveState(object, { onState, onError: jest.fn() })

  await jest.advanceTimersByTimeAsync(SNAPSHOT_FALLBACK_MS - 1)
  expect(getState).not.toHaveBeenCalled()
  await jest.advanceTimersByTimeAsync(1)
  expect(getState).toHaveBeenCalledTimes(1)
  expect(onState).toHaveBeenLastCalledWith({ email: 'a@b.co' }, false)

  emitSnapshot('acct_1', { email: 'a@b.co', plan: 'p' })
  expect(onState).toHaveBeenLastCalledWith({ email: 'a@b.co', plan: 'p' }, true)
  await jest.advanceTimersByTimeAsync(60_000)
  expect(getState).toHaveBeenCalledTimes(1)
  stop()
  emitSnapshot('acct_1', { email: 'changed' })
  expect(onState).toHaveBeenCalledTimes(2)
})

test('a snapshot in time cancels the fallback', async () => {
  const { object, getState } = fakeObject('acct_2', {})
  const onState = jest.fn()
  subscribeLiveState(object, { onState, onError: jest.fn() })
  emitSnapshot('acct_2', { email: 'x@y.co' })
  await jest.advanceTimersByTimeAsync(SNAPSHOT_FALLBACK_MS * 2)
  expect(getState).not.toHaveBeenCalled()
  expect(onState).toHaveBeenCalledWith({ email: 'x@y.co' }, true)
})

test('without Firestore the state is read at once; a failed read is reported as an AppError', async () => {
  const { object, getState } = fakeObject('acct_3', { email: 'q@r.co' }, { noFirestore: true })
  const onState = jest.fn()
  subscribeLiveState(object, { onState, onError: jest.fn() })
  await jest.advanceTimersByTimeAsync(0)
  expect(getState).toHaveBeenCalledTimes(1)
  expect(onState).toHaveBeenCalledWith({ email: 'q@r.co' }, false)

  getState.mockRejectedValueOnce({ isAxiosError: true, code: 'ERR_NETWORK', message: 'Network Error' })
  const onError = jest.fn()
  subscribeLiveState(object, { onState: jest.fn(), onError })
  await jest.advanceTimersByTimeAsync(0)
  expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'NETWORK' }))
})
