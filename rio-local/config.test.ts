/** Env configuration: defaults, and clear messages naming each bad variable. */
import fc from 'fast-check'
import { ConfigError, loadConfig } from './config'

/** A real Stripe needs its key; every other test gives one (the defaults are what this is about). */
const KEY = { STRIPE_SECRET_KEY: 'sk_test_config_tests' }

test('defaults match the shared names', () => {
  expect(loadConfig(KEY)).toEqual({
    host: '127.0.0.1',
    port: 4000,
    projectId: 'coffee-local',
    dataDir: '.data',
    storage: 'sqlite',
    dev: false,
    jwtSecret: undefined,
    accessTokenTtlSeconds: 900,
    refreshTokenTtlSeconds: 604_800,
    firebase: { apiKey: 'local-dev-key', projectId: 'demo-coffee-local' },
    firestoreEmulatorHost: '127.0.0.1:8080',
    liveState: true,
    projectDir: undefined,
    logLevel: 'info',
    allowedOrigins: ['https://localhost:3000'],
    allowedHosts: [],
    inboxKey: undefined,
    stripe: {},
  })
})

test('RIO_LOCAL_INBOX_KEY sets the dev inbox key: 32 or more URL-safe characters', () => {
  const key = 'aZ09_-'.repeat(6)
  expect(loadConfig({ ...KEY, RIO_LOCAL_INBOX_KEY: key }).inboxKey).toBe(key)
  expect(() => loadConfig({ RIO_LOCAL_INBOX_KEY: 'short' })).toThrow(/RIO_LOCAL_INBOX_KEY must be at least 32 characters/)
  expect(() => loadConfig({ RIO_LOCAL_INBOX_KEY: `${key}&to=x` })).toThrow(/RIO_LOCAL_INBOX_KEY/)
})

test('RIO_LOCAL_ALLOWED_ORIGINS lists the CORS origins; anything but a bare origin is refused', () => {
  expect(loadConfig({ ...KEY, RIO_LOCAL_ALLOWED_ORIGINS: 'https://localhost:3000, https://localhost:53117' }).allowedOrigins).toEqual([
    'https://localhost:3000',
    'https://localhost:53117',
  ])
  expect(() => loadConfig({ RIO_LOCAL_ALLOWED_ORIGINS: '*' })).toThrow(/RIO_LOCAL_ALLOWED_ORIGINS must list origins/)
  expect(() => loadConfig({ RIO_LOCAL_ALLOWED_ORIGINS: 'https://localhost:3000/app' })).toThrow(/got "https:\/\/localhost:3000\/app"/)
})

test('RIO_LOCAL_LIVE_STATE=0 turns live state off; RIO_LOCAL_PROJECT_DIR names the project', () => {
  expect(loadConfig({ ...KEY, RIO_LOCAL_LIVE_STATE: '0', RIO_LOCAL_PROJECT_DIR: '/srv/my-rio-project' })).toMatchObject({
    liveState: false,
    projectDir: '/srv/my-rio-project',
  })
  expect(() => loadConfig({ RIO_LOCAL_LIVE_STATE: 'off' })).toThrow(/RIO_LOCAL_LIVE_STATE must be 0 or 1/)
})

test('RIO_LOCAL_SMTP_URL sends e-mail to an SMTP server on this machine only', () => {
  expect(loadConfig(KEY).smtpUrl).toBeUndefined()
  expect(loadConfig({ ...KEY, RIO_LOCAL_SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525')
  for (const far of ['smtp://mail.example.com:25', 'smtps://127.0.0.1:465', 'smtp://user:pw@127.0.0.1:25', '127.0.0.1:25']) {
    expect(() => loadConfig({ ...KEY, RIO_LOCAL_SMTP_URL: far })).toThrow(/RIO_LOCAL_SMTP_URL must be an SMTP server on this machine/)
  }
})

test('every invalid variable is reported, by name, at once', () => {
  let error: unknown
  try {
    loadConfig({
      ...KEY,
      RIO_LOCAL_PORT: 'eighty',
      RIO_LOCAL_STORAGE: 'postgres',
      RIO_LOCAL_DEV: 'yes',
      RIO_JWT_SECRET: 'short',
      RIO_ACCESS_TOKEN_TTL_SECONDS: '600',
      RIO_REFRESH_TOKEN_TTL_SECONDS: '60',
      FIRESTORE_EMULATOR_HOST: 'localhost',
      RIO_LOG_LEVEL: 'chatty',
      RIO_LOCAL_PROJECT_ID: 'Root Project',
    })
  } catch (err) {
    error = err
  }
  expect(error).toBeInstanceOf(ConfigError)
  const message = (error as ConfigError).message
  for (const name of ['RIO_LOCAL_PORT', 'RIO_LOCAL_STORAGE', 'RIO_LOCAL_DEV', 'RIO_JWT_SECRET', 'RIO_REFRESH_TOKEN_TTL_SECONDS', 'FIRESTORE_EMULATOR_HOST', 'RIO_LOG_LEVEL', 'RIO_LOCAL_PROJECT_ID']) {
    expect(message).toContain(name)
  }
  expect((error as ConfigError).problems).toHaveLength(8)
})

test('explicit values are taken', () => {
  const secret = 'kq3Z-8vR_t2mWx9LpYc4NfB7hJd0sGe6'
  const config = loadConfig({ ...KEY, RIO_LOCAL_PORT: '0', RIO_LOCAL_STORAGE: 'memory', RIO_LOCAL_DEV: '1', RIO_JWT_SECRET: secret, RIO_LOG_LEVEL: 'debug' })
  expect(config).toMatchObject({ port: 0, storage: 'memory', dev: true, jwtSecret: secret, logLevel: 'debug' })
})

describe('Stripe', () => {
  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env)
      return []
    } catch (err) {
      if (err instanceof ConfigError) return err.problems
      throw err
    }
  }

  test('a real Stripe (no STRIPE_API_URL) without STRIPE_SECRET_KEY is refused, saying what to set and what the local stack does', () => {
    const envs: Array<Record<string, string>> = [{}, { STRIPE_SECRET_KEY: '  ' }, { STRIPE_API_URL: '', STRIPE_SECRET_KEY: '' }]
    for (const env of envs) {
      const problems = problemsOf(env)
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(/^STRIPE_SECRET_KEY is not set: without STRIPE_API_URL class code charges through Stripe itself/)
      expect(problems[0]).toMatch(/set STRIPE_API_URL to localstripe/)
    }
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_51Hx' }).stripe).toEqual({})
  })

  test('STRIPE_API_URL: http on this machine (localstripe) or https; taken as given', () => {
    for (const url of ['http://127.0.0.1:8420', 'http://localhost:12111', 'http://[::1]:8420', 'https://stripe-mock.internal.example', 'https://127.0.0.1:8443/']) {
      expect(loadConfig({ ...KEY, STRIPE_API_URL: url }).stripe).toEqual({ url })
    }
  })

  test('STRIPE_API_URL refused: plain http off this machine, other schemes, no scheme, a path, credentials', () => {
    const cases: Array<[string, RegExp]> = [
      ['http://192.168.1.20:8420', /plain http to "192\.168\.1\.20" would send the secret key unencrypted/],
      ['http://stripe.example.com', /plain http to "stripe\.example\.com"/],
      ['http://127.0.0.1.nip.io:8420', /plain http to "127\.0\.0\.1\.nip\.io"/],
      ['ftp://127.0.0.1:8420', /STRIPE_API_URL must be an http address on this machine .* got "ftp:\/\/127\.0\.0\.1:8420"/],
      ['127.0.0.1:8420', /STRIPE_API_URL must be an http address on this machine/],
      ['localstripe', /got "localstripe"/],
      ['http://127.0.0.1:8420/v1', /scheme, host and port only/],
      ['https://user:secret@stripe.example.com', /scheme, host and port only/],
    ]
    for (const [url, message] of cases) {
      const problems = problemsOf({ ...KEY, STRIPE_API_URL: url })
      expect({ url, problems }).toEqual({ url, problems: [expect.stringMatching(message)] })
    }
  })

  test('any host but loopback over plain http is refused; any loopback port is taken (property)', () => {
    const loopback = fc.constantFrom('127.0.0.1', 'localhost', '[::1]')
    fc.assert(
      fc.property(loopback, fc.integer({ min: 1, max: 65535 }), (host, port) => {
        expect(loadConfig({ ...KEY, STRIPE_API_URL: `http://${host}:${port}` }).stripe.url).toBe(`http://${host}:${port}`)
      }),
    )
    const otherHost = fc.domain().filter((host) => host !== 'localhost')
    fc.assert(
      fc.property(fc.oneof(otherHost, fc.ipV4().filter((ip) => ip !== '127.0.0.1')), (host) => {
        expect(problemsOf({ ...KEY, STRIPE_API_URL: `http://${host}:8420` })).toEqual([expect.stringContaining('would send the secret key unencrypted')])
      }),
    )
  })

  test('the key: a Stripe secret key; with STRIPE_API_URL too, and never a live one sent to a fake Stripe', () => {
    const local = { STRIPE_API_URL: 'http://127.0.0.1:8420' }
    expect(problemsOf(local)).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY is not set: class code needs one for STRIPE_API_URL too/)])
    expect(problemsOf({ ...local, STRIPE_SECRET_KEY: 'sk_live_51Hx' })).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY is a live key, but STRIPE_API_URL points away from Stripe/)])
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_123' })).toEqual([expect.stringMatching(/STRIPE_SECRET_KEY must be a Stripe secret key/)])
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_123' })[0]).not.toContain('pk_test_123')
    expect(loadConfig({ ...local, STRIPE_SECRET_KEY: 'sk_test_local_stack' }).stripe).toEqual({ url: 'http://127.0.0.1:8420' })
  })
})
