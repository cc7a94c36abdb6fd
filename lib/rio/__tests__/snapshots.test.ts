/**
 * The browser's snapshot module itself (every other app test swaps it for the double in
 * test/live-state-double.ts): the live state the app shows must come from the object's public
 * state, never from the role or user state the SDK also streams.
 */
import { Subject } from 'rxjs'
import type { RioCloudObject } from '@/lib/rio/client'
import { subscribeLiveState } from '@/lib/rio/state'

jest.mock('@/lib/rio/snapshots', () => jest.requireActual('@/lib/rio/snapshots'))

afterEach(() => jest.useRealTimers())

function sdkObject() {
  const streams = { public: new Subject<Record<string, unknown>>(), user: new Subject<Record<string, unknown>>(), role: new Subject<Record<string, unknown>>() }
  const getState = jest.fn(async () => ({ data: { public: { from: 'getState' }, user: {}, role: {} }, status: 200, statusText: 'OK', headers: {} }))
  const object = { instanceId: 'acct_live', getState, state: streams } as unknown as RioCloudObject
  return { object, streams, getState }
}

test('the live state follows the public state only, and stops when unsubscribed', async () => {
  jest.useFakeTimers()
  const { object, streams, getState } = sdkObject()
  const onState = jest.fn()
  const stop = subscribeLiveState(object, { onState, onError: jest.fn() })

  streams.user.next({ secret: 'user state' })
  streams.role.next({ secret: 'role state' })
  expect(onState).not.toHaveBeenCalled()

  streams.public.next({ email: 'a@b.co', plan: 'p' })
  expect(onState).toHaveBeenCalledTimes(1)
  expect(onState).toHaveBeenLastCalledWith({ email: 'a@b.co', plan: 'p' }, true)

  // The snapshot came in time: no one-off read later.
  await jest.advanceTimersByTimeAsync(10_000)
  expect(getState).not.toHaveBeenCalled()

  stop()
  streams.public.next({ email: 'changed' })
  expect(onState).toHaveBeenCalledTimes(1)
})
