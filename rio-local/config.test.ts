/** Env configuration: defaults, and clear messages naming each bad variable. */
import { ConfigError, loadConfig } from './config'

/** Variables of the project, not of the runtime: they change nothing here. */
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
    taskConcurrency: 16,
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

test('a project\'s own settings are not the runtime\'s: no Stripe variable is required or checked (an outside project starts without them)', () => {
  expect(() => loadConfig({})).not.toThrow()
  expect(loadConfig({ STRIPE_API_URL: 'http://192.168.1.20:8420', STRIPE_SECRET_KEY: 'pk_test_123' })).toEqual(loadConfig({}))
})

test('RIO_LOCAL_TASK_CONCURRENCY bounds the instances whose delayed calls run at once (1 to 256, default 16)', () => {
  expect(loadConfig({}).taskConcurrency).toBe(16)
  expect(loadConfig({ RIO_LOCAL_TASK_CONCURRENCY: '4' }).taskConcurrency).toBe(4)
  for (const bad of ['0', '257', '2.5', 'many']) {
    expect(() => loadConfig({ RIO_LOCAL_TASK_CONCURRENCY: bad })).toThrow(`RIO_LOCAL_TASK_CONCURRENCY must be an integer from 1 to 256, got "${bad}"`)
  }
})
