import { act, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { awsIdFor } from '@/test/ids'
import type { AppError } from '@/lib/types'
import type { SubscriptionPlan } from '@/lib/contract'
import { SNAPSHOT_FALLBACK_MS } from '@/lib/rio/state'
import { server } from '@/test/msw/server'
import { emitSnapshot, openListenerCount, renderAppHook, signInThroughApp, silenceSnapshots, useApp } from '@/test/render'
import { saveMethodThroughApp } from '@/test/save-card'

function plan(id: string, sortOrder: number): SubscriptionPlan {
  return { id, name: id, description: '', amount: 900, currency: 'EUR', interval: 'delivery', delivery: 'fourWeekly', bags: 1, bagGrams: 250, grinds: ['wholeBean'], roasts: ['roastersChoice'], features: [], sortOrder, recommended: false }
}

const plansCall = /\/CALL\/Account\/getSubscriptionPlans\/static/

// A test that fakes the clock must never leave it faked for the next one, pass or fail.
afterEach(() => jest.useRealTimers())

async function renderWithPlans() {
  const view = renderAppHook(useApp)
  // The file's first call makes the in-process backend (the project's class code loaded, the
  // catalogue read): seconds on a loaded CI machine, so the wait is generous.
  await waitFor(() => expect(view.result.current.account.plansStatus).toBe('success'), { timeout: 15_000 })
  return view
}

const HOME = { name: 'Gus Mol', line1: 'Damrak 1', city: 'Amsterdam', postalCode: '1012 LG', country: 'NL' }

test('plans are loaded for a visitor and sorted by ascending sortOrder', async () => {
  server.use(http.post(plansCall, () => HttpResponse.json([plan('yearly', 30), plan('weekly', 10), plan('monthly', 20), plan('trial', -1)])))
  const { result } = await renderWithPlans()
  expect(result.current.auth.isSignedIn).toBe(false)
  expect(result.current.account.plans.map((p) => p.id)).toEqual(['trial', 'weekly', 'monthly', 'yearly'])
  expect(result.current.account.plansError).toBeNull()
})

test('a failed plans call is an error with a retry that loads them', async () => {
  server.use(http.post(plansCall, () => HttpResponse.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 }), { once: true }))
  const { result } = renderAppHook(useApp)
  await waitFor(() => expect(result.current.account.plansStatus).toBe('error'), { timeout: 5000 })
  expect(result.current.account.plansError).toMatchObject({
    code: 'SERVER_ERROR', status: 500, message: 'The service is having trouble right now. Please try again in a moment.',
  })
  act(() => result.current.account.reloadPlans())
  expect(result.current.account.plansStatus).toBe('loading')
  await waitFor(() => expect(result.current.account.plansStatus).toBe('success'))
  expect(result.current.account.plans.length).toBeGreaterThan(0)
})

test('choosing a plan shows it from the live Account state', async () => {
  const { result } = await renderWithPlans()
  await signInThroughApp(result, 'fay@example.com')
  await waitFor(() => expect(result.current.account.account).not.toBeNull())
  const chosen = result.current.account.plans[1]!
  await act(() => result.current.account.changeSubscription({ kind: 'address', address: HOME }))
  await act(() => saveMethodThroughApp(result.current.account))
  await act(() => result.current.account.choosePlan(chosen.id))
  await waitFor(() => expect(result.current.account.account?.plan).toBe(chosen.id))
  expect(result.current.account.liveUpdates).toBe(true)
})

test('a live snapshot replaces the shown state (e.g. the AWS object changed elsewhere)', async () => {
  const { result } = await renderWithPlans()
  await signInThroughApp(result, 'gus@example.com')
  await waitFor(() => expect(result.current.account.aws).not.toBeNull())
  act(() => emitSnapshot(awsIdFor('gus@example.com'), { email: 'gus@example.com', status: 'ACTIVE', region: 'eu-west-1' }))
  await waitFor(() => expect(result.current.account.aws).toMatchObject({ status: 'ACTIVE', region: 'eu-west-1' }))
})

test(`no snapshot within ${SNAPSHOT_FALLBACK_MS / 1000} s: the state is read once and live updates are off`, async () => {
  expect(SNAPSHOT_FALLBACK_MS).toBe(5000)
  const { result } = await renderWithPlans()
  silenceSnapshots()
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'], advanceTimers: true })
  // The fake clock also moves with real time (the in-process backend needs it), so how far it ran
  // during the sign-in depends on the machine's load: the wait starts somewhere between these two.
  const before = Date.now()
  await signInThroughApp(result, 'hal@example.com')
  const signedIn = Date.now()
  expect(result.current.account.loading).toBe(true)
  let readAt: number | null = null
  while (readAt === null && Date.now() - signedIn < SNAPSHOT_FALLBACK_MS + 2000) {
    await act(async () => { await jest.advanceTimersByTimeAsync(50) })
    if (result.current.account.loading) expect(result.current.account).toMatchObject({ account: null, liveUpdates: true })
    else readAt = Date.now()
  }
  // Not before the wait is over, and read once it is.
  expect(readAt).not.toBeNull()
  expect((readAt ?? 0) - before).toBeGreaterThanOrEqual(SNAPSHOT_FALLBACK_MS)
  expect(result.current.account).toMatchObject({ liveUpdates: false, account: { email: 'hal@example.com' }, aws: { email: 'hal@example.com' } })
  jest.useRealTimers()
  // Without live updates a chosen plan is read back at once.
  const chosen = result.current.account.plans[0]!
  await act(() => result.current.account.changeSubscription({ kind: 'address', address: HOME }))
  await act(() => saveMethodThroughApp(result.current.account))
  await act(() => result.current.account.choosePlan(chosen.id))
  await waitFor(() => expect(result.current.account.account?.plan).toBe(chosen.id))
})

test('signing out unsubscribes the live states', async () => {
  const { result } = await renderWithPlans()
  await signInThroughApp(result, 'ida@example.com')
  await waitFor(() => expect(result.current.account.loading).toBe(false))
  expect(openListenerCount()).toBe(2)
  await act(() => result.current.auth.signOut())
  await waitFor(() => expect(result.current.account.account).toBeNull())
  expect(openListenerCount()).toBe(0)
})

test('a status-570 answer (the account busy with another write) is retried on the specification’s schedule, 3 times in all within 190 ms, and then surfaced', async () => {
  const { result } = await renderWithPlans()
  await signInThroughApp(result, 'jon@example.com')
  await waitFor(() => expect(result.current.account.loading).toBe(false))
  let attempts = 0
  server.use(http.post(/\/CALL\/Account\/selectPlan\//, () => {
    attempts += 1
    return HttpResponse.json({ code: 'BUSY', message: 'Instance is busy' }, { status: 570 })
  }))
  // Only timers are faked: the requests themselves still travel through msw in real time.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] })
  const settle = async () => {
    for (let turn = 0; turn < 30; turn += 1) {
      await act(async () => { await jest.advanceTimersByTimeAsync(0) })
      await new Promise((resolve) => process.nextTick(resolve))
    }
  }
  const advance = async (ms: number) => {
    await act(async () => { await jest.advanceTimersByTimeAsync(ms) })
    await settle()
  }
  const outcome = result.current.account.choosePlan('anything').then(
    () => { throw new Error('expected a rejection') },
    (e: AppError) => e,
  )
  // Our retryConfig is the specification's {delay: 50, count: 3, rate: 1.5}: 3 attempts; the delay
  // is multiplied before each wait, so 75 ms and 112.5 (the browser's setTimeout drops the fraction).
  await settle()
  expect(attempts).toBe(1)
  for (const [retry, wait] of [75, 112.5].entries()) {
    await advance(Math.floor(wait) - 1)
    expect(attempts).toBe(retry + 1)
    await advance(1)
    expect(attempts).toBe(retry + 2)
  }
  await advance(10_000)
  expect(attempts).toBe(3)
  expect(await outcome).toMatchObject({ code: 'BUSY', status: 570, message: 'The service is busy with another change to this account. Please try again.' })
})

test('plans are sorted by sortOrder as numbers, not as text', async () => {
  // As text "100" < "20" < "9"; as numbers 9 < 20 < 100.
  server.use(http.post(plansCall, () => HttpResponse.json([plan('yearly', 100), plan('weekly', 9), plan('monthly', 20)])))
  const { result } = await renderWithPlans()
  expect(result.current.account.plans.map((p) => p.id)).toEqual(['weekly', 'monthly', 'yearly'])
})

test('choosing a plan while signed out is refused with a clear error', async () => {
  const { result } = await renderWithPlans()
  await expect(result.current.account.choosePlan('monthly')).rejects.toMatchObject({ code: 'NOT_SIGNED_IN', message: 'Sign in to choose a plan.' })
})
