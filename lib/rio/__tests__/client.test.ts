import { loadPlans } from '@/lib/customer/account-api'
import { createRioClient, getRio, initRio, loadRio, resetRioForTests } from '@/lib/rio/client'
import { readRioConfig } from '@/lib/rio/config'
import { localEnv } from './local-env'
import { watchRequests } from '@/test/msw/watch-requests'

describe('the one SDK instance', () => {
  afterEach(() => resetRioForTests())

  test('use before initialization fails with "Retter SDK not initialized."', () => {
    expect(() => getRio()).toThrow('Retter SDK not initialized.')
  })

  test('an instance still loading when the page’s instance is forgotten (a test that ended) never becomes the next one', async () => {
    const config = readRioConfig(localEnv, 'localhost')
    const earlier = initRio(config)
    resetRioForTests()
    await earlier
    expect(() => getRio()).toThrow('Retter SDK not initialized.')
    const next = await initRio(config)
    expect(getRio()).toBe(next)
  })

  test('a second initialization fails with "SDK already initialized."', async () => {
    const config = readRioConfig(localEnv, 'localhost')
    const first = initRio(config)
    expect(() => initRio(config)).toThrow('SDK already initialized.')
    const client = await first
    expect(getRio()).toBe(client)
    expect(() => initRio(config)).toThrow('SDK already initialized.')
  })

  test('loading again (StrictMode runs the provider\'s effect twice) hands back the one instance', async () => {
    const config = readRioConfig(localEnv, 'localhost')
    const first = loadRio(config)
    const second = loadRio(config)
    expect(await second).toBe(await first)
    expect(await loadRio(config)).toBe(getRio())
  })

  test('getRio stays unavailable until the SDK chunk has loaded', async () => {
    const loading = initRio(readRioConfig(localEnv, 'localhost'))
    expect(() => getRio()).toThrow('Retter SDK not initialized.')
    await loading
    expect(() => getRio()).not.toThrow()
  })
})

describe('where and how long the SDK calls Retter', () => {
  afterEach(() => jest.useRealTimers())

  /** The accessor the providers hand the request layer, for a client of its own. */
  const accessorFor = (client: Awaited<ReturnType<typeof createRioClient>>) => () => Promise.resolve(client)

  test.each([
    ['euWest1', 'api.retter.io'],
    ['euWest1Beta', 'test-api.retter.io'],
  ] as const)('region %s sends the calls to *.%s', async (region, domain) => {
    const calls = watchRequests(/./)
    try {
      const client = await createRioClient(readRioConfig({ NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee-local', NEXT_PUBLIC_RIO_REGION: region }))
      await loadPlans(accessorFor(client))
    } finally {
      calls.stop()
    }
    const hosts = new Set(calls.urls.map((url) => new URL(url).host))
    // The project's calls and the session calls (the SDK's "root" project), both on the region's host.
    expect([...hosts].filter((host) => host.endsWith('.retter.io')).sort()).toEqual([`coffee-local.${domain}`, `root.${domain}`])
  })

  // msw answers XMLHttpRequest itself and never runs the XHR's own time-out timer, so a hanging
  // handler cannot show the limit; the SDK's HTTP client (private in its .d.ts) is read instead.
  // That a time-out reaches the customer as TIMEOUT is pinned in errors.test.ts.
  test('the SDK gives up on a call after 30 000 ms (spec: HTTP time-out 30000 ms)', async () => {
    const client = await createRioClient(readRioConfig(localEnv, window.location.host))
    const http = (client as unknown as { http: { axiosInstance: { defaults: { timeout?: number } } } }).http
    expect(http.axiosInstance.defaults.timeout).toBe(30_000)
  })
})
