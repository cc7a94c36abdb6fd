/**
 * Setup of every app test (jest project `app`).
 */
import '@testing-library/jest-dom'
import { resetRioForTests } from '@/lib/rio/client'
import { closeBackend, resetBackend } from './backend'
import { resetLiveStateDouble } from './live-state-double'
import { server } from './msw/server'

// Pages and components navigate through next/router; the in-memory mock lets tests assert the URL.
jest.mock('next/router', () => jest.requireActual('next-router-mock'))
// jsdom has no Firestore; snapshots come from the double (see test/live-state-double.ts).
jest.mock('@/lib/rio/snapshots', () => jest.requireActual('./live-state-double'))

// 'error': a request no handler answers is a bug in the test or the app, never a silent pass.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

beforeEach(async () => {
  // Each test starts as a new visitor: fresh backend, no stored session, no SDK instance yet.
  await resetBackend()
  window.localStorage.clear()
  resetRioForTests()
  resetLiveStateDouble()
})

// Overrides added with server.use() in one test must not leak into the next.
afterEach(() => server.resetHandlers())

afterAll(async () => {
  server.close()
  await closeBackend()
})
