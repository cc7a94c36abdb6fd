/**
 * Setup of every app test (jest project `app`).
 */
import '@testing-library/jest-dom'
import { resetRioForTests } from '@/lib/rio/client'
import { setAppClockOffset } from '@/lib/clock/now'
import { closeBackend, forgetBackend } from './backend'
import { resetFakeStripe } from './fake-stripe'
import { installFirstPaintFallback } from './first-paint'
import { resetLiveStateDouble } from './live-state-double'
import { requestsSettled, trackRequestsInFlight } from './msw/in-flight'
import { server } from './msw/server'
import { setMessagesOutsidePages } from '@/contexts/I18nContext'
import { allMessages } from './i18n'
import { forgetMessageBundles } from '@/lib/i18n/load-bundle'

// Pages and components navigate through next/router; the in-memory mock lets tests assert the URL.
jest.mock('next/router', () => jest.requireActual('next-router-mock'))
// jsdom has no Firestore; snapshots come from the double (see test/live-state-double.ts).
jest.mock('@/lib/rio/snapshots', () => jest.requireActual('./live-state-double'))
// jsdom runs no scripts, so no Stripe.js: the fake confirms against the run's localstripe (test/fake-stripe.ts).
jest.mock('@/lib/payments/stripe/load-stripe', () => jest.requireActual('./fake-stripe'))

// A page test waits up to 5 s for each load it makes (its LOAD): on a shared CI machine two of
// them can outlast jest's default 5 s per test and fail a test whose page did nothing wrong.
jest.setTimeout(20_000)

// "No unhandled promise rejection" is a product rule: any in a test fails that test.
const unhandled: unknown[] = []
// Captured before any test installs fake timers, so the check below never waits on a fake clock.
const realSetTimeout = globalThis.setTimeout
const onUnhandled = (reason: unknown) => { unhandled.push(reason) }
beforeAll(() => { process.on('unhandledRejection', onUnhandled) })
afterAll(() => { process.off('unhandledRejection', onUnhandled) })
afterEach(async () => {
  // Rejections are reported after a macrotask; give them one before checking.
  await new Promise((resolve) => realSetTimeout(resolve, 0))
  const found = unhandled.splice(0)
  if (found.length > 0) throw new Error(`Unhandled promise rejection(s) during this test: ${found.map(String).join('; ')}`)
})

// Components rendered without a page read the whole English catalogue, as an English page would.
setMessagesOutsidePages(allMessages('en'))

// The page's own stylesheet rule for the first paint's parts, which jsdom would not load.
installFirstPaintFallback()

// 'error': a request no handler answers is a bug in the test or the app, never a silent pass.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  trackRequestsInFlight()
})

beforeEach(async () => {
  // The previous test's page is gone, but a request it sent may still be on its way: its answer
  // would land in this test's backend and storage.
  await requestsSettled()
  // Each test starts as a new visitor: fresh backend (made by its first request), no stored session
  // or pending sign-in, no SDK instance yet.
  await forgetBackend()
  window.localStorage.clear()
  window.sessionStorage.clear()
  // And no first paint of a previous test's customer.
  document.documentElement.removeAttribute('data-first-paint')
  document.getElementById('first-paint-view')?.remove()
  resetRioForTests()
  // And the browser's time again: a test may have set the local backend's clock offset.
  setAppClockOffset(0)
  resetLiveStateDouble()
  resetFakeStripe()
  forgetMessageBundles()
})

// Overrides added with server.use() in one test must not leak into the next.
afterEach(() => server.resetHandlers())

afterAll(async () => {
  server.close()
  await closeBackend()
})
