import { ACCOUNT_CLASS, STATIC_INSTANCE_ID } from '@/lib/contract'
import { createRioClient } from '@/lib/rio/client'
import { readRioConfig } from '@/lib/rio/config'
import { resetBackend } from '@/test/backend'

// Only the clock is faked: msw, the SDK's queues and Firebase keep their real timers.
const REAL_TIMERS = ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
  'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval',
  'setTimeout', 'clearTimeout'] as const

afterEach(() => jest.useRealTimers())

test('the SDK refreshes the access token once it is within 30 s of expiry', async () => {
  const start = new Date('2026-03-01T09:00:00Z').getTime()
  jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], now: start })
  await resetBackend({ accessTokenTtlSeconds: 60 })
  const client = await createRioClient(readRioConfig(undefined, window.location.host))
  const plans = await client.getCloudObject({ classId: ACCOUNT_CLASS, instanceId: STATIC_INSTANCE_ID, useLocal: true })
  const first = await client.getCurrentUser()
  expect(first?.exp).toBe(start / 1000 + 60)

  // 31 s left (> 30 s margin): the same token is used.
  jest.setSystemTime(start + 29_000)
  await plans.call({ method: 'getSubscriptionPlans' })
  expect((await client.getCurrentUser())?.exp).toBe(first?.exp)

  // 29 s left (< 30 s margin): a fresh token is fetched before the call.
  jest.setSystemTime(start + 31_000)
  await plans.call({ method: 'getSubscriptionPlans' })
  const refreshed = await client.getCurrentUser()
  expect(refreshed?.exp).toBe(start / 1000 + 31 + 60)
  expect(refreshed?.userId).toBe(first?.userId)
})
