import { waitFor } from '@testing-library/react'
import { useRio } from '@/contexts/RioContext'
import { getRio } from '@/lib/rio/client'
import { watchRequests } from '@/test/msw/watch-requests'
import { renderAppHook, useApp } from '@/test/render'

afterEach(() => jest.restoreAllMocks())

test('under StrictMode (effects run twice) the page still creates one SDK instance', async () => {
  // Every SDK instance is initialised once, and fetches its own anonymous token on first use.
  const sdk = await import('@retter/sdk')
  const init = jest.spyOn((sdk.default as unknown as { prototype: { init(config: object): void } }).prototype, 'init')
  const anonymousTokenRequests = watchRequests(/\/INSTANCE\/ProjectUser/)
  try {
    const { result } = renderAppHook(() => ({ ...useApp(), rio: useRio() }), { strict: true })
    await waitFor(() => expect(result.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), { timeout: 5000 })
    await waitFor(() => expect(result.current.account.plansStatus).toBe('success'))
    expect(result.current.rio.status).toBe('ready')
    expect(result.current.rio.client).toBe(getRio())
    expect(init).toHaveBeenCalledTimes(1)
    expect(anonymousTokenRequests.urls).toHaveLength(1)
  } finally {
    anonymousTokenRequests.stop()
  }
})
