import { waitFor } from '@testing-library/react'
import { useRio } from '@/contexts/RioContext'
import { getRio } from '@/lib/rio/client'
import { server } from '@/test/msw/server'
import { renderAppHook, useApp } from '@/test/render'

afterEach(() => jest.restoreAllMocks())

test('under StrictMode (effects run twice) the page still creates one SDK instance', async () => {
  // Every SDK instance is initialised once, and fetches its own anonymous token on first use.
  const sdk = await import('@retter/sdk')
  const init = jest.spyOn((sdk.default as unknown as { prototype: { init(config: object): void } }).prototype, 'init')
  const anonymousTokenRequests: string[] = []
  const onRequest = ({ request }: { request: Request }) => {
    if (/\/INSTANCE\/ProjectUser/.test(new URL(request.url).pathname)) anonymousTokenRequests.push(request.url)
  }
  server.events.on('request:start', onRequest)
  try {
    const { result } = renderAppHook(() => ({ ...useApp(), rio: useRio() }), { strict: true })
    await waitFor(() => expect(result.current.auth.authStatus).toBe('SIGNED_IN_ANONYM'), { timeout: 5000 })
    await waitFor(() => expect(result.current.account.plansStatus).toBe('success'))
    expect(result.current.rio.status).toBe('ready')
    expect(result.current.rio.client).toBe(getRio())
    expect(init).toHaveBeenCalledTimes(1)
    expect(anonymousTokenRequests).toHaveLength(1)
  } finally {
    server.events.removeListener('request:start', onRequest)
  }
})
