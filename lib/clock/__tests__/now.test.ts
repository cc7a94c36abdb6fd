/**
 * The app's clock: the browser's time plus the backend's offset (0 on Retter); a broken offset is
 * refused and changes nothing; subscribers hear of each change; the local backend's clock is read
 * once in local mode only, and a failed read leaves the browser's time.
 */
import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import { appClockOffsetMs, appNow, setAppClockOffset, subscribeAppClock } from '@/lib/clock/now'
import { followBackendClock } from '@/lib/clock/backend-clock'
import type { RioPublicConfig } from '@/lib/rio/config'
import { server } from '@/test/msw/server'

const DAY_MS = 24 * 60 * 60 * 1000
const LOCAL: RioPublicConfig = { local: true, projectId: 'coffee-local', region: 'euWest1', url: 'localhost:3000/rio', culture: 'en-us' }
const RETTER: RioPublicConfig = { local: false, projectId: 'coffee', region: 'euWest1', culture: 'en-us' }

afterEach(() => {
  setAppClockOffset(0)
  jest.restoreAllMocks()
})

test('appNow is the browser clock plus the offset, for any offset', () => {
  fc.assert(fc.property(fc.integer({ min: -400 * DAY_MS, max: 400 * DAY_MS }), (offset) => {
    setAppClockOffset(offset)
    const before = Date.now()
    const now = appNow()
    const after = Date.now()
    return now >= before + offset && now <= after + offset && appClockOffsetMs() === offset
  }))
})

test('without an offset the app clock is the browser clock', () => {
  const before = Date.now()
  const now = appNow()
  expect(now).toBeGreaterThanOrEqual(before)
  expect(now).toBeLessThanOrEqual(Date.now())
})

test('a broken offset is refused and the clock stays', () => {
  setAppClockOffset(DAY_MS)
  for (const bad of [Number.NaN, Infinity, -Infinity]) {
    expect(() => setAppClockOffset(bad)).toThrow(RangeError)
  }
  expect(appClockOffsetMs()).toBe(DAY_MS)
})

test('subscribers hear of each change, once, and not after unsubscribing', () => {
  const heard: number[] = []
  const stop = subscribeAppClock(() => heard.push(appClockOffsetMs()))
  setAppClockOffset(DAY_MS)
  setAppClockOffset(DAY_MS)
  setAppClockOffset(2 * DAY_MS)
  stop()
  setAppClockOffset(3 * DAY_MS)
  expect(heard).toEqual([DAY_MS, 2 * DAY_MS])
})

test('local mode: the backend clock 10 days ahead moves the app clock 10 days ahead', async () => {
  server.use(http.get('https://localhost:3000/rio/__clock', () => {
    const nowMs = Date.now() + 10 * DAY_MS
    return HttpResponse.json({ now: new Date(nowMs).toISOString(), nowMs, offsetMs: 10 * DAY_MS })
  }))
  expect(await followBackendClock(LOCAL)).toBe(true)
  // Measured against this browser's clock, halfway through the request: within the request's time.
  expect(Math.abs(appClockOffsetMs() - 10 * DAY_MS)).toBeLessThan(1000)
  expect(Math.abs(appNow() - (Date.now() + 10 * DAY_MS))).toBeLessThan(1000)
})

test('a browser whose clock already stands at the backend\'s time gets no second shift', async () => {
  // The backend's clock moved 10 days, and so did this browser's (a test installs business time).
  server.use(http.get('https://localhost:3000/rio/__clock', () => HttpResponse.json({ now: new Date().toISOString(), nowMs: Date.now(), offsetMs: 10 * DAY_MS })))
  expect(await followBackendClock(LOCAL)).toBe(true)
  expect(Math.abs(appClockOffsetMs())).toBeLessThan(1000)
})

test('on Retter the backend is never asked: the app uses the browser time', async () => {
  const fetchImpl = jest.fn<Promise<Response>, Parameters<typeof fetch>>()
  expect(await followBackendClock(RETTER, fetchImpl)).toBe(false)
  expect(fetchImpl).not.toHaveBeenCalled()
  expect(appClockOffsetMs()).toBe(0)
})

test('a backend without the clock (404, a wrong answer, no answer) leaves the browser time, with a warning', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(http.get('https://localhost:3000/rio/__clock', () => HttpResponse.json({ code: 'NOT_FOUND' }, { status: 404 })))
  expect(await followBackendClock(LOCAL)).toBe(false)
  server.use(http.get('https://localhost:3000/rio/__clock', () => HttpResponse.json({ nowMs: 'soon' })))
  expect(await followBackendClock(LOCAL)).toBe(false)
  const never = jest.fn((_url: Parameters<typeof fetch>[0], init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))
  }))
  expect(await followBackendClock(LOCAL, never, 20)).toBe(false)
  expect(appClockOffsetMs()).toBe(0)
  expect(warn).toHaveBeenCalledTimes(3)
  expect(warn.mock.calls[0]?.[0]).toMatch(/GET \/__clock answered 404/)
})
