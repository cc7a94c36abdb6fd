/**
 * "Cannot reach the service" goes by itself once the connection is back: the plans load again on
 * the browser's `online` event, and a change that failed offline stops saying so once the
 * connection returns or the service has answered since.
 */
import { act, renderHook, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useChange } from '@/components/subscription/useChange'
import { RioAppError } from '@/lib/rio/errors/app-error'
import { renderRoute } from '@/test/app-harness'
import { server } from '@/test/msw/server'

const plansCall = /\/CALL\/Account\/getSubscriptionPlans\/static/
const LOAD = { timeout: 5000 }
const goOnline = () => act(() => { window.dispatchEvent(new Event('online')) })

test('plans that could not load for want of a connection load on their own when it is back', async () => {
  server.use(http.post(plansCall, () => HttpResponse.error(), { once: true }))
  renderRoute('/')
  const alert = await screen.findByRole('alert', {}, LOAD)
  expect(alert).toHaveTextContent('Cannot reach the service')
  goOnline()
  expect(await screen.findAllByRole('article', {}, LOAD)).toHaveLength(4)
  expect(screen.queryByText(/Cannot reach the service/)).not.toBeInTheDocument()
})

/** Calls `then` the moment an element with role="alert" enters the page, before anything else runs. */
function onAlertShown(then: () => void) {
  const observer = new MutationObserver(() => {
    if (!screen.queryByRole('alert')) return
    observer.disconnect()
    then()
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return observer
}

test('a connection back the instant "Cannot reach the service" shows still brings the plans', async () => {
  server.use(http.post(plansCall, () => HttpResponse.error(), { once: true }))
  // No act(): the event comes from outside React, as the browser's would, right as the message paints.
  const observer = onAlertShown(() => window.dispatchEvent(new Event('online')))
  renderRoute('/')
  try {
    expect(await screen.findAllByRole('article', {}, LOAD)).toHaveLength(4)
  } finally {
    observer.disconnect()
  }
  expect(screen.queryByText(/Cannot reach the service/)).not.toBeInTheDocument()
})

const offline = new RioAppError({ code: 'NETWORK', message: 'Cannot reach the service. Check your connection and try again.' })
const refused = new RioAppError({ code: 'TOO_LATE_TO_CHANGE', message: 'The delivery is already being roasted.' })

async function failedChange(error: RioAppError, fresh: unknown = 1) {
  const send = jest.fn(async () => { throw error })
  const view = renderHook(({ state }) => useChange(send, state), { initialProps: { state: fresh } })
  await act(() => view.result.current.run({ kind: 'skip' }, { message: 'Skipped.' }))
  expect(view.result.current.error?.error.code).toBe(error.code)
  return view
}

test('a change that failed offline stops saying so when the connection is back', async () => {
  const { result } = await failedChange(offline)
  goOnline()
  await waitFor(() => expect(result.current.error).toBeNull())
})

test('a change that failed offline stops saying so once the service has sent new state', async () => {
  const { result, rerender } = await failedChange(offline, { plan: 'barista' })
  rerender({ state: { plan: 'barista', skipped: ['2026-12-02'] } })
  await waitFor(() => expect(result.current.error).toBeNull())
})

test('a refusal is about the change, not the connection: it stays through both', async () => {
  const { result, rerender } = await failedChange(refused, { plan: 'barista' })
  goOnline()
  rerender({ state: { plan: 'barista', skipped: [] } })
  expect(result.current.error?.error).toMatchObject({ code: 'TOO_LATE_TO_CHANGE', message: 'The delivery is already being roasted.' })
})
