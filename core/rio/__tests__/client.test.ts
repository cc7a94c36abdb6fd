import { loadPlans } from '@/features/customer/api/account-api'
import { createRioClient, getRio, initRio, loadRio, resetRioForTests } from '@/core/rio/client'
import { readRioConfig, RioConfigError } from '@/core/rio/config'
import { server } from '@/test/msw/server'

const localEnv = {
  NEXT_PUBLIC_RIO_LOCAL: '1',
  NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee-local',
  NEXT_PUBLIC_FIREBASE_API_KEY: 'local-dev-key',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-coffee-local',
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:4000',
  NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
}

describe('the one SDK instance', () => {
  afterEach(() => resetRioForTests())

  test('use before initialization fails with "Retter SDK not initialized."', () => {
    expect(() => getRio()).toThrow('Retter SDK not initialized.')
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

describe('public configuration', () => {
  test('local mode defaults the SDK url to the page host plus /rio and reads the emulators', () => {
    const config = readRioConfig(localEnv, 'localhost:3000')
    expect(config).toMatchObject({
      local: true, projectId: 'coffee-local', region: 'euWest1', culture: 'en-us', url: 'localhost:3000/rio',
      emulators: { authEmulatorUrl: 'http://127.0.0.1:4000', firestoreHost: '127.0.0.1', firestorePort: 8080 },
    })
  })

  test('cloud mode needs no emulator settings and keeps the region', () => {
    expect(readRioConfig({ NEXT_PUBLIC_RIO_PROJECT_ID: 'abc123', NEXT_PUBLIC_RIO_REGION: 'euWest1Beta' }))
      .toEqual({ local: false, projectId: 'abc123', region: 'euWest1Beta', url: undefined, culture: 'en-us' })
  })

  test.each([
    [{ ...localEnv, NEXT_PUBLIC_RIO_PROJECT_ID: '' }, /NEXT_PUBLIC_RIO_PROJECT_ID is not set/],
    [{ ...localEnv, NEXT_PUBLIC_RIO_REGION: 'usEast1' }, /NEXT_PUBLIC_RIO_REGION must be one of euWest1, euWest1Beta/],
    [{ ...localEnv, NEXT_PUBLIC_RIO_URL: 'https://localhost:3000/rio' }, /NEXT_PUBLIC_RIO_URL must be a host .* without a scheme/],
    [{ ...localEnv, NEXT_PUBLIC_FIREBASE_API_KEY: undefined }, /NEXT_PUBLIC_FIREBASE_API_KEY is not set/],
    [{ ...localEnv, NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST: '127.0.0.1' }, /NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST must be host:port/],
    [{ ...localEnv, NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL: '127.0.0.1:4000' }, /NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_URL must start with http/],
  ])('a bad variable is named in the error (%#)', (env, message) => {
    expect(() => readRioConfig(env, 'localhost')).toThrow(RioConfigError)
    expect(() => readRioConfig(env, 'localhost')).toThrow(message)
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
    const hosts = new Set<string>()
    const onRequest = ({ request }: { request: Request }) => { hosts.add(new URL(request.url).host) }
    server.events.on('request:start', onRequest)
    try {
      const client = await createRioClient(readRioConfig({ NEXT_PUBLIC_RIO_PROJECT_ID: 'coffee-local', NEXT_PUBLIC_RIO_REGION: region }))
      await loadPlans(accessorFor(client))
    } finally {
      server.events.removeListener('request:start', onRequest)
    }
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
